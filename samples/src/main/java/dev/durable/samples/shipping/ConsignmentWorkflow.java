package dev.durable.samples.shipping;

import dev.durable.annotations.Run;
import dev.durable.annotations.Workflow;
import dev.durable.runtime.Parallel;
import java.util.List;

/**
 * Ships a consignment: every parcel is quoted at once (a fan of the dispatched {@code rates.quote}:
 * all tasks are queued in one commit and the run waits for the workers' answers), then a pickup is
 * booked on the liveness path.
 */
@Workflow(name = "consignment")
public class ConsignmentWorkflow {
  private final CarrierSteps carrier;

  /** @param carrier the dispatching stub, {@code new CarrierStepsDispatch()} */
  public ConsignmentWorkflow(CarrierSteps carrier) {
    this.carrier = carrier;
  }

  @Run
  public String run(Consignment consignment) {
    List<Long> quotes = Parallel.fan(consignment.parcels(), RateStepsDispatch.durable(),
        RateStepsDispatch.Durable::quoteCents);
    long cents = quotes.stream().mapToLong(Long::longValue).sum();
    String pickup = carrier.bookPickup(consignment.id(), consignment.parcels().size());
    return consignment.parcels().size() + " parcels, postage " + cents / 100 + "."
        + String.format("%02d", cents % 100) + ", " + pickup;
  }
}
