package dev.durable.samples.boot;

import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;

/**
 * Reserves an order's items, then mails the customer. Its dependencies are beans: Spring creates
 * the generated {@code OrderWorkflowDurable} through this constructor. Each step is checkpointed:
 * after a crash between the two, the reservation is not made twice.
 */
@Workflow(name = "order")
public class OrderWorkflow {
  private final Inventory inventory;
  private final Mailer mailer;

  public OrderWorkflow(Inventory inventory, Mailer mailer) {
    this.inventory = inventory;
    this.mailer = mailer;
  }

  @Step(retries = 3, backoffMs = 100)
  protected int reserve(Order order) {
    return inventory.reserve(order.item(), order.quantity());
  }

  @Step(retries = 5, backoffMs = 1_000)
  protected void confirm(Order order) {
    mailer.send(order.customer(), order.quantity() + " " + order.item() + " are on their way");
  }

  @Run
  public String run(Order order) {
    int left = reserve(order);
    confirm(order);
    return "reserved " + order.quantity() + " " + order.item() + ", " + left + " left";
  }
}
