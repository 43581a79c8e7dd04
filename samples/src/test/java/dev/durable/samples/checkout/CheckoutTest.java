package dev.durable.samples.checkout;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.durable.runtime.FatalError;
import dev.durable.runtime.RunHandle;
import dev.durable.test.DurableTest;
import dev.durable.test.DurableTestEnv;
import java.time.Duration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

@DurableTest                                              // each test gets a DurableTestEnv
class CheckoutTest {
  private final PricingClient pricing = new PricingClient(2);   // fails twice, then answers
  private final PaymentGateway payments = new PaymentGateway();
  private CheckoutWorkflowClient checkout;

  @BeforeEach
  void register(DurableTestEnv env) {
    env.register(new CheckoutWorkflowDurable(pricing, payments, new Carrier()));
    checkout = CheckoutWorkflowClient.of(env.engine());   // an engine on a fresh in-memory H2
  }

  @Test
  void chargesOnceThePricingServiceAnswers(DurableTestEnv env) {
    RunHandle<String> run = checkout.start(new Order("A1", "socks", 2, "tok_visa", "DE"));
    env.runUntilIdle();                                   // retries pass at once; the run sleeps
    env.advance(CheckoutWorkflow.CANCELLATION_WINDOW);    // the durable sleep is over
    assertEquals("charged ch_A1, shipped as TRK-A1", run.await(Duration.ofSeconds(1)));
    env.history(run.id()).containsInOrder("step.retrying fetchQuote",
        "step.completed fetchQuote", "timer.started", "step.completed ship", "run.completed");
  }

  @Test
  void aDeclinedChargeIsTakenByItsRoute(DurableTestEnv env) {
    env.failNextAttempt("charge", new FatalError("card declined", "declined"));
    RunHandle<String> run = checkout.start(new Order("B2", "socks", 1, "tok_visa", "DE"));
    env.runUntilIdle();
    assertEquals("declined: card declined, nothing charged", run.await(Duration.ofSeconds(1)));
    assertEquals(0, payments.calls(), "the injected error took the charge's place");
  }
}
