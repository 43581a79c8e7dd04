package dev.durable.samples.checkout;

import dev.durable.runtime.testing.WorkflowReplayer;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class CheckoutReplayTest {
  @Test
  void theRunsInProductionStillReplay() {
    WorkflowReplayer.of(new CheckoutWorkflowDurable(   // the steps never run: any dependencies do
            new PricingClient(0), new PaymentGateway(), new Carrier()))
        .replay(Path.of("src/test/resources/checkout-runs.json"));
  }
}
