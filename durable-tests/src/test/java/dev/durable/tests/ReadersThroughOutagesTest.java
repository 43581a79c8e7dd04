package dev.durable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.RunState;
import dev.durable.runtime.StoreException;
import dev.durable.runtime.testing.TestClock;
import dev.durable.tests.support.Await;
import dev.durable.tests.support.CuttableDataSource;
import dev.durable.tests.support.TestDatabase;
import dev.durable.tests.workflows.TalkingWorkflowClient;
import dev.durable.tests.workflows.TalkingWorkflowDurable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Readers of a run's events and streams ({@code RunHandle.getEvent}, {@code readStream}) whose
 * connection to the database fails while they wait: they try again within their patience and
 * give every value once, in order; a stream's reader that gives up says where to resume, and a
 * reader resumes there ({@code readStream(key, type, fromIndex)}). The readers read through an
 * engine of their own, whose database the test cuts off; the run's engine keeps its own.
 */
class ReadersThroughOutagesTest extends OnEachStore {
  /** Longer than any test: what only a wake-up can cut short. */
  private static final Duration LONG = Duration.ofHours(1);
  private static final long SECONDS = 60;

  private DurableEngine writer() {
    return db.engine().clock(clock).pollInterval(LONG).register(new TalkingWorkflowDurable())
        .build();
  }

  private static DurableEngine readerOn(CuttableDataSource database, TestClock clock) {
    return DurableEngine.builder().dataSource(database).discover(false).engineId("reader")
        .clock(clock).pollInterval(LONG).build();
  }

  /**
   * Sends {@code line} to run {@code r} once it waits for it: a signal sent while its turn is
   * under way makes it due at once, but only the next poll (an hour away here) would take it up.
   */
  private static void send(DurableEngine writer, String line) {
    RunHandle<String> run = TalkingWorkflowClient.of(writer).get("r");
    Await.until("the run waits for its signal",
        () -> run.status().run().status() == RunState.SLEEPING);
    TalkingWorkflowClient.of(writer).line("r", line);
  }

  /** Runs {@code work} on a thread named {@code name}, which the cut data source counts. */
  private static <T> CompletableFuture<T> onThread(String name, Supplier<T> work) {
    CompletableFuture<T> done = new CompletableFuture<>();
    Thread thread = new Thread(() -> {
      try {
        done.complete(work.get());
      } catch (Throwable e) {
        done.completeExceptionally(e);
      }
    }, name);
    thread.setDaemon(true);
    thread.start();
    return done;
  }

  /** Reads stream {@code lines} from {@code fromIndex} on thread {@code name}, each into seen. */
  private static CompletableFuture<List<String>> read(
      RunHandle<?> run, String name, long fromIndex, BlockingQueue<String> seen) {
    return onThread(name, () -> {
      List<String> all = new ArrayList<>();
      try (Stream<String> values = run.readStream("lines", String.class, fromIndex)) {
        values.forEach(value -> {
          all.add(value);
          seen.add(value);
        });
      }
      return all;
    });
  }

  @Test
  void readersWaitingForAStreamOrAnEventGoOnThroughACut() throws Exception {
    CuttableDataSource database = new CuttableDataSource(db.jdbcUrl());
    try (DurableEngine writer = writer(); DurableEngine reader = readerOn(database, clock)) {
      writer.start();
      TalkingWorkflowClient.of(writer)
          .start("r", List.of("lines lines", "close lines", "set answer yes"));
      RunHandle<String> run = TalkingWorkflowClient.of(reader).get("r");
      List<BlockingQueue<String>> seen = new ArrayList<>();
      List<CompletableFuture<List<String>>> streams = new ArrayList<>();
      for (int i = 0; i < 3; i++) {
        seen.add(new LinkedBlockingQueue<>());
        streams.add(read(run, "stream-reader-" + i, 0, seen.get(i)));
      }
      CompletableFuture<Optional<String>> answer =
          onThread("event-reader", () -> run.getEvent("answer", String.class, LONG));
      send(writer, "a");
      for (BlockingQueue<String> values : seen) {
        assertEquals("a", values.poll(SECONDS, TimeUnit.SECONDS));
      }

      database.cut();
      send(writer, "b"); // wakes every reader, whose reads are refused
      Await.until("each reader tried again while the database was cut off",
          Duration.ofSeconds(SECONDS), () -> database.refusalsTo("stream-reader-0") >= 2
              && database.refusalsTo("stream-reader-1") >= 2
              && database.refusalsTo("stream-reader-2") >= 2
              && database.refusalsTo("event-reader") >= 2);
      database.restore();

      for (BlockingQueue<String> values : seen) {
        assertEquals("b", values.poll(SECONDS, TimeUnit.SECONDS));
      }
      send(writer, "c");
      send(writer, "end");
      for (CompletableFuture<List<String>> stream : streams) {
        assertEquals(List.of("a", "b", "c"), stream.get(SECONDS, TimeUnit.SECONDS),
            "every value once, in order");
      }
      assertEquals(Optional.of("yes"), answer.get(SECONDS, TimeUnit.SECONDS));
    }
  }

  /**
   * The database ends the connection a reader reads on ({@code pg_terminate_backend}), as a
   * restart or a failover does: the read is held on its connection until the connection is gone.
   */
  @Test
  void aReaderWhoseConnectionTheDatabaseEndsMidReadGoesOn() throws Exception {
    assumeTrue(kind == TestDatabase.Kind.POSTGRESQL, "pg_terminate_backend is PostgreSQL's");
    String application = "durable-reader-" + Long.toHexString(System.nanoTime());
    CuttableDataSource database =
        new CuttableDataSource(db.jdbcUrl() + "&ApplicationName=" + application);
    try (DurableEngine writer = writer(); DurableEngine reader = readerOn(database, clock)) {
      writer.start();
      TalkingWorkflowClient.of(writer)
          .start("r", List.of("lines lines", "close lines", "set answer yes"));
      RunHandle<String> run = TalkingWorkflowClient.of(reader).get("r");
      BlockingQueue<String> seen = new LinkedBlockingQueue<>();
      CompletableFuture<List<String>> stream = read(run, "stream-reader", 0, seen);
      CompletableFuture<Optional<String>> answer =
          onThread("event-reader", () -> run.getEvent("answer", String.class, LONG));
      send(writer, "a");
      assertEquals("a", seen.poll(SECONDS, TimeUnit.SECONDS));

      CuttableDataSource.Hold read = database.holdNext("durable_run_values");
      send(writer, "b");
      Await.until("a reader's read waits on its connection", read::reached);
      assertTrue(db.query("SELECT pg_terminate_backend(pid, 10000) FROM pg_stat_activity"
          + " WHERE application_name = '" + application + "'").size() >= 1);
      read.release();

      assertEquals("b", seen.poll(SECONDS, TimeUnit.SECONDS));
      send(writer, "end");
      assertEquals(List.of("a", "b"), stream.get(SECONDS, TimeUnit.SECONDS));
      assertEquals(Optional.of("yes"), answer.get(SECONDS, TimeUnit.SECONDS));
    }
  }

  /**
   * An event's reader gives up when the database stays away for its whole wait; a stream's reader
   * after five minutes in a row (by its engine's clock), saying the index to resume from, and a
   * reader that resumes there gets the rest.
   */
  @Test
  void readersGiveUpWhenTheDatabaseStaysAwayAndAStreamResumesWhereItStopped() throws Exception {
    CuttableDataSource database = new CuttableDataSource(db.jdbcUrl());
    TestClock readerClock = TestClock.at(clock.instant());
    try (DurableEngine writer = writer(); DurableEngine reader = readerOn(database, readerClock)) {
      writer.start();
      TalkingWorkflowClient.of(writer).start("r", List.of("lines lines", "close lines"));
      RunHandle<String> run = TalkingWorkflowClient.of(reader).get("r");
      BlockingQueue<String> seen = new LinkedBlockingQueue<>();
      CompletableFuture<List<String>> stream = read(run, "stream-reader", 0, seen);
      send(writer, "a");
      assertEquals("a", seen.poll(SECONDS, TimeUnit.SECONDS));

      database.cut();
      StoreException waited = assertThrows(StoreException.class,
          () -> run.getEvent("answer", String.class, Duration.ofMillis(300)));
      assertTrue(waited.getMessage().startsWith("the database stayed unreachable for the whole"
          + " wait (PT0.3S) for event 'answer' of run r; read it again once the database is"
          + " back (the last try: could not read event 'answer' of run r: connection refused"),
          waited.getMessage());
      send(writer, "b");
      Await.until("the stream's reader tried again", Duration.ofSeconds(SECONDS),
          () -> database.refusalsTo("stream-reader") >= 2);
      readerClock.advance(Duration.ofMinutes(5));

      ExecutionException ended =
          assertThrows(ExecutionException.class, () -> stream.get(SECONDS, TimeUnit.SECONDS));
      StoreException gaveUp = assertInstanceOf(StoreException.class, ended.getCause());
      assertTrue(gaveUp.getMessage().startsWith("the database stayed unreachable for 5 minutes,"
          + " longer than a reader of stream 'lines' of run r waits for it; read it again from"
          + " index 1 (readStream(\"lines\", type, 1)) once the database is back"),
          gaveUp.getMessage());

      database.restore();
      CompletableFuture<List<String>> resumed =
          read(run, "resumed-reader", 1, new LinkedBlockingQueue<>());
      send(writer, "c");
      send(writer, "end");
      assertEquals(List.of("b", "c"), resumed.get(SECONDS, TimeUnit.SECONDS));
    }
  }
}
