package dev.durable.trigger.testing;

import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;

/** The workflow a message starts: confirms its order once, in a step. */
@Workflow(name = "order-intake")
public class OrderIntakeWorkflow {
  private final Ledger ledger;

  public OrderIntakeWorkflow(Ledger ledger) {
    this.ledger = ledger;
  }

  @Step
  protected String confirm(Order order) {
    ledger.confirm(order.id());
    return "confirmed " + order.id();
  }

  @Run
  public String run(Order order) {
    return confirm(order);
  }
}
