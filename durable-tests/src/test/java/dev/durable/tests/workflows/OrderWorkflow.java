package dev.durable.tests.workflows;

import dev.durable.annotations.Backoff;
import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;
import dev.durable.runtime.FatalError;
import dev.durable.runtime.WorkflowContext;
import dev.durable.tests.support.Script;
import java.time.Duration;

/**
 * Quote, charge, wait an hour, ship. The quote is retried with a ten-minute fixed backoff; the
 * charge fails for good with a {@link FatalError} on orders above 1,000.00.
 */
@Workflow(name = "order")
public class OrderWorkflow {
  public static final Duration COOL_OFF = Duration.ofHours(1);

  private final Script script;

  public OrderWorkflow(Script script) {
    this.script = script;
  }

  @Step(retries = 3, backoff = Backoff.FIXED, backoffMs = 600_000)
  protected Quote quote(Order order) {
    script.enter("quote");
    return new Quote(order.sku(), order.quantity() * 250L);
  }

  @Step(retries = 2, backoffMs = 0)
  protected String charge(Quote quote) {
    script.enter("charge");
    if (quote.cents() > 100_000) {
      throw new FatalError("card declined for " + quote.cents() + " cents", "declined");
    }
    return "ch_" + quote.sku() + "_" + quote.cents();
  }

  @Step
  protected String ship(String chargeId) {
    script.enter("ship");
    return "shipped " + chargeId;
  }

  @Run
  public String run(WorkflowContext context, Order order) {
    Quote quote = quote(order);
    String charge = charge(quote);
    context.sleep(COOL_OFF);
    return ship(charge);
  }
}
