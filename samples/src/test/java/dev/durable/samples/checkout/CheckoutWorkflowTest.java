package dev.durable.samples.checkout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.runtime.CompensationInfo;
import dev.durable.runtime.InvalidInputException;
import dev.durable.runtime.RunFailedException;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.RunState;
import dev.durable.runtime.RunStatus;
import dev.durable.runtime.StepInfo;
import dev.durable.runtime.StepState;
import dev.durable.runtime.UnknownRunException;
import dev.durable.test.DurableTest;
import dev.durable.test.DurableTestEnv;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The checkout workflow end to end, through the code the processor generated, on the test kit's
 * in-memory database. The kit drives the engine; backoffs and the cancellation window pass by
 * moving its clock, without waiting.
 */
@DurableTest
class CheckoutWorkflowTest {
  private static final Duration WAIT = Duration.ofSeconds(5);
  private static final Order ORDER = new Order("A1", "socks", 2, "tok_visa", "DE");

  private final PaymentGateway payments = new PaymentGateway();
  private final Carrier carrier = new Carrier();

  /** Registers the workflow with {@code pricing} and the test's fakes; its client. */
  private CheckoutWorkflowClient checkout(DurableTestEnv env, PricingClient pricing) {
    env.register(new CheckoutWorkflowDurable(pricing, payments, carrier));
    return CheckoutWorkflowClient.of(env.engine());
  }

  @Test
  void theCheckoutGoesThroughOnceTheFlakyPricingServiceAnswers(DurableTestEnv env) {
    PricingClient pricing = new PricingClient(2);
    RunHandle<String> run = checkout(env, pricing).start("checkout-A1", ORDER);

    // Runs until the workflow sleeps: the two backoffs are waited out by moving the clock.
    env.runUntilIdle();
    RunStatus sleeping = run.status();
    assertEquals(RunState.SLEEPING, sleeping.run().status());
    StepInfo fetchQuote = sleeping.steps().get(0);
    assertEquals("fetchQuote", fetchQuote.name());
    assertEquals(StepState.COMPLETED, fetchQuote.status());
    assertEquals(3, fetchQuote.attempts());
    StepInfo charge = sleeping.steps().get(1);
    assertEquals(StepState.COMPLETED, charge.status());
    assertEquals(1, charge.attempts());
    long backoffMs = Duration.between(DurableTestEnv.START, env.clock().instant()).toMillis();
    assertTrue(backoffMs >= 100 + 200 && backoffMs <= 200 + 400,
        "jittered EXP backoff of 200 ms before attempts 2 and 3, but waited " + backoffMs);
    assertEquals(env.clock().instant().plus(CheckoutWorkflow.CANCELLATION_WINDOW),
        sleeping.run().wakeAt());
    assertEquals(0, carrier.calls(), "nothing ships during the cancellation window");

    assertEquals(0, env.runUntilIdle(), "nothing is due during the cancellation window");
    env.advance(CheckoutWorkflow.CANCELLATION_WINDOW);

    assertEquals("charged ch_A1, shipped as TRK-A1", run.await(WAIT));
    assertEquals(3, pricing.calls());
    assertEquals(1, payments.calls(), "replays after the sleep did not charge again");
    assertEquals(1, carrier.calls());
    assertEquals(List.of(), run.status().compensations());
    assertEquals(2_500, payments.heldCents());
  }

  @Test
  void aDeclinedCardIsTakenByItsRouteWhoseResultCompletesTheRun(DurableTestEnv env) {
    RunHandle<String> run = checkout(env, new PricingClient(0))
        .start("checkout-B2", new Order("B2", "socks", 1, PaymentGateway.DECLINED_CARD, "DE"));
    env.runUntilIdle();

    assertEquals("declined: card declined, nothing charged", run.await(WAIT));
    RunStatus status = run.status();
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
    assertEquals("by the @OnError route for code 'declined' after: card declined",
        env.history(run.id()).first("run.completed").detail());
  }

  @Test
  void aParcelNoCarrierTakesFailsTheRunAndTheChargeIsRefundedOnce(DurableTestEnv env) {
    RunHandle<String> run = checkout(env, new PricingClient(0))
        .start("checkout-E5", new Order("E5", "scarf", 1, "tok_visa", "AQ"));
    env.runUntilIdle();
    env.advance(CheckoutWorkflow.CANCELLATION_WINDOW);

    RunFailedException failure = assertThrows(RunFailedException.class, () -> run.await(WAIT));
    assertEquals("no_carrier", failure.code());
    assertEquals("no carrier serves AQ", failure.getMessage());
    assertEquals("ship", failure.error().step().orElseThrow());
    RunStatus status = run.status();
    assertEquals(RunState.FAILED, status.run().status());
    assertEquals(List.of(new CompensationInfo("charge", 1, "refund", StepState.COMPLETED)),
        status.compensations());
    assertEquals(1, carrier.calls(), "3 attempts allowed, but no carrier is final");
    assertEquals(1, payments.calls(), "charged once");
    assertEquals(1, payments.refunds(), "refunded once");
    assertEquals(0, payments.heldCents(), "the money is back");
    assertEquals("after [no_carrier]: refund undoes charge (position 1)",
        env.history(run.id()).first("run.compensating").detail());

    IllegalStateException refused =
        assertThrows(IllegalStateException.class, () -> env.engine().requeue(run.id()));
    assertTrue(refused.getMessage().contains("start a new run instead"), refused.getMessage());
  }

  @Test
  void aChargeThatFailsOnceIsRetriedWithoutChargingTwice(DurableTestEnv env) {
    RunHandle<String> run = checkout(env, new PricingClient(0)).start("checkout-F6", ORDER);
    env.failNextAttempt("charge", new IllegalStateException("gateway timeout"));

    env.runUntilIdle();
    env.advance(CheckoutWorkflow.CANCELLATION_WINDOW);

    assertEquals("charged ch_A1, shipped as TRK-A1", run.await(WAIT));
    assertEquals(2, run.status().steps().get(1).attempts());
    assertEquals(1, payments.calls(), "the injected failure stood in for the first attempt");
    env.history(run.id())
        .containsInOrder("step.retrying charge", "step.completed charge", "run.completed")
        .doesNotContain("run.compensating");
  }

  @Test
  void anInvalidOrderIsRefusedAtStartAndNothingIsStored(DurableTestEnv env) {
    CheckoutWorkflowClient checkout = checkout(env, new PricingClient(0));
    InvalidInputException refused = assertThrows(InvalidInputException.class,
        () -> checkout.start("checkout-C3", new Order("C3", " ", 0, "tok_visa", "Germany")));

    List<String> violations = refused.violations();
    assertEquals(3, violations.size(), violations.toString());
    assertEquals("order.country: must be a two-letter country code such as DE (was Germany)",
        violations.get(0));
    assertTrue(violations.get(1).startsWith("order.quantity: "), violations.toString());
    assertTrue(violations.get(2).startsWith("order.sku: "), violations.toString());
    assertThrows(UnknownRunException.class, () -> env.engine().getRunStatus("checkout-C3"));
    assertEquals(0, env.runUntilIdle());
  }

  @Test
  void aPricingServiceThatStaysDownFailsTheRunAfterFiveAttempts(DurableTestEnv env) {
    PricingClient pricing = new PricingClient(Integer.MAX_VALUE);
    RunHandle<String> run = checkout(env, pricing).start("checkout-D4", ORDER);
    env.runUntilIdle();

    RunFailedException failure = assertThrows(RunFailedException.class, () -> run.await(WAIT));
    assertEquals("step_failed", failure.code());
    assertEquals("pricing service unavailable (HTTP 503)", failure.getMessage());
    List<StepInfo> steps = run.status().steps();
    assertEquals(1, steps.size(), "the card was never charged");
    assertEquals(5, steps.get(0).attempts());
    assertEquals(5, pricing.calls());
    assertEquals(0, payments.calls());
    assertEquals(List.of(), run.status().compensations());
  }
}
