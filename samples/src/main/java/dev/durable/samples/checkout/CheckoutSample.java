package dev.durable.samples.checkout;

import dev.durable.runtime.CompensationInfo;
import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.RunFailedException;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.StepInfo;
import dev.durable.runtime.StepState;
import dev.durable.samples.Timeline;
import dev.durable.samples.Waits;
import java.io.PrintStream;
import java.time.Duration;
import java.util.UUID;

/**
 * Runs {@link CheckoutWorkflow} on a started engine and prints what happens: an order whose pricing
 * call fails twice before it succeeds; an order whose card is declined, which the {@code @OnError}
 * route turns into a result; and an order to a country no carrier serves, whose charge is refunded
 * when shipping fails.
 *
 * <p>Run it from the repository root: {@code mvn -q package -DskipTests -Psample -Dsample=checkout}.
 */
public final class CheckoutSample {
  private static final Duration AWAIT = Duration.ofSeconds(30);

  private CheckoutSample() {}

  /** Builds an engine from {@code builder}, runs three checkouts and prints their timelines. */
  public static void run(DurableEngine.Builder builder, PrintStream out) {
    PricingClient pricing = new PricingClient(2); // down for its first two calls
    PaymentGateway payments = new PaymentGateway();
    Carrier carrier = new Carrier();
    try (DurableEngine engine =
        builder.register(new CheckoutWorkflowDurable(pricing, payments, carrier)).build()) {
      engine.start(); // execute runs in the background, as a service would
      CheckoutWorkflowClient checkout = CheckoutWorkflowClient.of(engine);

      Order order = new Order(newOrderId(), "socks", 2, "tok_visa", "DE");
      Order declined = new Order(newOrderId(), "socks", 1, PaymentGateway.DECLINED_CARD, "DE");
      Order unshippable = new Order(newOrderId(), "scarf", 1, "tok_visa", "AQ");
      // The order id makes the run id: starting the same checkout again (a retried request, a
      // double click) returns the run already started instead of charging twice.
      RunHandle<String> run = checkout.start(runId(order), order);
      // The other two orders come in while the first waits out its cancellation window, holding no
      // thread: the three runs overlap, and only the first meets the pricing service's outage.
      Waits.until(run, "charge the card", status -> status.steps().stream()
          .anyMatch(step -> step.name().equals("charge") && step.status() == StepState.COMPLETED),
          AWAIT);
      RunHandle<String> routed = checkout.start(runId(declined), declined);
      RunHandle<String> refunded = checkout.start(runId(unshippable), unshippable);

      out.printf("%nThree orders; the last two come in while the first waits out its %d s"
          + " cancellation window.%n", CheckoutWorkflow.CANCELLATION_WINDOW.toSeconds());
      describe(order, "The pricing service fails its first 2 calls.", out);
      String result = run.await(AWAIT);
      new Timeline(engine, run.id(), out).printNew();
      out.printf("  await() returned \"%s\"%n", result);

      describe(declined, "Declined by the bank: @OnError routes it.", out);
      String declinedResult = routed.await(AWAIT);
      new Timeline(engine, routed.id(), out).printNew();
      StepInfo charge = engine.getRunStatus(routed.id()).steps().get(1);
      out.printf("  await() returned \"%s\"; %s made %d of its 3 attempts%n",
          declinedResult, charge.name(), charge.attempts());

      describe(unshippable, "No carrier serves AQ: shipping fails after the charge.", out);
      try {
        refunded.await(AWAIT);
        out.println("  unexpected: the parcel to AQ was shipped");
      } catch (RunFailedException e) {
        new Timeline(engine, refunded.id(), out).printNew();
        out.printf("  await() threw RunFailedException \"%s\" with code() \"%s\"%n",
            e.getMessage(), e.code());
        for (CompensationInfo undo : engine.getRunStatus(refunded.id()).compensations()) {
          out.printf("  getRunStatus(id).compensations(): %s undid %s (position %d), %s%n",
              undo.compensation(), undo.step(), undo.position(), undo.status());
        }
      }
      out.printf("%nThe gateway in all: %d charge calls (1 declined) and %d refund.%n",
          payments.calls(), payments.refunds());
      out.printf("It holds %d cents, order %s's: the scarf's money went back.%n",
          payments.heldCents(), order.id());
    }
  }

  private static void describe(Order order, String what, PrintStream out) {
    out.printf("%nOrder %s: %d x %s to %s, card %s. %s%n", order.id(), order.quantity(),
        order.sku(), order.country(), order.card(), what);
  }

  private static String runId(Order order) {
    return "checkout-" + order.id();
  }

  private static String newOrderId() {
    return UUID.randomUUID().toString().substring(0, 8).toUpperCase();
  }
}
