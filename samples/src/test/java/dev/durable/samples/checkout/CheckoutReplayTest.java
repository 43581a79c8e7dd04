package dev.durable.samples.checkout;

import dev.durable.runtime.testing.WorkflowReplayer;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The README's "Replay tests before a deploy", as pasted: runs exported with {@code durable-cli
 * export} (a completed checkout and one asleep in its cancellation window) still replay against
 * the checkout workflow's current code.
 */
class CheckoutReplayTest {
  @Test
  void theRunsInProductionStillReplay() {
    WorkflowReplayer.of(new CheckoutWorkflowDurable(   // the steps never run: any dependencies do
            new PricingClient(0), new PaymentGateway(), new Carrier()))
        .replay(Path.of("src/test/resources/checkout-runs.json"));
  }
}
