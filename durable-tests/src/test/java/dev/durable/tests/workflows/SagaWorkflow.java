package dev.durable.tests.workflows;

import dev.durable.annotations.OnError;
import dev.durable.annotations.OnFailure;
import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;
import dev.durable.runtime.FatalError;
import dev.durable.runtime.Parallel;
import dev.durable.runtime.RunError;
import dev.durable.runtime.StepContext;
import dev.durable.runtime.WorkflowContext;
import dev.durable.tests.support.Gate;
import dev.durable.tests.support.Script;
import java.util.List;

/**
 * A saga: reserve stock, charge the card, notify the customer, ship. Reserving is undone by {@code
 * release} and charging by {@code refund}; notifying is not undone. An order starting with {@code
 * unshippable} fails at shipping for good; one starting with {@code backorder} fails with a code
 * that an {@code @OnError} route takes instead (it notes the backorder, a step that can fail). The {@code @OnFailure} clean-up raises an alert.
 * An order starting with {@code seats} books three seats at once after reserving, of which the
 * third is taken. For an order containing {@code slow-refund} the refund waits at the gate. Every step goes
 * through the script, which can make it fail.
 */
@Workflow(name = "saga")
public class SagaWorkflow {
  private final Script script;
  private final Gate gate;

  public SagaWorkflow(Script script, Gate gate) {
    this.script = script;
    this.gate = gate;
  }

  @Step(compensate = "release")
  protected String reserve(String order) {
    script.enter("reserve");
    return "stock-" + order;
  }

  @Step(compensate = "refund")
  protected String charge(String order) {
    script.enter("charge");
    return "ch-" + order;
  }

  @Step
  protected void notifyCustomer(String order) {
    script.enter("notify");
  }

  @Step
  protected String ship(String order) {
    script.enter("ship");
    if (order.startsWith("unshippable")) {
      throw new FatalError("no carrier serves the address", "unshippable");
    }
    if (order.startsWith("backorder")) {
      throw new FatalError("out of stock at the carrier", "out_of_stock");
    }
    return "shipped " + order;
  }

  @Step(retries = 3, backoffMs = 60_000)
  protected void refund(StepContext context, String order, String charge)
      throws InterruptedException {
    script.enter("refund");
    if (order.contains("slow-refund")) {
      gate.pass("refund " + order);
    }
  }

  @Step
  protected void release(String order, String stock) {
    script.enter("release");
  }

  @Step(compensate = "cancelSeat")
  protected String book(String order, String seat) {
    script.enter("book " + seat);
    if (seat.equals("13C")) {
      throw new FatalError("seat 13C is taken", "seat_taken");
    }
    return "booking-" + seat;
  }

  @Step
  protected void cancelSeat(String order, String seat, String booking) {
    script.enter("cancel " + booking);
  }

  @Step
  protected void alert(String order, String code) {
    script.enter("alert " + code);
  }

  @Run
  public String run(WorkflowContext ctx, String order) {
    reserve(order);
    if (order.startsWith("seats")) {
      Parallel.fan(List.of("12A", "12B", "13C"), seat -> book(order, seat));
    }
    charge(order);
    notifyCustomer(order);
    return ship(order);
  }

  @Step
  protected void noteBackorder(String order) {
    script.enter("note backorder");
  }

  @OnError(code = "out_of_stock")
  protected String backordered(String order) {
    noteBackorder(order);
    return "backordered " + order;
  }

  @OnFailure
  protected void cleanUp(String order, RunError error) {
    alert(order, error.code());
  }
}
