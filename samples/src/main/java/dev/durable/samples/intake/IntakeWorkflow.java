package dev.durable.samples.intake;

import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The workflow each order message starts: reserves the order's stock, then confirms it. The
 * warehouse is a list here, so that the sample can show that each order was reserved once.
 */
@Workflow(name = "intake")
public class IntakeWorkflow {
  private final List<String> reserved;

  /** @param reserved where each reservation is written: the sample's stand-in for a warehouse */
  public IntakeWorkflow(CopyOnWriteArrayList<String> reserved) {
    this.reserved = reserved;
  }

  @Step(retries = 3, backoffMs = 100)
  protected String reserve(PlacedOrder order) {
    reserved.add(order.id());
    return "R-" + order.id();
  }

  @Step
  protected String confirm(PlacedOrder order, String reservation) {
    return order.id() + " confirmed (" + reservation + ", " + order.cents() + " cents)";
  }

  @Run
  public String run(PlacedOrder order) {
    return confirm(order, reserve(order));
  }
}
