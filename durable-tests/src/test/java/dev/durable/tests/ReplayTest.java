package dev.durable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.HistoryEvent;
import dev.durable.runtime.RunFailedException;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.RunState;
import dev.durable.runtime.RunStatus;
import dev.durable.runtime.StepState;
import dev.durable.tests.support.Await;
import dev.durable.tests.workflows.CatchingWorkflowClient;
import dev.durable.tests.workflows.CatchingWorkflowDurable;
import dev.durable.tests.workflows.ChangingArgumentsWorkflowClient;
import dev.durable.tests.workflows.ChangingArgumentsWorkflowDurable;
import dev.durable.tests.workflows.ChangingWorkflowClient;
import dev.durable.tests.workflows.ChangingWorkflowDurable;
import dev.durable.tests.workflows.NotifyWorkflowClient;
import dev.durable.tests.workflows.NotifyWorkflowDurable;
import dev.durable.tests.workflows.Order;
import dev.durable.tests.workflows.OrderWorkflowClient;
import dev.durable.tests.workflows.OrderWorkflowDurable;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Replay from checkpoints, durable timers, restarts, and non-determinism. */
class ReplayTest extends OnEachStore {
  private final AtomicBoolean newCode = new AtomicBoolean();
  private final AtomicReference<String> suffix = new AtomicReference<>("");
  private final AtomicBoolean tagsReversed = new AtomicBoolean();

  private DurableEngine engine() {
    return db.engine()
        .clock(clock)
        .register(new OrderWorkflowDurable(script))
        .register(new CatchingWorkflowDurable(script))
        .register(new ChangingWorkflowDurable(newCode))
        .register(new ChangingArgumentsWorkflowDurable(suffix, tagsReversed))
        .register(new NotifyWorkflowDurable(script))
        .build();
  }

  @Test
  void aDurableSleepSuspendsTheRunAndCompletedStepsNeverRunAgain() {
    try (DurableEngine engine = engine()) {
      RunHandle<String> run = OrderWorkflowClient.of(engine).start(new Order("lamp", 3));
      assertEquals(1, engine.tick());
      RunStatus sleeping = run.status();
      assertEquals(RunState.SLEEPING, sleeping.run().status());
      assertEquals(clock.instant().plus(OrderWorkflowDurable.COOL_OFF), sleeping.run().wakeAt());
      assertEquals(List.of("quote", "charge"),
          sleeping.steps().stream().map(s -> s.name()).toList(), "sleeps are not steps");

      assertEquals(0, engine.tick(), "nothing is due before the hour has passed");
      clock.advance(Duration.ofMinutes(59));
      assertEquals(0, engine.tick());
      clock.advance(Duration.ofMinutes(1));
      assertEquals(1, engine.tick());

      assertEquals("shipped ch_lamp_750", run.await(WAIT));
      assertEquals(1, script.executions("quote"));
      assertEquals(1, script.executions("charge"));
      assertEquals(1, script.executions("ship"));
      RunStatus done = run.status();
      assertEquals(RunState.COMPLETED, done.run().status());
      assertTrue(done.steps().stream().allMatch(s -> s.status() == StepState.COMPLETED));
    }
  }

  @Test
  @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
  void aSleepEndsOnTimeWhenTheClockHasNanosecondsTheStoreRounds() {
    // 999 ns: the stores keep microseconds and would round a wake-up time with these nanoseconds
    // up, a microsecond after the instant the sleep ends
    clock.advanceTo(clock.instant().plusNanos(999));
    try (DurableEngine engine = engine()) {
      RunHandle<String> run = OrderWorkflowClient.of(engine).start(new Order("lamp", 3));
      assertEquals(1, engine.tick());
      assertEquals(RunState.SLEEPING, run.status().run().status());

      clock.advance(OrderWorkflowDurable.COOL_OFF);
      assertEquals(1, engine.tick(), "the run is due the moment its sleep ends");
      assertEquals("shipped ch_lamp_750", run.await(WAIT));
    }
  }

  @Test
  void aStartedEngineWakesARunWhoseLongSleepIsOverAtItsNextPoll() {
    try (DurableEngine engine = engine()) {
      engine.start();
      RunHandle<String> run = OrderWorkflowClient.of(engine).start(new Order("lamp", 1));
      Await.until("the run sleeps", () -> run.status().run().status() == RunState.SLEEPING);
      // an hour is beyond the in-memory timers' horizon: the poll (woken as the clock moves) finds it
      clock.advance(OrderWorkflowDurable.COOL_OFF);
      assertEquals("shipped ch_lamp_250", run.await(WAIT));
    }
  }

  @Test
  void aRestartedEngineContinuesWhereTheRunStoppedWithoutRerunningSteps() {
    String runId;
    try (DurableEngine first = engine()) {
      runId = OrderWorkflowClient.of(first).start(new Order("desk", 2)).id();
      first.tick();
    }
    clock.advance(OrderWorkflowDurable.COOL_OFF);
    try (DurableEngine second = engine()) {
      second.start();
      assertEquals("shipped ch_desk_500",
          OrderWorkflowClient.of(second).get(runId).await(WAIT));
    }
    assertEquals(1, script.executions("quote"));
    assertEquals(1, script.executions("charge"));
    assertEquals(1, script.executions("ship"));
  }

  @Test
  void aCaughtStepFailureIsReplayedAsTheSameFailure() {
    script.failTimes("primary", 2);
    try (DurableEngine engine = engine()) {
      RunHandle<String> run = CatchingWorkflowClient.of(engine).start();
      engine.tick();
      clock.advance(Duration.ofMinutes(5));
      engine.tick();
      assertEquals("fallback after step_failed/2", run.await(WAIT));
      assertEquals(2, script.executions("primary"), "the failed step is not retried on replay");
      assertEquals(1, script.executions("fallback"));
      RunStatus status = run.status();
      assertEquals(StepState.FAILED, status.steps().get(0).status());
      assertEquals(StepState.COMPLETED, status.steps().get(1).status());
    }
  }

  @Test
  void changedCodeUnderARunningVersionFailsTheRunAsNonDeterministic() {
    try (DurableEngine engine = engine()) {
      RunHandle<String> run = ChangingWorkflowClient.of(engine).start();
      engine.tick();
      newCode.set(true);
      clock.advance(Duration.ofMinutes(1));
      engine.tick();
      RunFailedException failure = assertThrows(RunFailedException.class, () -> run.await(WAIT));
      assertEquals("non_determinism", failure.code());
      assertTrue(failure.getMessage().contains(
          "called step 'newStep' at position 0, where it had recorded step 'oldStep'"),
          failure.getMessage());

      newCode.set(false);
      engine.requeue(run.id());
      engine.tick();
      assertEquals("old", run.await(WAIT), "restoring the old code and requeueing recovers it");
    }
  }

  @Test
  void aStepCalledWithOtherArgumentsOnReplayFailsTheRunAsNonDeterministic() {
    try (DurableEngine engine = engine()) {
      RunHandle<String> run = ChangingArgumentsWorkflowClient.of(engine).start("ann");
      engine.tick();
      suffix.set("!");
      clock.advance(Duration.ofMinutes(1));
      engine.tick();
      RunFailedException failure = assertThrows(RunFailedException.class, () -> run.await(WAIT));
      assertEquals("non_determinism", failure.code());
      assertTrue(failure.getMessage().contains("called step 'greet' at position 0 with arguments"
          + " other than those it recorded there"), failure.getMessage());
      assertTrue(failure.getMessage().contains("[\"ann!\",{\"a\":1,\"b\":2}]"),
          failure.getMessage());

      suffix.set("");
      engine.requeue(run.id());
      engine.tick();
      assertEquals("hello ann {a=1, b=2}", run.await(WAIT),
          "restoring the old code and requeueing recovers it");
    }
  }

  @Test
  void argumentsEqualButEncodedInAnotherOrderReplayTheStep() {
    try (DurableEngine engine = engine()) {
      RunHandle<String> run = ChangingArgumentsWorkflowClient.of(engine).start("ann");
      engine.tick();
      // as a Map.of or a HashMap may iterate in another order after a restart
      tagsReversed.set(true);
      clock.advance(Duration.ofMinutes(1));
      engine.tick();
      assertEquals("hello ann {a=1, b=2}", run.await(WAIT));
    }
  }

  @Test
  void voidStepsAndAStepCallingAnotherStepMethod() {
    try (DurableEngine engine = engine()) {
      RunHandle<Void> run = NotifyWorkflowClient.of(engine).start();
      engine.tick();
      run.await(WAIT);
      assertEquals(List.of("sendAll", "send:a", "send:b"), script.recorder().entries());
      assertEquals(List.of("sendAll"), run.status().steps().stream().map(s -> s.name()).toList(),
          "a step method called from a step is a plain call inside that step");
    }
  }

  @Test
  void aSleepThatEndedIsRecordedCompleted() {
    try (DurableEngine engine = engine()) {
      RunHandle<String> run = OrderWorkflowClient.of(engine).start(new Order("lamp", 1));
      engine.tick();
      assertEquals(List.of(List.of("SLEEP", "RUNNING")), db.query(
          "SELECT kind, status FROM durable_steps WHERE kind = 'SLEEP'"), "while it sleeps");
      clock.advance(OrderWorkflowDurable.COOL_OFF);
      engine.tick();
      run.await(WAIT);
      assertEquals(List.of(
          List.of("STEP", "COMPLETED"), List.of("STEP", "COMPLETED"),
          List.of("SLEEP", "COMPLETED"), List.of("STEP", "COMPLETED")),
          db.query("SELECT kind, status FROM durable_steps ORDER BY seq"));
    }
  }

  @Test
  void aStepStartedEventSaysWhereTheStepRuns() {
    try (DurableEngine engine = engine()) {
      RunHandle<String> run = OrderWorkflowClient.of(engine).start(new Order("lamp", 1));
      engine.tick();
      clock.advance(OrderWorkflowDurable.COOL_OFF);
      engine.tick();
      run.await(WAIT);
      List<String> details = engine.history(run.id()).stream()
          .filter(event -> event.type().equals("step.started"))
          .map(event -> event.step().orElseThrow() + ": " + event.detail())
          .toList();
      assertEquals(List.of("quote: local", "charge: local", "ship: local"), details);
    }
  }

  @Test
  void everyTransitionIsWrittenToTheEventLog() {
    script.failTimes("quote", 1);
    try (DurableEngine engine = engine()) {
      RunHandle<String> run = OrderWorkflowClient.of(engine).start(new Order("cup", 1));
      engine.tick();
      clock.advance(OrderWorkflowDurable.COOL_OFF);
      engine.tick();
      run.await(WAIT);
      List<String> types = engine.history(run.id()).stream().map(HistoryEvent::type).toList();
      assertEquals(List.of(
          "run.created", "run.claimed",
          "step.started", "step.retrying", "step.completed",
          "step.started", "step.completed",
          "timer.started", "run.sleeping",
          "run.claimed",
          "step.started", "step.completed",
          "run.completed"), types);
      List<HistoryEvent> history = engine.history(run.id());
      for (int i = 1; i < history.size(); i++) {
        assertTrue(history.get(i).id() > history.get(i - 1).id(),
            "ids increase along the history: " + history);
      }
      HistoryEvent completed = history.get(11);
      assertEquals("step.completed", completed.type());
      assertEquals("ship", completed.step().orElseThrow());
      assertEquals(1, completed.attempt());
      HistoryEvent retry = engine.history(run.id()).get(3);
      assertEquals("quote", retry.step().orElseThrow());
      assertEquals(1, retry.attempt());
      assertTrue(retry.detail().contains("quote is unavailable"), retry.detail());
    }
  }
}
