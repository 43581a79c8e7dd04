package dev.durable.tests.workflows;

import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;
import dev.durable.tests.support.Script;

/** Quote on a worker (a dispatched step), then ship locally. */
@Workflow(name = "remote-order")
public class RemoteOrderWorkflow {
  private final PricingSteps pricing;
  private final Script script;

  public RemoteOrderWorkflow(PricingSteps pricing, Script script) {
    this.pricing = pricing;
    this.script = script;
  }

  @Step
  protected String ship(Quote quote) {
    script.enter("ship");
    return "shipped " + quote.sku() + " for " + quote.cents();
  }

  @Run
  public String run(Order order) {
    return ship(switch (order.sku()) {
      case "watched" -> pricing.watched(order);
      case "live" -> pricing.live(order);
      case "leased" -> pricing.leased(order);
      default -> pricing.quote(order);
    });
  }
}
