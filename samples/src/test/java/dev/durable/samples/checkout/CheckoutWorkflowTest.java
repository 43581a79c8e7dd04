package dev.durable.samples.checkout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.InvalidInputException;
import dev.durable.runtime.RunFailedException;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.RunState;
import dev.durable.runtime.RunStatus;
import dev.durable.runtime.StepInfo;
import dev.durable.runtime.StepState;
import dev.durable.runtime.UnknownRunException;
import dev.durable.runtime.testing.TestClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The checkout workflow end to end, through the code the processor generated, on an in-memory
 * database. The engine is driven by {@code tick()} and a {@link TestClock}: backoffs and the
 * cancellation window pass without waiting.
 */
class CheckoutWorkflowTest {
  private static final Duration WAIT = Duration.ofSeconds(5);
  private static final Order ORDER = new Order("A1", "socks", 2, "tok_visa");

  private final TestClock clock = TestClock.at(Instant.parse("2026-01-05T09:00:00Z"));
  private final PaymentGateway payments = new PaymentGateway();

  private DurableEngine engine(PricingClient pricing) {
    return DurableEngine.builder()
        .inMemory()
        .clock(clock)
        .register(new CheckoutWorkflowDurable(pricing, payments))
        .build();
  }

  @Test
  void theCheckoutGoesThroughOnceTheFlakyPricingServiceAnswers() {
    PricingClient pricing = new PricingClient(2);
    try (DurableEngine engine = engine(pricing)) {
      Instant started = clock.instant();
      RunHandle<String> run = CheckoutWorkflowClient.of(engine).start("checkout-A1", ORDER);

      // Runs until the workflow sleeps: the two backoffs are waited out by moving the clock.
      engine.tick();
      RunStatus sleeping = engine.getRunStatus(run.id());
      assertEquals(RunState.SLEEPING, sleeping.run().status());
      StepInfo fetchQuote = sleeping.steps().get(0);
      assertEquals("fetchQuote", fetchQuote.name());
      assertEquals(StepState.COMPLETED, fetchQuote.status());
      assertEquals(3, fetchQuote.attempts());
      StepInfo charge = sleeping.steps().get(1);
      assertEquals(StepState.COMPLETED, charge.status());
      assertEquals(1, charge.attempts());
      long backoffMs = Duration.between(started, clock.instant()).toMillis();
      assertTrue(backoffMs >= 100 + 200 && backoffMs <= 200 + 400,
          "jittered EXP backoff of 200 ms before attempts 2 and 3, but waited " + backoffMs);
      assertEquals(clock.instant().plus(CheckoutWorkflow.CANCELLATION_WINDOW),
          sleeping.run().wakeAt());

      assertEquals(0, engine.tick(), "nothing is due during the cancellation window");
      clock.advance(CheckoutWorkflow.CANCELLATION_WINDOW);
      engine.tick();

      assertEquals("ch_A1", run.await(WAIT));
      assertEquals(3, pricing.calls());
      assertEquals(1, payments.calls(), "replays after the sleep did not charge again");
    }
  }

  @Test
  void aDeclinedCardFailsTheRunAtOnceWithItsCode() {
    try (DurableEngine engine = engine(new PricingClient(0))) {
      RunHandle<String> run = CheckoutWorkflowClient.of(engine)
          .start("checkout-B2", new Order("B2", "socks", 1, PaymentGateway.DECLINED_CARD));
      engine.tick();

      RunFailedException failure = assertThrows(RunFailedException.class, () -> run.await(WAIT));
      assertEquals("declined", failure.code());
      assertEquals("card declined", failure.getMessage());
      assertEquals("charge", failure.error().step().orElseThrow());
      RunStatus status = engine.getRunStatus(run.id());
      assertEquals(RunState.FAILED, status.run().status());
      StepInfo charge = status.steps().get(1);
      assertEquals(StepState.FAILED, charge.status());
      assertEquals(1, charge.attempts(), "3 attempts allowed, but a FatalError is never retried");
      assertEquals(1, payments.calls());
    }
  }

  @Test
  void anInvalidOrderIsRefusedAtStartAndNothingIsStored() {
    try (DurableEngine engine = engine(new PricingClient(0))) {
      CheckoutWorkflowClient checkout = CheckoutWorkflowClient.of(engine);
      InvalidInputException refused = assertThrows(InvalidInputException.class,
          () -> checkout.start("checkout-C3", new Order("C3", " ", 0, "tok_visa")));

      List<String> violations = refused.violations();
      assertEquals(2, violations.size(), violations.toString());
      assertTrue(violations.get(0).startsWith("order.quantity: "), violations.toString());
      assertTrue(violations.get(1).startsWith("order.sku: "), violations.toString());
      assertThrows(UnknownRunException.class, () -> engine.getRunStatus("checkout-C3"));
      assertEquals(0, engine.tick());
    }
  }

  @Test
  void aPricingServiceThatStaysDownFailsTheRunAfterFiveAttempts() {
    PricingClient pricing = new PricingClient(Integer.MAX_VALUE);
    try (DurableEngine engine = engine(pricing)) {
      RunHandle<String> run = CheckoutWorkflowClient.of(engine).start("checkout-D4", ORDER);
      engine.tick();

      RunFailedException failure = assertThrows(RunFailedException.class, () -> run.await(WAIT));
      assertEquals("step_failed", failure.code());
      assertEquals("pricing service unavailable (HTTP 503)", failure.getMessage());
      List<StepInfo> steps = engine.getRunStatus(run.id()).steps();
      assertEquals(1, steps.size(), "the card was never charged");
      assertEquals(5, steps.get(0).attempts());
      assertEquals(5, pricing.calls());
      assertEquals(0, payments.calls());
    }
  }
}
