package dev.durable.tests.workflows;

import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;
import dev.durable.tests.support.Script;

/** Validated input and a validated step result: the receipt must have a positive amount. */
@Workflow(name = "payment")
public class PaymentWorkflow {
  private final Script script;

  public PaymentWorkflow(Script script) {
    this.script = script;
  }

  @Step(retries = 3, backoffMs = 0)
  protected Receipt pay(Order order) {
    script.enter("pay");
    return new Receipt("r-" + order.sku(), order.sku().equals("free") ? 0 : 100L * order.quantity());
  }

  @Run
  public Receipt run(Order order) {
    return pay(order);
  }
}
