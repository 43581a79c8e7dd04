package dev.durable.tests.workflows;

import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;
import dev.durable.runtime.WorkflowContext;

/**
 * {@link OrderWorkflow} as if its {@code @Run} method had been changed to take the SKU alone: a
 * replay test relabels runs of "order" as runs of this workflow.
 */
@Workflow(name = "order-input-changed")
public class OrderInputChanged {
  @Step
  protected Quote quote(Order order) {
    throw new AssertionError("a replay never executes a step");
  }

  @Run
  public String run(WorkflowContext context, String sku) {
    return quote(new Order(sku, 1)).sku();
  }
}
