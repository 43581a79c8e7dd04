package dev.durable.samples.signup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.runtime.HistoryEvent;
import dev.durable.runtime.InvalidInputException;
import dev.durable.runtime.RunFailedException;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.RunState;
import dev.durable.runtime.StepInfo;
import dev.durable.runtime.StepState;
import dev.durable.test.DurableTest;
import dev.durable.test.DurableTestEnv;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The sign-up workflow end to end on the test kit's in-memory database. Step timeouts are measured
 * in real time, so the hung fraud check costs one second.
 */
@DurableTest
class SignupWorkflowTest {
  private static final Duration WAIT = Duration.ofSeconds(5);
  private static final Signup ADA = new Signup("ada@example.com", "Ada");

  private final AccountService accounts = new AccountService();

  /** Registers the workflow with the test's fakes; its client. */
  private SignupWorkflowClient signups(DurableTestEnv env, FraudCheck fraud, Mailer mailer) {
    env.register(new SignupWorkflowDurable(fraud, accounts, mailer));
    return SignupWorkflowClient.of(env.engine());
  }

  @Test
  void aFormSubmittedTwiceWithOneKeyStartsOneRun(DurableTestEnv env) {
    FraudCheck fraud = new FraudCheck(0);
    Mailer mailer = new Mailer(10);
    SignupWorkflowClient signups = signups(env, fraud, mailer);
    RunHandle<String> first = signups.start("form-1", ADA);
    RunHandle<String> second = signups.start("form-1", ADA);
    assertEquals(first.id(), second.id());

    assertEquals(1, env.runUntilIdle(), "one run, executed in one turn");
    assertEquals("acc-1", second.await(WAIT));
    assertEquals(1, env.history("form-1").count("run.created"));
    assertEquals(1, fraud.calls());
    assertEquals(1, accounts.opened());
    assertEquals(1, mailer.sent());
  }

  @Test
  void aHungFraudCheckIsCutOffByItsTimeoutAbortedAndRetried(DurableTestEnv env) {
    FraudCheck fraud = new FraudCheck(1);
    RunHandle<String> run = signups(env, fraud, new Mailer(10)).start("form-2", ADA);
    env.runUntilIdle();

    assertEquals("acc-1", run.await(WAIT));
    StepInfo checkFraud = run.status().steps().get(0);
    assertEquals("checkFraud", checkFraud.name());
    assertEquals(StepState.COMPLETED, checkFraud.status());
    assertEquals(2, checkFraud.attempts());
    assertEquals(2, fraud.calls());
    assertEquals(1, fraud.abortedCalls(), "the timed-out request was cancelled through onCancel");
    HistoryEvent retry = env.history(run.id()).first("step.retrying");
    assertEquals(1, retry.attempt());
    assertTrue(retry.detail().startsWith("step 'checkFraud' attempt 1 timed out after 1000 ms"),
        retry.detail());
  }

  @Test
  void aUsedUpQuotaFailsTheStepAtOnceAndARequeueFinishesWithoutRepeatingSteps(
      DurableTestEnv env) {
    FraudCheck fraud = new FraudCheck(0);
    Mailer mailer = new Mailer(0);
    RunHandle<String> run = signups(env, fraud, mailer).start("form-3", ADA);
    env.runUntilIdle();

    RunFailedException failure = assertThrows(RunFailedException.class, () -> run.await(WAIT));
    assertEquals("step_failed", failure.code());
    assertEquals(Mailer.QuotaExceededException.class.getName(), failure.error().type());
    assertEquals("sendWelcomeEmail", failure.error().step().orElseThrow());
    StepInfo mail = run.status().steps().get(2);
    assertEquals(StepState.FAILED, mail.status());
    assertEquals(1, mail.attempts(), "3 attempts allowed, but the quota error is non-retryable");

    mailer.raiseQuota(1);
    env.engine().requeue(run.id());
    env.runUntilIdle();

    assertEquals("acc-1", run.await(WAIT));
    assertEquals(RunState.COMPLETED, run.status().run().status());
    assertEquals(1, fraud.calls(), "completed steps were not run again");
    assertEquals(1, accounts.opened());
    assertEquals(1, mailer.sent());
  }

  @Test
  void aRefusedSignupFailsTheRunWithTheWorkflowsCode(DurableTestEnv env) {
    RunHandle<String> run = signups(env, new FraudCheck(0), new Mailer(10))
        .start("form-4", new Signup("bot@mailinator.com", "Bot"));
    env.runUntilIdle();

    RunFailedException failure = assertThrows(RunFailedException.class, () -> run.await(WAIT));
    assertEquals("refused", failure.code());
    assertEquals("sign-up refused: disposable address", failure.getMessage());
    assertEquals(0, accounts.opened());
  }

  @Test
  void anInvalidAddressIsRefusedAtStart(DurableTestEnv env) {
    SignupWorkflowClient signups = signups(env, new FraudCheck(0), new Mailer(10));
    InvalidInputException refused = assertThrows(InvalidInputException.class,
        () -> signups.start("form-5", new Signup("not-an-email", "X")));
    assertEquals(1, refused.violations().size(), refused.violations().toString());
    assertTrue(refused.violations().get(0).startsWith("signup.email: "),
        refused.violations().toString());
  }
}
