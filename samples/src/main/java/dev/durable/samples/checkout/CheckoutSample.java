package dev.durable.samples.checkout;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.RunFailedException;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.StepInfo;
import dev.durable.samples.Timeline;
import java.io.PrintStream;
import java.time.Duration;
import java.util.UUID;

/**
 * Runs {@link CheckoutWorkflow} on a started engine and prints what happens: an order whose pricing
 * call fails twice before it succeeds, then an order whose card is declined.
 *
 * <p>Run it from the repository root: {@code mvn -q package -DskipTests -Psample -Dsample=checkout}.
 */
public final class CheckoutSample {
  private static final Duration AWAIT = Duration.ofSeconds(30);

  private CheckoutSample() {}

  /** Builds an engine from {@code builder}, runs two checkouts and prints their timelines. */
  public static void run(DurableEngine.Builder builder, PrintStream out) {
    PricingClient pricing = new PricingClient(2); // down for its first two calls
    PaymentGateway payments = new PaymentGateway();
    try (DurableEngine engine =
        builder.register(new CheckoutWorkflowDurable(pricing, payments)).build()) {
      engine.start(); // execute runs in the background, as a service would
      CheckoutWorkflowClient checkout = CheckoutWorkflowClient.of(engine);

      Order order = new Order(newOrderId(), "socks", 2, "tok_visa");
      out.printf("%nOrder %s: %d x %s, card %s. The pricing service fails its first 2 calls.%n",
          order.id(), order.quantity(), order.sku(), order.card());
      // The order id makes the run id: starting the same checkout again (a retried request, a
      // double click) returns the run already started instead of charging twice.
      RunHandle<String> run = checkout.start("checkout-" + order.id(), order);
      String chargeId = run.await(AWAIT);
      new Timeline(engine, run.id(), out).printNew();
      out.printf("  await() returned \"%s\"%n", chargeId);

      Order declined = new Order(newOrderId(), "socks", 1, PaymentGateway.DECLINED_CARD);
      out.printf("%nOrder %s: %d x %s, card %s, which the bank declines.%n",
          declined.id(), declined.quantity(), declined.sku(), declined.card());
      RunHandle<String> failing = checkout.start("checkout-" + declined.id(), declined);
      try {
        failing.await(AWAIT);
        out.println("  unexpected: the declined order went through");
      } catch (RunFailedException e) {
        new Timeline(engine, failing.id(), out).printNew();
        StepInfo charge = engine.getRunStatus(failing.id()).steps().get(1);
        out.printf("  await() threw RunFailedException \"%s\" with code() \"%s\";"
                + " %s made %d of its 3 attempts%n",
            e.getMessage(), e.code(), charge.name(), charge.attempts());
      }
    }
  }

  private static String newOrderId() {
    return UUID.randomUUID().toString().substring(0, 8).toUpperCase();
  }
}
