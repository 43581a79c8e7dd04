package dev.durable.tests.workflows;

import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;
import dev.durable.runtime.WorkflowContext;
import java.time.Duration;

/**
 * {@link OrderWorkflow} as if a step {@code audit} had been added after {@code ship}, without
 * {@code ctx.patched}: a replay test relabels runs of "order" as runs of this workflow.
 */
@Workflow(name = "order-extended")
public class OrderExtended {
  @Step
  protected Quote quote(Order order) {
    throw new AssertionError("a replay never executes a step");
  }

  @Step
  protected String charge(Quote quote) {
    throw new AssertionError("a replay never executes a step");
  }

  @Step
  protected String ship(String chargeId) {
    throw new AssertionError("a replay never executes a step");
  }

  @Step
  protected String audit(String shipped) {
    throw new AssertionError("a replay never executes a step");
  }

  @Run
  public String run(WorkflowContext context, Order order) {
    String charge = charge(quote(order));
    context.sleep(Duration.ofHours(1));
    return audit(ship(charge));
  }
}
