package dev.durable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.HistoryEvent;
import dev.durable.runtime.RunCancelledException;
import dev.durable.runtime.RunFailedException;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.RunState;
import dev.durable.runtime.UnknownRunException;
import dev.durable.runtime.codec.PayloadException;
import dev.durable.tests.support.Await;
import dev.durable.tests.support.EngineProcess;
import dev.durable.tests.support.TalkChild;
import dev.durable.tests.support.TestDatabase;
import dev.durable.tests.workflows.TalkingWorkflowClient;
import dev.durable.tests.workflows.TalkingWorkflowDurable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Runs that talk back: events ({@code ctx.setEvent}, {@code RunHandle.getEvent}) and streams
 * ({@code ctx.writeStream}, {@code ctx.closeStream}, {@code RunHandle.readStream}), written once
 * at their positions, read from any engine or process, woken by the writes themselves (the engines
 * here poll once an hour: a reader that relied on a poll would not see a value within the test),
 * except where poll-only engines read again every poll interval.
 */
class EventsAndStreamsTest extends OnEachStore {
  /** Longer than any test: what only a wake-up can cut short. */
  private static final Duration LONG = Duration.ofHours(1);
  private static final long SECONDS = 60;

  private DurableEngine.Builder engine() {
    return db.engine().clock(clock).maxPayloadBytes(2_000)
        .register(new TalkingWorkflowDurable());
  }

  private static TalkingWorkflowClient talk(DurableEngine engine) {
    return TalkingWorkflowClient.of(engine);
  }

  /**
   * Waits until the run waits for a signal: a signal sent while its turn is under way makes it due
   * at once, but only the next poll (an hour away here) would take it up.
   */
  private static void awaitSleeping(RunHandle<?> run) {
    Await.until("the run waits for its signal",
        () -> run.status().run().status() == RunState.SLEEPING);
  }

  /** The rows of the run's values, in order: kind, key, position, value. */
  private List<List<Object>> values(String runId) {
    return db.query("SELECT kind, name, seq, payload FROM durable_run_values WHERE run_id = '"
        + runId + "' ORDER BY id");
  }

  @Test
  void anEventReadsAsItsLatestValueAndAStreamAsEveryValueInOrder() {
    try (DurableEngine engine = engine().build()) {
      RunHandle<String> run = talk(engine).start("r", List.of("num progress 1",
          "write tokens hello", "num progress 2", "many tokens 250", "close tokens",
          "num progress 3"));
      engine.tick();
      assertEquals("done", run.await(WAIT));

      assertEquals(Optional.of(3), run.getEvent("progress", Integer.class, Duration.ZERO));
      assertEquals(Optional.empty(), run.getEvent("unset", Integer.class, Duration.ZERO));
      List<String> expected = new ArrayList<>(List.of("HELLO"));
      for (int i = 0; i < 250; i++) {
        expected.add("v" + i);
      }
      try (Stream<String> tokens = run.readStream("tokens", String.class)) {
        assertEquals(expected, tokens.toList(), "every value, in order, over several reads");
      }
      try (Stream<String> again = run.readStream("tokens", String.class)) {
        assertEquals(expected, again.toList(), "each reader from the first value");
      }
      try (Stream<String> none = run.readStream("unwritten", String.class)) {
        assertEquals(List.of(), none.toList(), "the run completed: a stream it never wrote ends");
      }
      assertEquals(3 + 251 + 1, values("r").size(), "each call wrote one row");
    }
  }

  @Test
  void aReaderWaitingForAnEventIsWokenByTheWrite() throws Exception {
    try (DurableEngine engine = engine().pollInterval(LONG).build()) {
      engine.start();
      RunHandle<String> run = talk(engine).start("r", List.of("wait", "set answer yes"));
      CompletableFuture<Optional<String>> answer =
          CompletableFuture.supplyAsync(() -> run.getEvent("answer", String.class, LONG));
      awaitSleeping(run);

      talk(engine).line(run.id(), "go");

      assertEquals(Optional.of("yes"), answer.get(SECONDS, TimeUnit.SECONDS));
      assertEquals("done", run.await(WAIT));
    }
  }

  @Test
  void aReaderGetsEachValueAsItIsWrittenUntilTheStreamIsClosed() throws Exception {
    try (DurableEngine engine = engine().pollInterval(LONG).build()) {
      engine.start();
      RunHandle<String> run = talk(engine).start("r", List.of("lines lines", "close lines"));
      BlockingQueue<String> seen = new LinkedBlockingQueue<>();
      CompletableFuture<Void> reading = read(run, "lines", seen);

      for (String line : List.of("a", "b", "c")) {
        awaitSleeping(run); // once a value is seen, the commit that wrote it suspended the run
        talk(engine).line(run.id(), line);
        assertEquals(line, seen.poll(SECONDS, TimeUnit.SECONDS), "each value as it comes");
        assertEquals(Optional.of(line), run.getEvent("last", String.class, Duration.ZERO));
      }
      talk(engine).line(run.id(), "end");

      reading.get(SECONDS, TimeUnit.SECONDS); // the stream ended at its close
      assertEquals("done", run.await(WAIT));
      assertTrue(seen.isEmpty());
    }
  }

  /** Reads stream {@code key} of {@code run} on a thread of its own into {@code seen}. */
  private static CompletableFuture<Void> read(
      RunHandle<?> run, String key, BlockingQueue<String> seen) {
    return CompletableFuture.runAsync(() -> {
      try (Stream<String> values = run.readStream(key, String.class)) {
        values.forEach(seen::add);
      }
    });
  }

  @Test
  void theStreamOfAFailedRunEndsWithTheRunsError() throws Exception {
    try (DurableEngine engine = engine().pollInterval(LONG).build()) {
      engine.start();
      RunHandle<String> run = talk(engine).start("r", List.of("write s one", "wait", "fail"));
      BlockingQueue<String> seen = new LinkedBlockingQueue<>();
      CompletableFuture<Void> reading = read(run, "s", seen);
      assertEquals("ONE", seen.poll(SECONDS, TimeUnit.SECONDS));
      awaitSleeping(run);

      talk(engine).line(run.id(), "go");

      ExecutionException ended =
          assertThrows(ExecutionException.class, () -> reading.get(SECONDS, TimeUnit.SECONDS));
      RunFailedException failed = assertInstanceOf(RunFailedException.class, ended.getCause());
      assertEquals("talk_failed", failed.code());
      // a reader that comes later gets the values, then the same end
      Iterator<String> later = run.readStream("s", String.class).iterator();
      assertEquals("ONE", later.next());
      assertEquals("talk_failed",
          assertThrows(RunFailedException.class, later::hasNext).code());
    }
  }

  @Test
  void cancellingTheRunEndsItsStreamsAndItsReadersWaits() throws Exception {
    try (DurableEngine engine = engine().pollInterval(LONG).build()) {
      engine.start();
      RunHandle<String> run = talk(engine).start("r", List.of("write s one", "wait"));
      BlockingQueue<String> seen = new LinkedBlockingQueue<>();
      CompletableFuture<Void> reading = read(run, "s", seen);
      CompletableFuture<Optional<String>> never =
          CompletableFuture.supplyAsync(() -> run.getEvent("never", String.class, LONG));
      assertEquals("ONE", seen.poll(SECONDS, TimeUnit.SECONDS));

      engine.cancel(run.id());

      ExecutionException ended =
          assertThrows(ExecutionException.class, () -> reading.get(SECONDS, TimeUnit.SECONDS));
      assertInstanceOf(RunCancelledException.class, ended.getCause());
      assertEquals(Optional.empty(), never.get(SECONDS, TimeUnit.SECONDS),
          "the run ended without setting it: no wait for the rest of an hour");
    }
  }

  @Test
  void eventsAndStreamsSurviveARestartAndAReplayWritesNothingAgain() {
    RunHandle<String> run;
    try (DurableEngine first = engine().build()) {
      run = talk(first).start("r", List.of("num progress 1", "write s one", "wait",
          "num progress 2", "write s two", "close s"));
      first.tick(); // up to the wait for a signal
      assertEquals(Optional.of(1), run.getEvent("progress", Integer.class, Duration.ZERO));
    }
    try (DurableEngine second = engine().build()) {
      RunHandle<String> again = talk(second).get(run.id());
      assertEquals(Optional.of(1), again.getEvent("progress", Integer.class, Duration.ZERO));
      talk(second).line(run.id(), "go");
      second.tick(); // replays the first calls, then goes on

      assertEquals("done", again.await(WAIT));
      assertEquals(Optional.of(2), again.getEvent("progress", Integer.class, Duration.ZERO));
      assertEquals(List.of("ONE", "TWO"), again.readStream("s", String.class).toList());
    }
    assertEquals(List.of(
        List.of("EVENT", "progress", 0, "1"), List.of("STREAM", "s", 2, "\"ONE\""),
        List.of("EVENT", "progress", 4, "2"), List.of("STREAM", "s", 6, "\"TWO\""),
        java.util.Arrays.asList("STREAM", "s", 7, null)), values("r"));
  }

  @Test
  void anotherEngineOnTheDatabaseReadsAsTheRunWrites() throws Exception {
    try (DurableEngine writer = engine().pollInterval(LONG).build();
        DurableEngine reader = db.engine().engineId("reader").pollInterval(LONG).build()) {
      readsAsTheRunWrites(writer, reader);
    }
  }

  /**
   * Poll-only engines (a pooler in transaction mode) send and listen for nothing: a reader in one
   * engine sees what a run in another writes by reading again every poll interval, and the run
   * takes the reader's signals up at its engine's poll.
   */
  @Test
  void aPollOnlyReaderReadsWhatAnotherEngineWritesAtItsPolls() throws Exception {
    assumeTrue(kind == TestDatabase.Kind.POSTGRESQL,
        "poll-only is PostgreSQL's: on H2 one process owns the database and wakes its readers");
    Duration poll = Duration.ofMillis(100);
    try (DurableEngine writer = engine().pollOnly(true).pollInterval(poll).build();
        DurableEngine reader =
            db.engine().engineId("reader").pollOnly(true).pollInterval(poll).build()) {
      readsAsTheRunWrites(writer, reader);
    }
  }

  /**
   * Run {@code r}, executed by {@code writer}, writes each line that {@code reader} signals to
   * its stream and event; the reader sees each line, the stream's close and the run's result. Each
   * line is sent once the run waits for it (see {@link #awaitSleeping}).
   */
  private void readsAsTheRunWrites(DurableEngine writer, DurableEngine reader) throws Exception {
    writer.start();
    talk(writer).start("r", List.of("lines lines", "close lines"));
    RunHandle<String> run = talk(reader).get("r");
    BlockingQueue<String> seen = new LinkedBlockingQueue<>();
    CompletableFuture<Void> reading = read(run, "lines", seen);
    CompletableFuture<Optional<String>> first =
        CompletableFuture.supplyAsync(() -> run.getEvent("last", String.class, LONG));

    awaitSleeping(run);
    talk(reader).line("r", "a");
    assertEquals(Optional.of("a"), first.get(SECONDS, TimeUnit.SECONDS));
    assertEquals("a", seen.poll(SECONDS, TimeUnit.SECONDS));
    awaitSleeping(run);
    talk(reader).line("r", "b");
    assertEquals("b", seen.poll(SECONDS, TimeUnit.SECONDS));
    awaitSleeping(run);
    talk(reader).line("r", "end");
    reading.get(SECONDS, TimeUnit.SECONDS);
    assertEquals(List.of(), List.copyOf(seen), "nothing after the stream's close");
    assertEquals("done", run.await(WAIT));
  }

  @Test
  void aReaderInOneProcessIsWokenByTheWritesOfAnother() throws Exception {
    assumeTrue(kind == TestDatabase.Kind.POSTGRESQL,
        "an engine in another JVM needs a database it can reach; the in-memory H2 is not");
    try (EngineProcess child = EngineProcess.start(
            TalkChild.class, "talk-child", List.of("url=" + db.jdbcUrl()));
        DurableEngine here = db.engine().engineId("here").pollInterval(LONG).build()) {
      child.awaitReady(Duration.ofSeconds(SECONDS));
      // not registered here: the child executes it, and only the child writes its values
      RunHandle<String> run = talk(here).start("r", List.of("lines lines", "close lines"));
      BlockingQueue<String> seen = new LinkedBlockingQueue<>();
      CompletableFuture<Void> reading = read(run, "lines", seen);
      CompletableFuture<Optional<String>> first =
          CompletableFuture.supplyAsync(() -> run.getEvent("last", String.class, LONG));

      Await.until("the child runs it up to its wait for a signal", Duration.ofSeconds(SECONDS),
          () -> run.status().run().status() == RunState.SLEEPING);
      talk(here).line("r", "a");
      assertEquals(Optional.of("a"), first.get(SECONDS, TimeUnit.SECONDS));
      assertEquals("a", seen.poll(SECONDS, TimeUnit.SECONDS));
      talk(here).line("r", "b");
      assertEquals("b", seen.poll(SECONDS, TimeUnit.SECONDS));
      talk(here).line("r", "end");
      reading.get(SECONDS, TimeUnit.SECONDS);
      assertEquals("done", run.await(Duration.ofSeconds(SECONDS)));
      assertEquals("talk-child", here.history("r").stream()
          .filter(e -> e.type().equals("run.claimed")).map(HistoryEvent::detail)
          .findFirst().orElseThrow());
    }
  }

  /**
   * Two signal waits with no step between them: the first one's signal is marked taken by a write
   * before the second looks for one (it once found the same signal, again and again).
   */
  @Test
  void twoSignalWaitsInARowTakeTwoSignals() {
    try (DurableEngine engine = engine().build()) {
      RunHandle<String> run = talk(engine).start("r", List.of("wait", "wait", "set after yes"));
      talk(engine).line("r", "a");
      talk(engine).line("r", "b");
      engine.tick();

      assertEquals("done", run.await(WAIT));
      assertEquals(List.of(List.of(0), List.of(1)), db.query(
          "SELECT consumed_seq FROM durable_signals WHERE run_id = 'r' ORDER BY id"));
    }
  }

  @Test
  void badCallsInTheRunThrowAndRecordNothing() {
    try (DurableEngine engine = engine().build()) {
      RunHandle<String> run = talk(engine).start("r", List.of("set before 1", "bad blank",
          "bad long", "bad null", "bad big", "bad object", "write s ok", "bad closed",
          "set after 2"));
      engine.tick();

      List<String> thrown = run.await(WAIT).lines().toList();
      assertEquals(6, thrown.size(), String.join("\n", thrown));
      assertStarts("IllegalArgumentException: the key of an event must be 1 to 200 characters,"
          + " not blank; was ' '", thrown.get(0));
      assertStarts("IllegalArgumentException: the key of a stream must be 1 to 200 characters,"
          + " not blank; was 'kkk", thrown.get(1));
      assertStarts("IllegalArgumentException: the value of event 'e' must not be null",
          thrown.get(2));
      assertStarts("PayloadException: the value of event 'e': 2003 bytes of JSON, over the"
          + " payload limit of 2000 bytes", thrown.get(3));
      assertStarts("PayloadException: cannot store a value of stream 's' as java.lang.Object",
          thrown.get(4));
      assertStarts("IllegalStateException: stream 's' of run r was closed", thrown.get(5));
      // only the good calls took positions and wrote rows
      assertEquals(List.of(
          List.of("EVENT", "before", 0, "\"1\""), List.of("STREAM", "s", 2, "\"OK\""),
          java.util.Arrays.asList("STREAM", "s", 3, null), List.of("EVENT", "after", 4, "\"2\"")),
          values("r"));
      assertEquals(5, db.queryLong("SELECT COUNT(*) FROM durable_steps WHERE run_id = 'r'"));
    }
  }

  /**
   * A key with a NUL fails the run's write on PostgreSQL, long after the call that gave it; one
   * with a newline or an escape garbles what shows it: each is refused at the call, as partition
   * keys and run ids are, and the run goes on as if it had not been made.
   */
  @Test
  void keysWithControlCharactersAreRefusedAtTheCallAndRecordNothing() {
    try (DurableEngine engine = engine().build()) {
      RunHandle<String> run = talk(engine).start("r", List.of("set before 1", "bad nul",
          "bad escape", "bad newline", "set after 2"));
      engine.tick();

      List<String> thrown = run.await(WAIT).lines().toList();
      assertEquals(List.of(
          "IllegalArgumentException: the key of an event must not contain control characters,"
              + " but 'a\\u0000b' has U+0000 at index 1; use printable characters",
          "IllegalArgumentException: the key of a stream must not contain control characters,"
              + " but 'a\u001bb' has U+001B at index 1; use printable characters",
          "IllegalArgumentException: the key of a stream must not contain control characters,"
              + " but 'a"), thrown.subList(0, 3));
      assertEquals("b' has U+000A at index 1; use printable characters", thrown.get(3));
      assertEquals(List.of(
          List.of("EVENT", "before", 0, "\"1\""), List.of("EVENT", "after", 1, "\"2\"")),
          values("r"), "the refused calls took no position and wrote nothing");

      assertEquals("the key of an event must not contain control characters, but 'a\\u0000b'"
              + " has U+0000 at index 1; use printable characters",
          assertThrows(IllegalArgumentException.class,
              () -> run.getEvent("a\u0000b", Integer.class, Duration.ZERO)).getMessage());
      assertStarts("the key of a stream must not contain control characters",
          assertThrows(IllegalArgumentException.class,
              () -> run.readStream("a\u001bb", String.class)).getMessage());
    }
  }

  @Test
  void aReaderStartsAtTheIndexItAsksFor() {
    try (DurableEngine engine = engine().build()) {
      RunHandle<String> run =
          talk(engine).start("r", List.of("many s 250", "close s", "write failed one", "fail"));
      engine.tick();
      assertThrows(RunFailedException.class, () -> run.await(WAIT));

      List<String> all = run.readStream("s", String.class).toList();
      assertEquals(250, all.size());
      assertEquals(all, run.readStream("s", String.class, 0).toList());
      assertEquals(all.subList(120, 250), run.readStream("s", String.class, 120).toList(),
          "from index 120, over several reads");
      assertEquals(List.of("v249"), run.readStream("s", String.class, 249).toList());
      assertEquals(List.of(), run.readStream("s", String.class, 250).toList(),
          "the stream was closed after index 249");
      assertEquals(List.of(), run.readStream("s", String.class, 100_000).toList());
      // a stream the failed run did not close ends with its error, however far the index
      Iterator<String> failed = run.readStream("failed", String.class, 5).iterator();
      assertEquals("talk_failed",
          assertThrows(RunFailedException.class, failed::hasNext).code());
      assertEquals("the index to read stream 's' of run r from must be 0 or more, but was -1;"
              + " 0 reads from the first value",
          assertThrows(IllegalArgumentException.class,
              () -> run.readStream("s", String.class, -1)).getMessage());
    }
  }

  @Test
  void aReaderFromAnIndexNotWrittenYetWaitsForIt() throws Exception {
    try (DurableEngine engine = engine().pollInterval(LONG).build()) {
      engine.start();
      RunHandle<String> run = talk(engine).start("r", List.of("lines lines", "close lines"));
      awaitSleeping(run);
      talk(engine).line(run.id(), "a");
      Await.until("the first value is written",
          () -> run.getEvent("last", String.class, Duration.ZERO).isPresent());
      CompletableFuture<List<String>> fromTwo = CompletableFuture.supplyAsync(() -> {
        try (Stream<String> values = run.readStream("lines", String.class, 2)) {
          return values.toList();
        }
      });

      for (String line : List.of("b", "c", "d", "end")) {
        awaitSleeping(run);
        talk(engine).line(run.id(), line);
      }

      assertEquals(List.of("c", "d"), fromTwo.get(SECONDS, TimeUnit.SECONDS));
      assertEquals("done", run.await(WAIT));
    }
  }

  private static void assertStarts(String expected, String actual) {
    assertTrue(actual.startsWith(expected), "expected to start with\n" + expected + "\nbut was\n"
        + actual);
  }

  @Test
  void badReadsAreRefusedWithWhatWasWrong() {
    try (DurableEngine engine = engine().build()) {
      RunHandle<String> run = talk(engine).start("r", List.of("num progress 1", "write s one"));
      engine.tick();
      assertEquals("done", run.await(WAIT));

      assertTrue(assertThrows(IllegalArgumentException.class,
          () -> run.getEvent(" ", Integer.class, Duration.ZERO)).getMessage()
          .startsWith("the key of an event must be 1 to 200 characters"));
      assertTrue(assertThrows(IllegalArgumentException.class,
          () -> run.readStream("k".repeat(201), String.class)).getMessage()
          .startsWith("the key of a stream must be 1 to 200 characters"));
      assertEquals("the wait for event 'progress' of run r must not be negative, but was PT-1S;"
              + " Duration.ZERO reads without waiting",
          assertThrows(IllegalArgumentException.class,
              () -> run.getEvent("progress", Integer.class, Duration.ofSeconds(-1)))
              .getMessage());
      String wrongType = assertThrows(PayloadException.class,
          () -> run.getEvent("progress", Boolean.class, Duration.ZERO)).getMessage();
      assertStarts("event 'progress' of run r holds a value that cannot be read as"
          + " java.lang.Boolean", wrongType);
      String wrongStream = assertThrows(PayloadException.class,
          () -> run.readStream("s", Integer.class).toList()).getMessage();
      assertStarts("stream 's' of run r holds a value that cannot be read as java.lang.Integer",
          wrongStream);
    }
  }

  @Test
  void aReplayThatWritesAnotherKeyFailsTheRun() {
    try (DurableEngine engine = engine().build()) {
      RunHandle<String> run = talk(engine).start("r", List.of("set k v", "wait"));
      engine.tick();
      db.execute("UPDATE durable_steps SET input = 'other' WHERE run_id = 'r' AND seq = 0");
      talk(engine).line("r", "go");
      engine.tick();

      RunFailedException failed = assertThrows(RunFailedException.class, () -> run.await(WAIT));
      assertEquals("non_determinism", failed.code());
      assertTrue(failed.getMessage().contains("called ctx.setEvent(\"k\") at position 0, where it"
          + " had recorded ctx.setEvent(\"other\")"), failed.getMessage());
    }
  }

  @Test
  void purgingARunDeletesItsEventsAndStreams() {
    try (DurableEngine engine = engine().build()) {
      RunHandle<String> run = talk(engine).start("r", List.of("num progress 1", "write s one"));
      engine.tick();
      assertEquals("done", run.await(WAIT));
      assertEquals(2, values("r").size());

      assertEquals(1, engine.purge(clock.instant().plusSeconds(1)));

      assertEquals(List.of(), values("r"));
      assertThrows(UnknownRunException.class,
          () -> run.getEvent("progress", Integer.class, Duration.ZERO));
      assertThrows(UnknownRunException.class, () -> run.readStream("s", String.class));
    }
  }
}
