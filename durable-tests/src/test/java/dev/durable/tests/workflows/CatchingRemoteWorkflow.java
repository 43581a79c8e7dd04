package dev.durable.tests.workflows;

import dev.durable.annotations.Run;
import dev.durable.annotations.Workflow;
import dev.durable.runtime.RemoteStepTimeout;

/** Asks a worker for a quote on the liveness path, and goes on without one if none answers. */
@Workflow(name = "catching-remote")
public class CatchingRemoteWorkflow {
  private final PricingSteps pricing;

  public CatchingRemoteWorkflow(PricingSteps pricing) {
    this.pricing = pricing;
  }

  @Run
  public String run(Order order) {
    try {
      return "quoted " + pricing.watched(order).cents();
    } catch (RemoteStepTimeout e) {
      return "no quote: " + e.code() + " (" + e.getClass().getSimpleName() + ")";
    }
  }
}
