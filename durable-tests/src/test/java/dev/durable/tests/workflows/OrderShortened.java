package dev.durable.tests.workflows;

import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;

/**
 * {@link OrderWorkflow} as if its cooling-off sleep and its step {@code ship} had been removed: a
 * replay test relabels runs of "order" as runs of this workflow.
 */
@Workflow(name = "order-shortened")
public class OrderShortened {
  @Step
  protected Quote quote(Order order) {
    throw new AssertionError("a replay never executes a step");
  }

  @Step
  protected String charge(Quote quote) {
    throw new AssertionError("a replay never executes a step");
  }

  @Run
  public String run(Order order) {
    return charge(quote(order));
  }
}
