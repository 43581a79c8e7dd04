package dev.durable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.DurableHooks;
import dev.durable.runtime.RunCancelledException;
import dev.durable.runtime.RunError;
import dev.durable.runtime.RunEvent;
import dev.durable.runtime.RunFailedException;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.RunState;
import dev.durable.runtime.StepEvent;
import dev.durable.runtime.StepState;
import dev.durable.runtime.UnknownRunException;
import dev.durable.tests.support.Await;
import dev.durable.tests.support.CuttableDataSource;
import dev.durable.tests.support.Gate;
import dev.durable.tests.support.Recorder;
import dev.durable.tests.workflows.BlockingWorkflowClient;
import dev.durable.tests.workflows.BlockingWorkflowDurable;
import dev.durable.tests.workflows.Order;
import dev.durable.tests.workflows.OrderWorkflowClient;
import dev.durable.tests.workflows.OrderWorkflowDurable;
import dev.durable.tests.workflows.TimeoutWorkflowClient;
import dev.durable.tests.workflows.TimeoutWorkflowDurable;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Requeue, cancel, per-attempt timeouts and hooks. */
class OperationsTest extends OnEachStore {
  private final Recorder hooks = new Recorder();
  private final Recorder timeouts = new Recorder();
  private final Gate gate = new Gate();

  @AfterEach
  void openGates() {
    gate.openAll();
  }

  private DurableEngine engine() {
    return db.engine()
        .clock(clock)
        .register(new OrderWorkflowDurable(script))
        .register(new BlockingWorkflowDurable(script, gate))
        .register(new TimeoutWorkflowDurable(timeouts))
        .hooks(new RecordingHooks(hooks))
        .build();
  }

  @Test
  void requeueRetriesTheFailedStepWithAFreshBudgetAndKeepsCompletedSteps() {
    script.failTimes("charge", 2);
    try (DurableEngine engine = engine()) {
      RunHandle<String> run = OrderWorkflowClient.of(engine).start(new Order("chair", 1));
      engine.tick();
      assertThrows(RunFailedException.class, () -> run.await(WAIT));
      assertEquals(2, script.executions("charge"));

      engine.requeue(run.id());
      assertEquals(RunState.PENDING, run.status().run().status());
      assertTrue(run.status().run().error().isEmpty());
      engine.tick();
      clock.advance(Duration.ofHours(1));
      engine.tick();

      assertEquals("shipped ch_chair_250", run.await(WAIT));
      assertEquals(1, script.executions("quote"), "the completed quote did not run again");
      assertEquals(3, script.executions("charge"));
      assertEquals(1, run.status().steps().get(1).attempts(), "a fresh budget");
    }
  }

  @Test
  void aWriteTheDatabaseAbortedAsADeadlockIsTriedAgainAndTheRunGoesOn() {
    CuttableDataSource flaky = new CuttableDataSource(db.jdbcUrl());
    try (DurableEngine engine = DurableEngine.builder().dataSource(flaky).clock(clock)
        .register(new OrderWorkflowDurable(script)).build()) {
      RunHandle<String> run = OrderWorkflowClient.of(engine).start(new Order("chair", 1));
      // the checkpoint of quote, written before charge runs
      flaky.failNext("INSERT INTO durable_steps", "40P01");
      engine.tick();
      clock.advance(Duration.ofHours(1));
      engine.tick();

      assertTrue(flaky.failed(), "the write was refused once");
      assertEquals("shipped ch_chair_250", run.await(WAIT));
      assertEquals(1, script.executions("quote"), "the quote's checkpoint was written after all");
    }
  }

  @Test
  void onlyAFailedRunCanBeRequeued() {
    try (DurableEngine engine = engine()) {
      RunHandle<String> run = OrderWorkflowClient.of(engine).start(new Order("chair", 1));
      IllegalStateException refused =
          assertThrows(IllegalStateException.class, () -> engine.requeue(run.id()));
      assertEquals("run " + run.id() + " is PENDING, not FAILED: only a failed run can be"
          + " requeued", refused.getMessage());
      assertThrows(UnknownRunException.class, () -> engine.requeue("nope"));
    }
  }

  @Test
  void cancellingASleepingRunEndsIt() {
    try (DurableEngine engine = engine()) {
      RunHandle<String> run = OrderWorkflowClient.of(engine).start(new Order("sofa", 1));
      engine.tick();
      assertTrue(engine.cancel(run.id()));
      assertFalse(engine.cancel(run.id()), "already ended");
      assertEquals(RunState.CANCELLED, run.status().run().status());
      RunCancelledException cancelled =
          assertThrows(RunCancelledException.class, () -> run.await(WAIT));
      assertEquals("cancelled", cancelled.code());
      clock.advance(Duration.ofHours(2));
      assertEquals(0, engine.tick(), "a cancelled run never wakes");
      assertEquals(0, script.executions("ship"));
    }
  }

  @Test
  void cancellingARunningStepFiresItsCancellationAndTheTurnWritesNothingMore() {
    try (DurableEngine engine = engine()) {
      engine.start();
      RunHandle<String> run = BlockingWorkflowClient.of(engine).start("g");
      Await.until("the step blocks", () -> gate.isEntered("g"));
      assertEquals(StepState.RUNNING, run.status().steps().get(0).status(),
          "the executing step shows as RUNNING on its engine");
      assertTrue(engine.cancel(run.id()));
      Await.until("the step saw its cancellation",
          () -> script.recorder().count("cancelled") == 1);
      gate.open("g");
      assertThrows(RunCancelledException.class, () -> run.await(WAIT));
      Await.until("the engine let go of the run", () -> run.status().steps().isEmpty());
      assertEquals(0, script.executions("after"));
      assertEquals(RunState.CANCELLED, run.status().run().status());
    }
  }

  @Test
  void aStepPastItsTimeoutIsInterruptedAndCancelledAndCountsAsAFailedAttempt() {
    try (DurableEngine engine = engine()) {
      RunHandle<String> run = TimeoutWorkflowClient.of(engine).start(30_000L, 1);
      engine.tick();
      assertEquals("done on attempt 2", run.await(WAIT));
      Await.until("the hung attempt saw its interruption",
          () -> timeouts.count("interrupted:1") == 1);
      assertEquals("attempt:1", timeouts.entries().get(0));
      assertEquals(1, timeouts.count("cancelled:1"), "its StepContext was cancelled");
      assertEquals(0, timeouts.count("not interrupted"));
      assertEquals(1, timeouts.count("attempt:2"));
      assertEquals(2, run.status().steps().get(0).attempts());
    }
  }

  @Test
  void aStepThatTimesOutOnEveryAttemptFailsTheRunWithStepTimeout() {
    try (DurableEngine engine = engine()) {
      RunHandle<String> run = TimeoutWorkflowClient.of(engine).start(30_000L, 2);
      engine.tick();
      RunFailedException failure = assertThrows(RunFailedException.class, () -> run.await(WAIT));
      assertEquals("step_timeout", failure.code());
      assertEquals("step 'slow' attempt 2 timed out after 200 ms", failure.getMessage());
      assertEquals(StepState.FAILED, run.status().steps().get(0).status());
      assertEquals(2, run.status().steps().get(0).attempts());
    }
  }

  @Test
  void hooksFireAsDocumented() {
    script.failTimes("quote", 1);
    try (DurableEngine engine = engine()) {
      RunHandle<String> run = OrderWorkflowClient.of(engine).start(new Order("mug", 1));
      engine.tick();
      clock.advance(Duration.ofHours(1));
      engine.tick();
      run.await(WAIT);
      RunHandle<String> failing = OrderWorkflowClient.of(engine).start(new Order("tv", 999));
      engine.tick();
      assertThrows(RunFailedException.class, () -> failing.await(WAIT));
    }
    List<String> forFirst = hooks.entries().subList(0, 9);
    assertEquals(List.of(
        "onRunStart",
        "onStepStart:quote:1", "onStepRetry:quote:1", "onStepComplete:quote:2",
        "onStepStart:charge:1", "onStepComplete:charge:1",
        "onRunStart",
        "onStepStart:ship:1", "onStepComplete:ship:1"), forFirst);
    assertEquals(List.of(
        "onRunComplete",
        "onRunStart", "onStepStart:quote:1", "onStepComplete:quote:1",
        "onStepStart:charge:1", "onFailure:declined"),
        hooks.entries().subList(9, hooks.entries().size()));
  }

  /** Records each hook call. */
  private record RecordingHooks(Recorder recorder) implements DurableHooks {
    @Override
    public void onRunStart(RunEvent run) {
      recorder.record("onRunStart");
    }

    @Override
    public void onStepStart(StepEvent step) {
      recorder.record("onStepStart:" + step.stepName() + ":" + step.attempt());
    }

    @Override
    public void onStepRetry(StepEvent step, RunError error, Duration delay) {
      recorder.record("onStepRetry:" + step.stepName() + ":" + step.attempt());
    }

    @Override
    public void onStepComplete(StepEvent step) {
      recorder.record("onStepComplete:" + step.stepName() + ":" + step.attempt());
    }

    @Override
    public void onRunComplete(RunEvent run) {
      recorder.record("onRunComplete");
    }

    @Override
    public void onFailure(RunEvent run, RunError error) {
      recorder.record("onFailure:" + error.code());
    }
  }
}
