package dev.durable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.RunHandle;
import dev.durable.tests.support.Await;
import dev.durable.tests.support.CuttableDataSource;
import dev.durable.tests.support.Gate;
import dev.durable.tests.workflows.LateWakeLeafDurable;
import dev.durable.tests.workflows.LateWakeWorkflowClient;
import dev.durable.tests.workflows.LateWakeWorkflowDurable;
import java.time.Duration;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * What a run waits for, arriving while its turn still executes: the event's wake-up comes when no
 * engine can take the run, so the turn's suspension, which finds the run woken, must have it taken
 * up at once, not at the next poll. The engines here poll once an hour: nothing else could finish
 * the runs within the tests' wait. The races are staged by holding the suspension's statement
 * ({@link CuttableDataSource#holdNext}) after the turn looked for the signal or the child's end.
 */
class LateWakeTest extends OnEachStore {
  private static final Duration HOURLY = Duration.ofHours(1);
  /** The name of the engines' poll threads. */
  private static final String POLLER = "durable-poller";
  /** A fragment of the statement that suspends a run, on both databases. */
  private static final String SUSPENSION = "THEN 'SLEEPING' ELSE 'PENDING'";

  private final Gate gate = new Gate();

  /** An engine through {@code dataSource} that executes both workflows. */
  private DurableEngine engine(CuttableDataSource dataSource) {
    return db.engine().dataSource(dataSource).pollInterval(HOURLY)
        .register(new LateWakeWorkflowDurable(gate)).register(new LateWakeLeafDurable(gate))
        .build();
  }

  private boolean hasStatus(String runId, String status) {
    return db.queryLong("SELECT COUNT(*) FROM durable_runs WHERE run_id = '" + runId
        + "' AND status = '" + status + "'") == 1;
  }

  /**
   * Waits until the engine's poll, which the event's wake-up signalled, has looked for due runs,
   * and every engine's poll waits for the next signal: the wake-up is spent while the run still
   * executes.
   */
  private static void awaitThePollSpent(CuttableDataSource dataSource) {
    Await.until("the engine polled, and waits again", () -> dataSource.preparedOn(POLLER)
        && Thread.getAllStackTraces().entrySet().stream()
            .filter(thread -> thread.getKey().getName().equals(POLLER))
            .allMatch(thread -> thread.getKey().getState() == Thread.State.TIMED_WAITING
                && Arrays.stream(thread.getValue())
                    .anyMatch(frame -> frame.getMethodName().equals("tryAcquire"))));
  }

  private boolean markedWoken(String runId) {
    return db.queryLong("SELECT COUNT(*) FROM durable_runs WHERE run_id = '" + runId
        + "' AND status = 'RUNNING' AND woken_at IS NOT NULL") == 1;
  }

  @Test
  void aSignalSentWhileAStepRunsIsTakenByTheWaitAfterIt() {
    try (DurableEngine engine = engine(new CuttableDataSource(db.jdbcUrl()))) {
      engine.start();
      RunHandle<String> run = LateWakeWorkflowClient.of(engine).start("signal");
      Await.until("the step runs", () -> gate.isEntered("step"));
      LateWakeWorkflowClient.of(engine).go(run.id(), "sent while the step ran");
      gate.open("step");
      assertEquals("sent while the step ran", run.await(WAIT));
    }
  }

  @Test
  void aSignalSentAfterTheWaitLookedAndBeforeItSuspendedIsTakenAtOnce() {
    CuttableDataSource dataSource = new CuttableDataSource(db.jdbcUrl());
    try (DurableEngine engine = engine(dataSource)) {
      signalAfterTheWaitLooked(engine, dataSource, engine);
    }
  }

  @Test
  void aSignalSentThroughAnotherEngineAfterTheWaitLookedIsTakenAtOnce() {
    CuttableDataSource dataSource = new CuttableDataSource(db.jdbcUrl());
    try (DurableEngine engine = engine(dataSource);
        DurableEngine sender = db.engine().engineId("sender").pollInterval(HOURLY).build()) {
      signalAfterTheWaitLooked(engine, dataSource, sender);
    }
  }

  /**
   * Starts a run on {@code engine}, holds its suspension to wait for the signal, sends the signal
   * through {@code sender} meanwhile, then lets the suspension go.
   */
  private void signalAfterTheWaitLooked(
      DurableEngine engine, CuttableDataSource dataSource, DurableEngine sender) {
    gate.open("step");
    CuttableDataSource.Hold suspension = dataSource.holdNext(SUSPENSION);
    engine.start();
    RunHandle<String> run = LateWakeWorkflowClient.of(engine).start("signal");
    Await.until("the turn found no signal and is suspending the run", suspension::reached);

    dataSource.recordStatements();
    LateWakeWorkflowClient.of(sender).go(run.id(), "just too late to be read");
    assertTrue(markedWoken(run.id()), "the signal found the run executing");
    awaitThePollSpent(dataSource);
    suspension.release();

    assertEquals("just too late to be read", run.await(WAIT));
  }

  @Test
  void aChildEndingAfterItsParentLookedAndBeforeItSuspendedWakesTheParentAtOnce() {
    CuttableDataSource dataSource = new CuttableDataSource(db.jdbcUrl());
    try (DurableEngine engine = engine(dataSource)) {
      engine.start();
      childEndsAfterItsParentLooked(engine, dataSource);
    }
  }

  /** The child executed by another engine, the only one that has its workflow. */
  @Test
  void aChildEndingOnAnotherEngineAfterItsParentLookedWakesTheParentAtOnce() {
    CuttableDataSource dataSource = new CuttableDataSource(db.jdbcUrl());
    try (DurableEngine engine = db.engine().dataSource(dataSource).pollInterval(HOURLY)
            .register(new LateWakeWorkflowDurable(gate)).build();
        DurableEngine other = db.engine().engineId("other").pollInterval(HOURLY)
            .register(new LateWakeLeafDurable(gate)).build()) {
      engine.start();
      other.start();
      childEndsAfterItsParentLooked(engine, dataSource);
    }
  }

  /**
   * Starts a parent run on {@code engine}, holds its suspension to await its child, lets the
   * child end meanwhile, then lets the suspension go.
   */
  private void childEndsAfterItsParentLooked(DurableEngine engine, CuttableDataSource dataSource) {
    CuttableDataSource.Hold suspension = dataSource.holdNext(SUSPENSION);
    RunHandle<String> parent = LateWakeWorkflowClient.of(engine).start("child");
    String child = parent.id() + "/child-0";
    Await.until("the parent found its child running and is suspending",
        () -> suspension.reached() && gate.isEntered("leaf"));

    dataSource.recordStatements();
    gate.open("leaf");
    Await.until("the child ended", () -> hasStatus(child, "COMPLETED"));
    assertTrue(markedWoken(parent.id()), "the child's end found its parent executing");
    awaitThePollSpent(dataSource);
    suspension.release();

    assertEquals("passed leaf", parent.await(WAIT));
  }
}
