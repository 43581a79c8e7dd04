package dev.durable.tests.workflows;

import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;
import dev.durable.runtime.WorkflowContext;
import java.time.Duration;

/**
 * {@link OrderWorkflow} as if its step {@code quote} had been changed to return a {@code String}:
 * a replay test relabels runs of "order" as runs of this workflow (two classes with one name and
 * version cannot be compiled together).
 */
@Workflow(name = "order-result-changed")
public class OrderResultChanged {
  @Step
  protected String quote(Order order) {
    throw new AssertionError("a replay never executes a step");
  }

  @Step
  protected String charge(String quote) {
    throw new AssertionError("a replay never executes a step");
  }

  @Step
  protected String ship(String chargeId) {
    throw new AssertionError("a replay never executes a step");
  }

  @Run
  public String run(WorkflowContext context, Order order) {
    String charge = charge(quote(order));
    context.sleep(Duration.ofHours(1));
    return ship(charge);
  }
}
