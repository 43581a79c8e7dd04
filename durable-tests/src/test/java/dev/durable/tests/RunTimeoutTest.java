package dev.durable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.RunFailedException;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.RunInfo;
import dev.durable.runtime.RunState;
import dev.durable.tests.support.Await;
import dev.durable.tests.support.Recorder;
import dev.durable.tests.workflows.DeadlineWorkflow;
import dev.durable.tests.workflows.DeadlineWorkflowClient;
import dev.durable.tests.workflows.DeadlineWorkflowDurable;
import dev.durable.tests.workflows.PricingStepsDispatch;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code @Run(timeoutMs)}: a run still unfinished a minute after its start fails with {@code
 * run_timeout}, whatever it is doing then: sleeping, making a step attempt (which is cancelled), or
 * waiting for a worker (whose task is given up); a requeue gives it a fresh run timeout.
 */
class RunTimeoutTest extends OnEachStore {
  private static final Duration PAST_THE_TIMEOUT =
      Duration.ofMillis(DeadlineWorkflow.TIMEOUT_MS).plusSeconds(1);

  private final Recorder recorder = new Recorder();

  private DurableEngine.Builder engine() {
    return db.engine().clock(clock)
        .register(new DeadlineWorkflowDurable(new PricingStepsDispatch(), recorder));
  }

  @Test
  void aRunSleepingPastItsTimeoutFailsWithRunTimeoutAtTheTimeoutsEnd() {
    try (DurableEngine engine = engine().build()) {
      engine.start();
      RunHandle<String> run = DeadlineWorkflowClient.of(engine).start("sleep:3600");
      Await.until("the run sleeps", () -> run.status().run().status() == RunState.SLEEPING);

      clock.advance(PAST_THE_TIMEOUT);

      RunFailedException failed = assertThrows(RunFailedException.class, () -> run.await(WAIT));
      assertEquals("run_timeout", failed.code());
      assertTrue(failed.error().message().contains("run timeout"), failed.error().message());
      assertEquals(0, recorder.countStartingWith("finished:"), "the run did not go on");
    }
  }

  @Test
  void aTickedRunPastItsTimeoutFailsWithRunTimeout() {
    try (DurableEngine engine = engine().build()) {
      RunHandle<String> run = DeadlineWorkflowClient.of(engine).start("sleep:3600");
      assertEquals(1, engine.tick());
      assertEquals(RunState.SLEEPING, run.status().run().status());

      clock.advance(PAST_THE_TIMEOUT);
      assertEquals(1, engine.tick());

      RunFailedException failed = assertThrows(RunFailedException.class, () -> run.await(WAIT));
      assertEquals("run_timeout", failed.code());
      assertEquals(RunState.FAILED, run.status().run().status());
      assertEquals(0, recorder.countStartingWith("finished:"), "the run did not go on");
    }
  }

  @Test
  void aTickedRunSleepingPastItsTimeoutEndsAtTheTimeoutNotAtItsWakeUp() {
    try (DurableEngine engine = engine().build()) {
      RunHandle<String> run = DeadlineWorkflowClient.of(engine).start("sleep:3600");
      engine.tick();
      RunInfo sleeping = run.status().run();
      Instant timeoutEnd = sleeping.createdAt().plusMillis(DeadlineWorkflow.TIMEOUT_MS);
      assertTrue(timeoutEnd.isBefore(sleeping.wakeAt()), "the timer ends after the timeout");

      clock.advanceTo(timeoutEnd.minusMillis(1));
      assertEquals(0, engine.tick(), "nothing is due before the timeout ends");
      clock.advanceTo(timeoutEnd);
      assertEquals(1, engine.tick(), "the run is due when its timeout ends");

      assertEquals("run_timeout",
          assertThrows(RunFailedException.class, () -> run.await(WAIT)).code());
      assertEquals(timeoutEnd, run.status().run().updatedAt(), "it ended at its timeout's end");
      clock.advanceTo(sleeping.wakeAt());
      assertEquals(0, engine.tick(), "its timer wakes nothing");
      assertEquals(0, recorder.countStartingWith("finished:"));
    }
  }

  @Test
  void aRunWithinItsTimeoutIsNotTouchedByIt() {
    try (DurableEngine engine = engine().build()) {
      engine.start();
      RunHandle<String> run = DeadlineWorkflowClient.of(engine).start("sleep:30");
      Await.until("the run sleeps", () -> run.status().run().status() == RunState.SLEEPING);

      clock.advance(Duration.ofSeconds(31));

      assertEquals("done", run.await(WAIT));
    }
  }

  @Test
  void theStepAttemptARunIsMakingAtItsTimeoutsEndIsCancelled() {
    try (DurableEngine engine = engine().build()) {
      engine.start();
      RunHandle<String> run = DeadlineWorkflowClient.of(engine).start("block");
      Await.until("the step waits", () -> recorder.count("entered:1") == 1);

      clock.advance(PAST_THE_TIMEOUT);

      Await.until("the step is interrupted and sees its cancellation",
          () -> recorder.count("interrupted:cancelled=true") == 1);
      RunFailedException failed = assertThrows(RunFailedException.class, () -> run.await(WAIT));
      assertEquals("run_timeout", failed.code());
      assertEquals(1, recorder.countStartingWith("entered:"), "the step was not tried again");
      assertEquals(RunState.FAILED, run.status().run().status());
    }
  }

  @Test
  void aRunWaitingForAWorkerAtItsTimeoutsEndGivesUpItsTask() {
    try (DurableEngine engine = engine().build()) {
      engine.start();
      RunHandle<String> run = DeadlineWorkflowClient.of(engine).start("remote");
      Await.until("the run waits for a worker",
          () -> run.status().run().status() == RunState.SLEEPING);

      clock.advance(PAST_THE_TIMEOUT);

      RunFailedException failed = assertThrows(RunFailedException.class, () -> run.await(WAIT));
      assertEquals("run_timeout", failed.code());
      assertEquals(List.of(List.of("LOST")), db.query(
          "SELECT status FROM durable_tasks WHERE run_id = '" + run.id() + "'"),
          "no worker will serve the task of a run that ended");
    }
  }

  @Test
  void aTimeoutThatEndedWhileNoEngineRanFailsTheRunWhenOneStarts() {
    String runId;
    try (DurableEngine engine = engine().build()) {
      engine.start();
      RunHandle<String> run = DeadlineWorkflowClient.of(engine).start("sleep:3600");
      runId = run.id();
      Await.until("the run sleeps", () -> run.status().run().status() == RunState.SLEEPING);
    }
    clock.advance(PAST_THE_TIMEOUT);

    try (DurableEngine engine = engine().build()) {
      engine.start();
      RunHandle<String> run = DeadlineWorkflowClient.of(engine).get(runId);
      RunFailedException failed = assertThrows(RunFailedException.class, () -> run.await(WAIT));
      assertEquals("run_timeout", failed.code());
    }
  }

  @Test
  void aRequeuedRunGetsAFreshRunTimeout() {
    try (DurableEngine engine = engine().build()) {
      engine.start();
      // its timer ends two minutes after its start (T0): after its first run timeout (T0 + 60 s),
      // within the fresh one that the requeue gives it (T0 + 61 s + 60 s)
      RunHandle<String> run = DeadlineWorkflowClient.of(engine).start("sleep:120");
      Await.until("the run sleeps", () -> run.status().run().status() == RunState.SLEEPING);
      clock.advance(PAST_THE_TIMEOUT);
      assertEquals("run_timeout",
          assertThrows(RunFailedException.class, () -> run.await(WAIT)).code());

      engine.requeue(run.id());
      Await.until("the requeued run sleeps again",
          () -> run.status().run().status() == RunState.SLEEPING);
      RunInfo sleeping = run.status().run();
      clock.advance(Duration.ofSeconds(59));

      assertEquals("done", run.await(WAIT), "the timer ended within the fresh run timeout; slept"
          + " until " + sleeping.wakeAt());
    }
  }
}
