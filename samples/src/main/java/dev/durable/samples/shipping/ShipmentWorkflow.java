package dev.durable.samples.shipping;

import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;

/**
 * Ships a parcel: its rate comes from a worker (a dispatched step: the run waits in the database,
 * holding no thread, until a worker stores the quote), then the label is printed here.
 */
@Workflow(name = "shipment")
public class ShipmentWorkflow {
  private final RateSteps rates;

  /** @param rates the dispatching stub, {@code new RateStepsDispatch()} */
  public ShipmentWorkflow(RateSteps rates) {
    this.rates = rates;
  }

  @Step
  protected String printLabel(Parcel parcel, long cents) {
    return "label " + parcel.id() + " to " + parcel.country() + ", postage " + cents / 100 + "."
        + String.format("%02d", cents % 100);
  }

  @Run
  public String run(Parcel parcel) {
    long cents = rates.quoteCents(parcel);
    return printLabel(parcel, cents);
  }
}
