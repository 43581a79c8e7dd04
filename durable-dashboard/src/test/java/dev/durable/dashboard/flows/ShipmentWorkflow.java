package dev.durable.dashboard.flows;

import dev.durable.annotations.Run;
import dev.durable.annotations.Workflow;

/** Has a worker print the parcel's label: a run with a dispatched task. */
@Workflow(name = "shipment")
public class ShipmentWorkflow {
  private final LabelSteps labels;

  public ShipmentWorkflow(LabelSteps labels) {
    this.labels = labels;
  }

  @Run
  public String run(String parcel) {
    return labels.print(parcel);
  }
}
