package dev.durable.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.runtime.FatalError;
import dev.durable.runtime.RunFailedException;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.StepInfo;
import dev.durable.test.workflows.PaymentWorkflowClient;
import dev.durable.test.workflows.PaymentWorkflowDurable;
import java.time.Duration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

/** An error injected into a local step's next attempt is taken as that attempt's outcome. */
@DurableTest
class FaultInjectionTest {
  private static final Duration WAIT = Duration.ofSeconds(1);

  private final PaymentWorkflowDurable payments = new PaymentWorkflowDurable();

  @BeforeEach
  void register(DurableTestEnv env) {
    env.register(payments);
  }

  @Test
  void anInjectedFailureConsumesOneAttemptThenTheStepSucceedsAfterItsBackoff(
      DurableTestEnv env) {
    env.failNextAttempt("charge", new IllegalStateException("gateway timeout"));
    RunHandle<String> run = PaymentWorkflowClient.of(env.engine()).start("A1");

    env.runUntilIdle();

    assertEquals("R-A1, ch_A1", run.await(WAIT));
    StepInfo charge = run.status().steps().get(1);
    assertEquals(2, charge.attempts());
    assertEquals(1, payments.charges.get(), "the failed attempt never called the step");
    assertEquals(DurableTestEnv.START.plus(Duration.ofMinutes(10)), env.clock().instant(),
        "the 10-minute backoff passed by moving the clock");
    env.history(run.id())
        .containsInOrder("step.retrying charge", "step.completed charge", "run.completed");
    assertTrue(env.history(run.id()).first("step.retrying charge").detail()
        .startsWith("gateway timeout"));
  }

  @Test
  void errorsInjectedTwiceFailTwoAttemptsInTurn(DurableTestEnv env) {
    env.failNextAttempt("charge", new IllegalStateException("first"))
        .failNextAttempt("charge", new IllegalStateException("second"));
    RunHandle<String> run = PaymentWorkflowClient.of(env.engine()).start("A2");

    env.runUntilIdle();

    assertEquals("R-A2, ch_A2", run.await(WAIT));
    assertEquals(3, run.status().steps().get(1).attempts());
    assertEquals(2, env.history(run.id()).count("step.retrying charge"));
  }

  @Test
  void anInjectedFailureOnAStepWithoutRetriesFailsTheRun(DurableTestEnv env) {
    env.failNextAttempt("reserve", new IllegalStateException("warehouse offline"));
    RunHandle<String> run = PaymentWorkflowClient.of(env.engine()).start("B1");

    env.runUntilIdle();

    RunFailedException failure = assertThrows(RunFailedException.class, () -> run.await(WAIT));
    assertEquals("step_failed", failure.code());
    assertEquals("warehouse offline", failure.getMessage());
    assertEquals(0, payments.reservations.get());
    assertEquals(0, payments.charges.get());
    env.history(run.id()).containsInOrder("step.failed reserve", "run.failed")
        .doesNotContain("step.started charge");
  }

  @Test
  void anInjectedFatalErrorSkipsTheRetriesAndReachesItsErrorRoute(DurableTestEnv env) {
    env.failNextAttempt("charge", new FatalError("card declined", "declined"));
    RunHandle<String> run = PaymentWorkflowClient.of(env.engine()).start("C1");

    env.runUntilIdle();

    assertEquals("declined: card declined", run.await(WAIT));
    assertEquals(1, run.status().steps().get(1).attempts(), "a FatalError is never retried");
    assertEquals(0, payments.charges.get());
    env.history(run.id()).containsInOrder("step.failed charge", "run.completed");
  }

  @Test
  void anInjectedFailureThatNoAttemptThrewIsReported() {
    // an env of its own: the one the extension gives would fail this test after it, rightly
    try (DurableTestEnv env = DurableTestEnv.create().register(new PaymentWorkflowDurable())) {
      env.failNextAttempt("chrage", new IllegalStateException("misspelt"))
          .failNextAttempt("charge", new IllegalStateException("thrown"));
      PaymentWorkflowClient.of(env.engine()).start("D1");
      env.runUntilIdle();

      AssertionFailedError unused =
          assertThrows(AssertionFailedError.class, env::requireInjectedFailuresThrown);
      assertTrue(unused.getMessage().startsWith("failNextAttempt(...) injected an error that no"
          + " attempt threw, for step(s) [chrage]: none of their attempts began after it"),
          unused.getMessage());
    }
  }
}
