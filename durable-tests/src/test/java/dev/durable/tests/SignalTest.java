package dev.durable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.InvalidInputException;
import dev.durable.runtime.RunEndedException;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.RunState;
import dev.durable.runtime.UnknownRunException;
import dev.durable.tests.support.Await;
import dev.durable.tests.support.CuttableDataSource;
import dev.durable.tests.support.Recorder;
import dev.durable.tests.support.TestDatabase;
import dev.durable.tests.support.Turns;
import dev.durable.tests.workflows.SignalWorkflowClient;
import dev.durable.tests.workflows.SignalWorkflowDurable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Typed signals: sent through the generated client, waited for durably by {@code @Signal}. */
class SignalTest extends OnEachStore {
  /** How the claim of due runs reads their checkpoints, and how a turn reads one run's. */
  private static final String CLAIMED_RUNS_CHECKPOINTS = "FROM durable_steps WHERE run_id IN (";
  private static final String ONE_RUNS_CHECKPOINTS = "FROM durable_steps WHERE run_id = ? ORDER";

  private final Recorder recorder = new Recorder();

  private DurableEngine.Builder engine() {
    return db.engine().clock(clock).register(new SignalWorkflowDurable(recorder));
  }

  private static boolean sleeping(RunHandle<?> run) {
    return run.status().run().status() == RunState.SLEEPING;
  }

  @Test
  void aSignalSentBeforeTheRunWaitsIsKeptForTheWait() {
    try (DurableEngine engine = engine().build()) {
      RunHandle<String> run = SignalWorkflowClient.of(engine).start(1, 0L);
      assertEquals(RunState.PENDING, run.status().run().status());
      SignalWorkflowClient.of(engine).approval(run.id(), "yes");
      engine.tick();
      assertEquals("yes", run.await(WAIT));
    }
  }

  @Test
  void aSignalSentWhileTheRunSleepsWakesItAtOnce() {
    try (DurableEngine engine = engine().build()) {
      engine.start();
      RunHandle<String> run = SignalWorkflowClient.of(engine).start(1, 0L);
      Await.until("the run sleeps, waiting for the signal", () -> sleeping(run));

      SignalWorkflowClient.of(engine).approval(run.id(), "approved");
      assertEquals("approved", run.await(WAIT));
      assertEquals(List.of("0:approved"), recorder.entries());
    }
  }

  /**
   * The race no public call can time: a turn read "no signal", the signal is stored (the run is
   * executing, so its wake-up marks it woken), and only then does the turn suspend. The suspension
   * must make the run due, not leave it asleep with the signal unread.
   */
  @Test
  void aSignalStoredAfterTheTurnLookedAndBeforeItSuspendedIsNotMissed() {
    try (DurableEngine engine = engine().build()) {
      RunHandle<String> run = SignalWorkflowClient.of(engine).start(1, 0L);
      engine.tick();
      // put back into the state of the turn that read no signal and is about to suspend
      db.execute("UPDATE durable_runs SET status = 'RUNNING' WHERE run_id = '" + run.id() + "'");
      long epoch = db.queryLong("SELECT epoch FROM durable_runs WHERE run_id = '" + run.id() + "'");

      SignalWorkflowClient.of(engine).approval(run.id(), "just in time");
      assertEquals(1, db.queryLong("SELECT COUNT(*) FROM durable_runs WHERE run_id = '" + run.id()
          + "' AND woken_at IS NOT NULL"), "the send found the run executing and marked it woken");
      // the wait's suspension: the same statement as waiting for a worker, with no due time
      List<String> woken = new ArrayList<>();
      assertTrue(Turns.suspendForAWorker(db.jdbcUrl(), run.id(), epoch, clock.instant(),
          woken::add));
      assertEquals(List.of(run.id()), woken, "its engine is told to look for it at once");

      assertEquals(RunState.PENDING, run.status().run().status(), "due at once, not asleep");
      assertEquals(1, engine.tick());
      assertEquals("just in time", run.await(WAIT));
    }
  }

  @Test
  void aLoopTakesSeveralSignalsInTheOrderTheyWereSent() {
    try (DurableEngine engine = engine().build()) {
      RunHandle<String> run = SignalWorkflowClient.of(engine).start(5, 0L);
      SignalWorkflowClient client = SignalWorkflowClient.of(engine);
      client.approval(run.id(), "a");
      client.approval(run.id(), "b");
      engine.tick();
      assertTrue(sleeping(run), "waits for the third");
      client.approval(run.id(), "c");
      client.approval(run.id(), "d");
      client.approval(run.id(), "e");
      engine.tick();
      assertEquals("a,b,c,d,e", run.await(WAIT));
      assertEquals(0, db.queryLong(
          "SELECT COUNT(*) FROM durable_signals WHERE consumed_seq IS NULL"));
    }
  }

  @Test
  void theBodyGivesTheValueWhenNoSignalCameWithinTheWait() {
    try (DurableEngine engine = engine().build()) {
      RunHandle<String> run = SignalWorkflowClient.of(engine).start(1, Duration.ofDays(3).toMillis());
      engine.tick();
      assertTrue(sleeping(run));
      assertEquals(clock.instant().plus(Duration.ofDays(3)), run.status().run().wakeAt());

      clock.advance(Duration.ofDays(3));
      engine.tick();
      assertEquals("timed out", run.await(WAIT));
      assertEquals(List.of("timed out after PT72H", "0:timed out"), recorder.entries());
      // a signal that comes after the wait ended is refused: the run has ended
      assertThrows(RunEndedException.class,
          () -> SignalWorkflowClient.of(engine).decision(run.id(), "late"));
    }
  }

  @Test
  void aSignalWithinTheWaitWinsOverTheBody() {
    try (DurableEngine engine = engine().build()) {
      RunHandle<String> run = SignalWorkflowClient.of(engine).start(1, Duration.ofDays(3).toMillis());
      engine.tick();
      clock.advance(Duration.ofDays(1));
      SignalWorkflowClient.of(engine).decision(run.id(), "approved");
      engine.tick();
      assertEquals("approved", run.await(WAIT));
      assertEquals(List.of("0:approved"), recorder.entries(), "the body did not run");
    }
  }

  @Test
  void aWaitWithoutLimitSleepsWithoutADueTimeUntilSignalled() {
    try (DurableEngine engine = engine().build()) {
      RunHandle<String> run = SignalWorkflowClient.of(engine).start(1, 0L);
      engine.tick();
      clock.advance(Duration.ofDays(365));
      assertEquals(0, engine.tick(), "nothing is due, however late it is");
      assertTrue(sleeping(run));
      assertEquals(1, db.queryLong("SELECT COUNT(*) FROM durable_runs WHERE run_id = '"
          + run.id() + "' AND status = 'SLEEPING' AND due_at IS NULL"));

      SignalWorkflowClient.of(engine).approval(run.id(), "at last");
      engine.tick();
      assertEquals("at last", run.await(WAIT));
    }
  }

  @Test
  void aRunWaitingWhenItsEngineClosesTakesTheSignalSentThroughAnotherEngine() {
    String runId;
    try (DurableEngine first = engine().build()) {
      first.start();
      RunHandle<String> run = SignalWorkflowClient.of(first).start(2, 0L);
      SignalWorkflowClient.of(first).approval(run.id(), "before");
      Await.until("the run took the first signal and sleeps", () -> sleeping(run)
          && recorder.count("0:before") == 1);
      runId = run.id();
    }
    try (DurableEngine second = engine().engineId("second").build()) {
      SignalWorkflowClient.of(second).approval(runId, "after");
      second.start();
      assertEquals("before,after", SignalWorkflowClient.of(second).get(runId).await(WAIT));
      assertEquals(1, recorder.count("0:before"), "the first signal was not taken again");
    }
  }

  @Test
  void signalsSentFromManyThreadsWhileTheRunLoopsAreEachTakenOnce() throws Exception {
    int threads = 4;
    int perThread = 15;
    try (DurableEngine engine = engine().build()) {
      engine.start();
      RunHandle<String> run = SignalWorkflowClient.of(engine).start(threads * perThread, 0L);
      SignalWorkflowClient client = SignalWorkflowClient.of(engine);
      ExecutorService senders = Executors.newFixedThreadPool(threads);
      try {
        List<Future<?>> sent = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
          int thread = t;
          sent.add(senders.submit(() -> {
            for (int i = 0; i < perThread; i++) {
              client.approval(run.id(), thread + "-" + i);
            }
          }));
        }
        for (Future<?> f : sent) {
          f.get();
        }
      } finally {
        senders.shutdown();
      }
      List<String> taken = Arrays.asList(run.await(WAIT).split(","));
      List<String> expected = IntStream.range(0, threads).boxed()
          .flatMap(t -> IntStream.range(0, perThread).mapToObj(i -> t + "-" + i)).sorted().toList();
      assertEquals(expected, taken.stream().sorted().toList(), "each signal taken exactly once");
      for (int t = 0; t < threads; t++) {
        String prefix = t + "-";
        List<String> ofThread = taken.stream().filter(v -> v.startsWith(prefix)).toList();
        assertEquals(IntStream.range(0, perThread).mapToObj(i -> prefix + i).toList(), ofThread,
            "one sender's signals are taken in the order it sent them");
      }
      assertEquals(threads * perThread, db.queryLong(
          "SELECT COUNT(DISTINCT consumed_seq) FROM durable_signals"));
    }
  }

  @Test
  void aSignalToAnUnknownRunIsRefused() {
    try (DurableEngine engine = engine().build()) {
      UnknownRunException e = assertThrows(UnknownRunException.class,
          () -> SignalWorkflowClient.of(engine).approval("no-such-run", "yes"));
      assertEquals("cannot send signal 'approve': no run with id 'no-such-run' is stored in this"
          + " engine's database; nothing was stored", e.getMessage());
      assertEquals(0, db.queryLong("SELECT COUNT(*) FROM durable_signals"));
    }
  }

  @Test
  void aSignalToARunThatEndedIsRefused() {
    try (DurableEngine engine = engine().build()) {
      RunHandle<String> run = SignalWorkflowClient.of(engine).start(0, 0L);
      engine.tick();
      assertEquals("", run.await(WAIT));
      RunEndedException e = assertThrows(RunEndedException.class,
          () -> SignalWorkflowClient.of(engine).approval(run.id(), "too late"));
      assertEquals("cannot send signal 'approve' to run " + run.id() + ": the run has ended"
          + " (COMPLETED) and will never wait for it; nothing was stored", e.getMessage());
      assertEquals(RunState.COMPLETED, e.state());
      assertEquals(0, db.queryLong("SELECT COUNT(*) FROM durable_signals"));
    }
  }

  @Test
  void aSignalOverThePayloadLimitIsRefused() {
    try (DurableEngine engine = engine().maxPayloadBytes(1024).build()) {
      RunHandle<String> run = SignalWorkflowClient.of(engine).start(1, 0L);
      InvalidInputException e = assertThrows(InvalidInputException.class,
          () -> SignalWorkflowClient.of(engine).approval(run.id(), "x".repeat(2000)));
      assertTrue(e.getMessage().startsWith("cannot send signal 'approve' of workflow 'signals'"),
          e.getMessage());
      assertEquals(0, db.queryLong("SELECT COUNT(*) FROM durable_signals"));
    }
  }

  @Test
  void aSignalSentThroughOneEngineWakesTheRunOnAnotherAtOnce() {
    assumeTrue(kind == TestDatabase.Kind.POSTGRESQL,
        "engines in separate processes share only PostgreSQL; H2 is embedded in one process");
    try (DurableEngine client = db.engine().build();
        DurableEngine worker = db.engine().register(new SignalWorkflowDurable(recorder))
            .engineId("worker").pollInterval(Duration.ofHours(1)).build()) {
      worker.start();
      RunHandle<String> run = SignalWorkflowClient.of(client).start(1, 0L);
      Await.until("the run sleeps on the other engine", () -> sleeping(run));
      // the worker polls once an hour: only the notification can make it go on now
      SignalWorkflowClient.of(client).approval(run.id(), "from afar");
      assertEquals("from afar", run.await(WAIT));
    }
  }

  /**
   * The poll's claim of due runs reads their checkpoints and waiting tasks with it (on PostgreSQL
   * in the same round trip), and a run it claimed replays from what was read there: its turn does
   * not read them again.
   */
  @Test
  void aRunWokenBySignalsResumesFromWhatItsClaimRead() {
    CuttableDataSource recording = new CuttableDataSource(db.jdbcUrl());
    try (DurableEngine engine = engine().dataSource(recording).build()) {
      engine.start();
      SignalWorkflowClient client = SignalWorkflowClient.of(engine);
      RunHandle<String> run = client.start(2, 0L);
      Await.until("the run sleeps, waiting for the first signal", () -> sleeping(run));
      recording.recordStatements();

      client.approval(run.id(), "first");
      Await.until("the run sleeps, waiting for the second signal",
          () -> recorder.entries().size() == 1 && sleeping(run));
      client.approval(run.id(), "second");
      assertEquals("first,second", run.await(WAIT));
    }
    List<String> statements = recording.statements();
    assertTrue(statements.stream().anyMatch(sql -> sql.contains(CLAIMED_RUNS_CHECKPOINTS)),
        "the claims read the checkpoints: " + statements);
    assertEquals(List.of(), statements.stream()
        .filter(sql -> sql.contains(ONE_RUNS_CHECKPOINTS)).toList(),
        "no turn read its run's checkpoints again");
  }
}
