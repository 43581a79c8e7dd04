package dev.durable.samples.boot;

import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;

/**
 * Reserves an order's items, then mails the customer. Its dependencies are beans: Spring creates
 * the generated {@code OrderWorkflowDurable} through this constructor. The reservation is a local
 * step; the mail a step of the contract {@link MailSteps}, dispatched to a worker. Each step is
 * checkpointed: after a crash between the two, the reservation is not made again.
 */
@Workflow(name = "order")
public class OrderWorkflow {
  private final Inventory inventory;
  private final MailStepsDispatch mail;

  /**
   * @param mail the generated dispatch, a bean the starter registers: declared as {@code
   *     MailSteps}, the parameter would have two candidates, it and the {@link Mailer}
   */
  public OrderWorkflow(Inventory inventory, MailStepsDispatch mail) {
    this.inventory = inventory;
    this.mail = mail;
  }

  @Step(retries = 3, backoffMs = 100)
  protected int reserve(Order order) {
    return inventory.reserve(order.item(), order.quantity());
  }

  @Run
  public String run(Order order) {
    int left = reserve(order);
    mail.confirm(order.customer(), order.quantity() + " " + order.item() + " are on their way");
    return "reserved " + order.quantity() + " " + order.item() + ", " + left + " left";
  }
}
