package dev.durable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.DurableWorker;
import dev.durable.runtime.RunHandle;
import dev.durable.tests.support.Turns;
import dev.durable.tests.workflows.Order;
import dev.durable.tests.workflows.PricingSteps;
import dev.durable.tests.workflows.PricingStepsDispatch;
import dev.durable.tests.workflows.RemoteOrderWorkflowClient;
import dev.durable.tests.workflows.RemoteOrderWorkflowDurable;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The race between a turn that read a task still open and the worker that stores its outcome
 * before the turn suspends: the worker's wake-up finds the run executing. It marks the run woken,
 * and the suspension then makes the run due rather than asleep for ever, with nothing else (no
 * engine left to notice, should the one that suspended it die at once).
 */
class WakeUpTest extends OnEachStore {

  private DurableEngine engine() {
    return db.engine().clock(clock)
        .register(new RemoteOrderWorkflowDurable(new PricingStepsDispatch(), script))
        .build();
  }

  /** A worker that quotes 9 cents, and whose claims are stamped with the engine's clock. */
  private DurableWorker worker() {
    return DurableWorker.builder().jdbcUrl(db.jdbcUrl()).clock(clock)
        .handle(PricingSteps.QUOTE, (task, input) -> "{\"sku\":\"lamp\",\"cents\":9}")
        .build();
  }

  /** A run waiting for its task, put back into the state of a turn that is executing it. */
  private RunHandle<String> executingRunWaitingForItsTask(DurableEngine engine) {
    RunHandle<String> run = RemoteOrderWorkflowClient.of(engine).start(new Order("lamp", 1));
    engine.tick();
    db.execute("UPDATE durable_runs SET status = 'RUNNING' WHERE run_id = '" + run.id() + "'");
    return run;
  }

  /**
   * What the executing turn writes when it suspends to wait for the task it read as open; the runs
   * the suspension found woken, due at once, which its engine looks for then.
   */
  private List<String> suspendAsTheTurnWould(RunHandle<?> run) {
    long epoch = db.queryLong("SELECT epoch FROM durable_runs WHERE run_id = '" + run.id() + "'");
    List<String> woken = new ArrayList<>();
    assertTrue(Turns.suspendForAWorker(db.jdbcUrl(), run.id(), epoch, clock.instant(),
        woken::add));
    return woken;
  }

  private List<Object> runRow(RunHandle<?> run) {
    return db.query("SELECT status, due_at, woken_at FROM durable_runs WHERE run_id = '"
        + run.id() + "'").get(0);
  }

  @Test
  void anOutcomeStoredWhileTheRunExecutesMakesItsSuspensionDue() {
    try (DurableEngine engine = engine(); DurableWorker worker = worker()) {
      RunHandle<String> run = executingRunWaitingForItsTask(engine);
      assertEquals(1, worker.tick());
      assertNotNull(runRow(run).get(2), "the worker found the run executing and marked it woken");

      assertEquals(List.of(run.id()), suspendAsTheTurnWould(run),
          "the suspension tells its engine to look for the run at once");

      List<Object> row = runRow(run);
      assertEquals("PENDING", row.get(0), "due at once, not asleep waiting for a worker");
      assertNotNull(row.get(1));
      assertNull(row.get(2));
      assertEquals(1, engine.tick());
      assertEquals("shipped lamp for 9", run.await(WAIT));
    }
  }

  /**
   * A run already due (woken by another task's outcome) and about to be claimed: the outcome's
   * wake-up marks it, holding its row until committed, so the claim comes after the outcome is
   * visible to the turn it starts; the claim clears the mark.
   */
  @Test
  void anOutcomeStoredWhileTheRunIsDueIsReadByTheTurnItsClaimStarts() {
    try (DurableEngine engine = engine(); DurableWorker worker = worker()) {
      RunHandle<String> run = RemoteOrderWorkflowClient.of(engine).start(new Order("lamp", 1));
      engine.tick();
      db.execute("UPDATE durable_runs SET status = 'PENDING', due_at = updated_at"
          + " WHERE run_id = '" + run.id() + "'");
      assertEquals(1, worker.tick());
      assertEquals("PENDING", runRow(run).get(0));
      assertNotNull(runRow(run).get(2));

      assertEquals(1, engine.tick());
      assertEquals("shipped lamp for 9", run.await(WAIT));
      assertNull(runRow(run).get(2), "the claim cleared the mark");
    }
  }

  @Test
  void withoutAnOutcomeTheSuspensionSleeps() {
    try (DurableEngine engine = engine()) {
      RunHandle<String> run = executingRunWaitingForItsTask(engine);

      assertEquals(List.of(), suspendAsTheTurnWould(run));

      List<Object> row = runRow(run);
      assertEquals("SLEEPING", row.get(0));
      assertNull(row.get(1), "it waits for a worker, not for a time");
    }
  }
}
