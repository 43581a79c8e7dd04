package dev.durable.samples.signup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.HistoryEvent;
import dev.durable.runtime.InvalidInputException;
import dev.durable.runtime.RunFailedException;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.RunState;
import dev.durable.runtime.StepInfo;
import dev.durable.runtime.StepState;
import dev.durable.runtime.testing.TestClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The sign-up workflow end to end on an in-memory database, driven by {@code tick()} and a {@link
 * TestClock}. Step timeouts are measured in real time, so the hung fraud check costs one second.
 */
class SignupWorkflowTest {
  private static final Duration WAIT = Duration.ofSeconds(5);
  private static final Signup ADA = new Signup("ada@example.com", "Ada");

  private final TestClock clock = TestClock.at(Instant.parse("2026-01-05T09:00:00Z"));
  private final AccountService accounts = new AccountService();

  private DurableEngine engine(FraudCheck fraud, Mailer mailer) {
    return DurableEngine.builder()
        .inMemory()
        .clock(clock)
        .register(new SignupWorkflowDurable(fraud, accounts, mailer))
        .build();
  }

  @Test
  void aFormSubmittedTwiceWithOneKeyStartsOneRun() {
    FraudCheck fraud = new FraudCheck(0);
    Mailer mailer = new Mailer(10);
    try (DurableEngine engine = engine(fraud, mailer)) {
      SignupWorkflowClient signups = SignupWorkflowClient.of(engine);
      RunHandle<String> first = signups.start("form-1", ADA);
      RunHandle<String> second = signups.start("form-1", ADA);
      assertEquals(first.id(), second.id());

      assertEquals(1, engine.tick(), "one run, executed in one turn");
      assertEquals("acc-1", second.await(WAIT));
      assertEquals(1, count(engine.history("form-1"), "run.created"));
      assertEquals(1, fraud.calls());
      assertEquals(1, accounts.opened());
      assertEquals(1, mailer.sent());
    }
  }

  @Test
  void aHungFraudCheckIsCutOffByItsTimeoutAbortedAndRetried() {
    FraudCheck fraud = new FraudCheck(1);
    try (DurableEngine engine = engine(fraud, new Mailer(10))) {
      RunHandle<String> run = SignupWorkflowClient.of(engine).start("form-2", ADA);
      engine.tick();

      assertEquals("acc-1", run.await(WAIT));
      StepInfo checkFraud = engine.getRunStatus(run.id()).steps().get(0);
      assertEquals("checkFraud", checkFraud.name());
      assertEquals(StepState.COMPLETED, checkFraud.status());
      assertEquals(2, checkFraud.attempts());
      assertEquals(2, fraud.calls());
      assertEquals(1, fraud.abortedCalls(), "the timed-out request was cancelled through onCancel");
      HistoryEvent retry = engine.history(run.id()).stream()
          .filter(event -> event.type().equals("step.retrying"))
          .findFirst().orElseThrow();
      assertEquals(1, retry.attempt());
      assertTrue(retry.detail().startsWith("step 'checkFraud' attempt 1 timed out after 1000 ms"),
          retry.detail());
    }
  }

  @Test
  void aUsedUpQuotaFailsTheStepAtOnceAndARequeueFinishesWithoutRepeatingSteps() {
    FraudCheck fraud = new FraudCheck(0);
    Mailer mailer = new Mailer(0);
    try (DurableEngine engine = engine(fraud, mailer)) {
      RunHandle<String> run = SignupWorkflowClient.of(engine).start("form-3", ADA);
      engine.tick();

      RunFailedException failure = assertThrows(RunFailedException.class, () -> run.await(WAIT));
      assertEquals("step_failed", failure.code());
      assertEquals(Mailer.QuotaExceededException.class.getName(), failure.error().type());
      assertEquals("sendWelcomeEmail", failure.error().step().orElseThrow());
      StepInfo mail = engine.getRunStatus(run.id()).steps().get(2);
      assertEquals(StepState.FAILED, mail.status());
      assertEquals(1, mail.attempts(), "3 attempts allowed, but the quota error is non-retryable");

      mailer.raiseQuota(1);
      engine.requeue(run.id());
      engine.tick();

      assertEquals("acc-1", run.await(WAIT));
      assertEquals(RunState.COMPLETED, engine.getRunStatus(run.id()).run().status());
      assertEquals(1, fraud.calls(), "completed steps were not run again");
      assertEquals(1, accounts.opened());
      assertEquals(1, mailer.sent());
    }
  }

  @Test
  void aRefusedSignupFailsTheRunWithTheWorkflowsCode() {
    try (DurableEngine engine = engine(new FraudCheck(0), new Mailer(10))) {
      RunHandle<String> run = SignupWorkflowClient.of(engine)
          .start("form-4", new Signup("bot@mailinator.com", "Bot"));
      engine.tick();

      RunFailedException failure = assertThrows(RunFailedException.class, () -> run.await(WAIT));
      assertEquals("refused", failure.code());
      assertEquals("sign-up refused: disposable address", failure.getMessage());
      assertEquals(0, accounts.opened());
    }
  }

  @Test
  void anInvalidAddressIsRefusedAtStart() {
    try (DurableEngine engine = engine(new FraudCheck(0), new Mailer(10))) {
      InvalidInputException refused = assertThrows(InvalidInputException.class,
          () -> SignupWorkflowClient.of(engine).start("form-5", new Signup("not-an-email", "X")));
      assertEquals(1, refused.violations().size(), refused.violations().toString());
      assertTrue(refused.violations().get(0).startsWith("signup.email: "),
          refused.violations().toString());
    }
  }

  private static long count(List<HistoryEvent> history, String type) {
    return history.stream().filter(event -> event.type().equals(type)).count();
  }
}
