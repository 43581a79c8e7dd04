package dev.durable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.HistoryEvent;
import dev.durable.runtime.RunFailedException;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.RunState;
import dev.durable.runtime.RunStatus;
import dev.durable.runtime.StepInfo;
import dev.durable.runtime.StepState;
import dev.durable.tests.support.Await;
import dev.durable.tests.workflows.BackoffWorkflowClient;
import dev.durable.tests.workflows.BackoffWorkflowDurable;
import dev.durable.tests.workflows.Order;
import dev.durable.tests.workflows.OrderWorkflowClient;
import dev.durable.tests.workflows.OrderWorkflowDurable;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Retries, the backoff formulas, durable backoff on a started engine, and in-process waits. */
class RetryAndBackoffTest extends OnEachStore {

  private DurableEngine engine(int maxConcurrentRuns) {
    return db.engine()
        .clock(clock)
        .maxConcurrentRuns(maxConcurrentRuns)
        .register(new OrderWorkflowDurable(script))
        .register(new BackoffWorkflowDurable(script))
        .build();
  }

  @Test
  void aStartedEngineSuspendsARetryInStorageUntilItsBackoffPasses() {
    script.failTimes("quote", 1);
    try (DurableEngine engine = engine(4)) {
      engine.start();
      Instant failedAt = clock.instant();
      RunHandle<String> run = OrderWorkflowClient.of(engine).start(new Order("book", 2));

      RunStatus backingOff = Await.value("the quote retries", () -> {
        RunStatus s = run.status();
        return s.steps().size() == 1 && s.steps().get(0).status() == StepState.RETRYING ? s : null;
      });
      assertEquals(RunState.SLEEPING, backingOff.run().status());
      assertEquals(failedAt.plus(Duration.ofMinutes(10)), backingOff.run().wakeAt());
      assertTrue(backingOff.run().owner().isEmpty(), "a run in backoff holds no lease");
      StepInfo quote = backingOff.steps().get(0);
      assertEquals("quote", quote.name());
      assertEquals(1, quote.attempts());
      assertEquals("quote is unavailable", quote.error());
      assertEquals(failedAt.plus(Duration.ofMinutes(10)), quote.nextAttemptAt());

      clock.advance(Duration.ofMinutes(10));
      Await.until("the run sleeps after charging",
          () -> run.status().run().status() == RunState.SLEEPING
              && run.status().steps().size() == 2);
      assertEquals(2, script.executions("quote"));
      StepInfo retried = run.status().steps().get(0);
      assertEquals(StepState.COMPLETED, retried.status());
      assertEquals(2, retried.attempts());

      clock.advance(OrderWorkflowDurable.COOL_OFF);
      assertEquals("shipped ch_book_500", run.await(WAIT));
    }
  }

  @Test
  void aRunInBackoffHoldsNoConcurrencySlot() {
    script.failTimes("quote", 1);
    try (DurableEngine engine = engine(1)) {
      engine.start();
      RunHandle<String> waiting = OrderWorkflowClient.of(engine).start(new Order("slow", 1));
      Await.until("the first run backs off",
          () -> waiting.status().run().status() == RunState.SLEEPING);

      RunHandle<String> other = OrderWorkflowClient.of(engine).start(new Order("fast", 1));
      Await.until("the second run reaches its sleep in the only slot",
          () -> other.status().steps().size() == 2
              && other.status().run().status() == RunState.SLEEPING);
      assertEquals(RunState.SLEEPING, waiting.status().run().status());
    }
  }

  @Test
  void aRetryDueSoonIsWokenOnTimeByAnInMemoryTimerNotByThePoll() {
    script.failTimes("exp", 2);
    try (DurableEngine engine = db.engine()
        .pollInterval(Duration.ofHours(1))
        .register(new BackoffWorkflowDurable(script))
        .build()) {
      engine.start();
      RunHandle<Integer> run = BackoffWorkflowClient.of(engine).start();
      // real clock: 100 ms and 200 ms backoffs; only a timer can wake the run within the hour
      assertEquals(15, run.await(WAIT));
      assertEquals(3, script.executions("exp"));
    }
  }

  @Test
  void aRetryOnAStartedEngineNeverStartsBeforeItsBackoffEnds() {
    script.failTimes("exp", 3);
    try (DurableEngine engine = db.engine().register(new BackoffWorkflowDurable(script)).build()) {
      engine.start();
      RunHandle<Integer> run = BackoffWorkflowClient.of(engine).start();
      // real clock: the engine claims the run back ahead of each backoff's end, and waits the rest
      assertEquals(15, run.await(WAIT));
      List<Instant> retried = engine.history(run.id()).stream()
          .filter(event -> event.type().equals("step.retrying"))
          .map(HistoryEvent::at)
          .toList();
      List<Instant> attempts = script.entered("exp");
      assertEquals(3, retried.size());
      assertEquals(4, attempts.size());
      for (int failure = 0; failure < 3; failure++) {
        Instant due = retried.get(failure).plusMillis(100L << failure);
        assertFalse(attempts.get(failure + 1).isBefore(due),
            "attempt " + (failure + 2) + " started at " + attempts.get(failure + 1)
                + ", before its backoff ended at " + due);
      }
    }
  }

  @Test
  void aTickDrivenEngineWaitsTheBackoffOutInProcess() {
    script.failTimes("quote", 2);
    try (DurableEngine engine = engine(4)) {
      Instant start = clock.instant();
      RunHandle<String> run = OrderWorkflowClient.of(engine).start(new Order("book", 1));
      engine.tick();
      assertEquals(3, script.executions("quote"));
      assertEquals(start.plus(Duration.ofMinutes(20)), clock.instant(),
          "the test clock moved by the two fixed 10-minute backoffs");
      RunStatus status = run.status();
      assertEquals(RunState.SLEEPING, status.run().status(), "now waiting for the cool-off");
      assertEquals(3, status.steps().get(0).attempts());
    }
  }

  @Test
  void eachBackoffKindWaitsWhatItsFormulaSays() {
    script.failTimes("exp", 3).failTimes("linear", 3).failTimes("fixed", 3)
        .failTimes("capped", 4);
    try (DurableEngine engine = engine(4)) {
      engine.start();
      RunHandle<Integer> run = BackoffWorkflowClient.of(engine).start();
      // exp 100·2^(n-1); linear 300·n; fixed 700; capped min(1000·2^(n-1), 2500)
      long[][] expected = {
        {100, 200, 400}, {300, 600, 900}, {700, 700, 700}, {1000, 2000, 2500, 2500}
      };
      String[] steps = {"exp", "linear", "fixed", "capped"};
      for (int s = 0; s < steps.length; s++) {
        for (int failure = 0; failure < expected[s].length; failure++) {
          int position = s;
          int attempts = failure + 1;
          RunStatus status = Await.value(steps[s] + " fails attempt " + attempts, () -> {
            RunStatus current = run.status();
            return current.steps().size() == position + 1
                    && current.steps().get(position).status() == StepState.RETRYING
                    && current.steps().get(position).attempts() == attempts
                    && current.run().status() == RunState.SLEEPING
                ? current : null;
          });
          Instant failedAt = clock.instant();
          StepInfo step = status.steps().get(position);
          assertEquals(Duration.ofMillis(expected[s][failure]),
              Duration.between(failedAt, step.nextAttemptAt()), steps[s] + " after " + attempts);
          clock.advance(Duration.ofMillis(expected[s][failure]));
        }
      }
      assertEquals(15, run.await(WAIT));
    }
  }

  @Test
  void jitterPicksADelayBetweenHalfAndAllOfTheBackoff() {
    script.failTimes("jittered", 2);
    try (DurableEngine engine = engine(4)) {
      engine.start();
      RunHandle<Integer> run = BackoffWorkflowClient.of(engine).start();
      for (int attempts = 1; attempts <= 2; attempts++) {
        int made = attempts;
        StepInfo jittered = Await.value("jittered fails attempt " + made, () -> {
          RunStatus s = run.status();
          return s.steps().size() == 5 && s.steps().get(4).attempts() == made
                  && s.steps().get(4).status() == StepState.RETRYING
                  && s.run().status() == RunState.SLEEPING
              ? s.steps().get(4) : null;
        });
        long delay = Duration.between(clock.instant(), jittered.nextAttemptAt()).toMillis();
        assertTrue(delay >= 500 && delay <= 1000, "jittered delay " + delay + " ms");
        clock.advance(Duration.ofMillis(delay));
      }
      assertEquals(15, run.await(WAIT));
    }
  }

  @Test
  void exhaustedRetriesFailTheRunWithTheLastError() {
    script.failTimes("quote", 3);
    try (DurableEngine engine = engine(4)) {
      RunHandle<String> run = OrderWorkflowClient.of(engine).start(new Order("book", 1));
      engine.tick();
      RunFailedException failure = assertThrows(RunFailedException.class, () -> run.await(WAIT));
      assertEquals("quote is unavailable", failure.getMessage());
      assertEquals("step_failed", failure.code());
      assertEquals("quote", failure.error().step().orElseThrow());
      RunStatus status = run.status();
      assertEquals(RunState.FAILED, status.run().status());
      assertEquals(StepState.FAILED, status.steps().get(0).status());
      assertEquals(3, status.steps().get(0).attempts());
      assertEquals(3, script.executions("quote"));
    }
  }

  @Test
  void aFatalErrorIsNeverRetriedAndItsCodeReachesTheCaller() {
    try (DurableEngine engine = engine(4)) {
      RunHandle<String> run = OrderWorkflowClient.of(engine).start(new Order("piano", 500));
      engine.tick();
      RunFailedException failure = assertThrows(RunFailedException.class, () -> run.await(WAIT));
      assertEquals("declined", failure.code());
      assertEquals("card declined for 125000 cents", failure.getMessage());
      assertEquals(1, script.executions("charge"), "charge allows 2 attempts but made 1");
      RunStatus status = run.status();
      assertEquals("declined", status.run().error().orElseThrow().code());
      assertEquals(1, status.steps().get(1).attempts());
      assertEquals(StepState.FAILED, status.steps().get(1).status());
    }
  }

  @Test
  void theAttemptCountSurvivesARestartSoRetriesHold() {
    script.failTimes("quote", 5);
    String runId;
    try (DurableEngine first = engine(4)) {
      first.start();
      RunHandle<String> run = OrderWorkflowClient.of(first).start(new Order("book", 1));
      runId = run.id();
      Await.until("attempt 1 failed", () -> run.status().run().status() == RunState.SLEEPING);
      assertEquals(1, script.executions("quote"));
    }
    clock.advance(Duration.ofMinutes(10));
    try (DurableEngine second = engine(4)) {
      second.tick();
      // attempts 2 and 3 ran here: 3 in all, the declared budget, not 3 more
      assertEquals(3, script.executions("quote"));
      RunStatus status = second.getRunStatus(runId);
      assertEquals(RunState.FAILED, status.run().status());
      assertEquals(3, status.steps().get(0).attempts());
    }
  }
}
