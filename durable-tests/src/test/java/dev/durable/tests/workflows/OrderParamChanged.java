package dev.durable.tests.workflows;

import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;
import dev.durable.runtime.WorkflowContext;
import java.time.Duration;
import java.util.Map;

/**
 * {@link OrderWorkflow} as if its step {@code charge} had been changed to take the quote as a map
 * of strings: a replay test relabels runs of "order" as runs of this workflow.
 */
@Workflow(name = "order-param-changed")
public class OrderParamChanged {
  @Step
  protected Quote quote(Order order) {
    throw new AssertionError("a replay never executes a step");
  }

  @Step
  protected String charge(Map<String, String> quote) {
    throw new AssertionError("a replay never executes a step");
  }

  @Step
  protected String ship(String chargeId) {
    throw new AssertionError("a replay never executes a step");
  }

  @Run
  public String run(WorkflowContext context, Order order) {
    Quote quote = quote(order);
    String charge = charge(Map.of("sku", quote.sku(), "cents", Long.toString(quote.cents())));
    context.sleep(Duration.ofHours(1));
    return ship(charge);
  }
}
