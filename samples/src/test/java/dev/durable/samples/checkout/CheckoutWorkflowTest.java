package dev.durable.samples.checkout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.runtime.CompensationInfo;
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
  private static final Order ORDER = new Order("A1", "socks", 2, "tok_visa", "DE");

  private final TestClock clock = TestClock.at(Instant.parse("2026-01-05T09:00:00Z"));
  private final PaymentGateway payments = new PaymentGateway();
  private final Carrier carrier = new Carrier();

  private DurableEngine engine(PricingClient pricing) {
    return DurableEngine.builder()
        .inMemory()
        .clock(clock)
        .register(new CheckoutWorkflowDurable(pricing, payments, carrier))
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
      assertEquals(0, carrier.calls(), "nothing ships during the cancellation window");

      assertEquals(0, engine.tick(), "nothing is due during the cancellation window");
      clock.advance(CheckoutWorkflow.CANCELLATION_WINDOW);
      engine.tick();

      assertEquals("charged ch_A1, shipped as TRK-A1", run.await(WAIT));
      assertEquals(3, pricing.calls());
      assertEquals(1, payments.calls(), "replays after the sleep did not charge again");
      assertEquals(1, carrier.calls());
      assertEquals(List.of(), engine.getRunStatus(run.id()).compensations());
      assertEquals(2_500, payments.heldCents());
    }
  }

  @Test
  void aDeclinedCardIsTakenByItsRouteWhoseResultCompletesTheRun() {
    try (DurableEngine engine = engine(new PricingClient(0))) {
      RunHandle<String> run = CheckoutWorkflowClient.of(engine)
          .start("checkout-B2", new Order("B2", "socks", 1, PaymentGateway.DECLINED_CARD, "DE"));
      engine.tick();

      assertEquals("declined: card declined, nothing charged", run.await(WAIT));
      RunStatus status = engine.getRunStatus(run.id());
      assertEquals(RunState.COMPLETED, status.run().status());
      StepInfo charge = status.steps().get(1);
      assertEquals("charge", charge.name());
      assertEquals(StepState.FAILED, charge.status());
      assertEquals(1, charge.attempts(), "3 attempts allowed, but a FatalError is never retried");
      assertEquals(2, status.steps().size(), "the route calls no step; nothing is shipped");
      assertEquals(List.of(), status.compensations(), "a failed charge has nothing to refund");
      assertEquals(1, payments.calls());
      assertEquals(0, payments.refunds());
      assertEquals(0, carrier.calls());
      assertTrue(engine.history(run.id()).stream().anyMatch(e -> e.type().equals("run.completed")
          && "by the @OnError route for code 'declined' after: card declined".equals(e.detail())));
    }
  }

  @Test
  void aParcelNoCarrierTakesFailsTheRunAndTheChargeIsRefundedOnce() {
    try (DurableEngine engine = engine(new PricingClient(0))) {
      RunHandle<String> run = CheckoutWorkflowClient.of(engine)
          .start("checkout-E5", new Order("E5", "scarf", 1, "tok_visa", "AQ"));
      engine.tick();
      clock.advance(CheckoutWorkflow.CANCELLATION_WINDOW);
      engine.tick();

      RunFailedException failure = assertThrows(RunFailedException.class, () -> run.await(WAIT));
      assertEquals("no_carrier", failure.code());
      assertEquals("no carrier serves AQ", failure.getMessage());
      assertEquals("ship", failure.error().step().orElseThrow());
      RunStatus status = engine.getRunStatus(run.id());
      assertEquals(RunState.FAILED, status.run().status());
      assertEquals(List.of(new CompensationInfo("charge", 1, "refund", StepState.COMPLETED)),
          status.compensations());
      assertEquals(1, carrier.calls(), "3 attempts allowed, but no carrier is final");
      assertEquals(1, payments.calls(), "charged once");
      assertEquals(1, payments.refunds(), "refunded once");
      assertEquals(0, payments.heldCents(), "the money is back");
      assertTrue(engine.history(run.id()).stream().anyMatch(e -> e.type().equals("run.compensating")
          && "after [no_carrier]: refund undoes charge (position 1)".equals(e.detail())));

      IllegalStateException refused =
          assertThrows(IllegalStateException.class, () -> engine.requeue(run.id()));
      assertTrue(refused.getMessage().contains("start a new run instead"), refused.getMessage());
    }
  }

  @Test
  void anInvalidOrderIsRefusedAtStartAndNothingIsStored() {
    try (DurableEngine engine = engine(new PricingClient(0))) {
      CheckoutWorkflowClient checkout = CheckoutWorkflowClient.of(engine);
      InvalidInputException refused = assertThrows(InvalidInputException.class,
          () -> checkout.start("checkout-C3", new Order("C3", " ", 0, "tok_visa", "Germany")));

      List<String> violations = refused.violations();
      assertEquals(3, violations.size(), violations.toString());
      assertEquals("order.country: must be a two-letter country code such as DE (was Germany)",
          violations.get(0));
      assertTrue(violations.get(1).startsWith("order.quantity: "), violations.toString());
      assertTrue(violations.get(2).startsWith("order.sku: "), violations.toString());
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
      assertEquals(List.of(), engine.getRunStatus(run.id()).compensations());
    }
  }
}
