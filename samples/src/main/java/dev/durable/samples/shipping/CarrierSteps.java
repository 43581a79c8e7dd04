package dev.durable.samples.shipping;

import dev.durable.annotations.Step;

/**
 * A step contract on the liveness path: booking a pickup waits on the carrier's slow API, so the
 * engine does not wait for ever. The worker must be heard from at least once a second (its claim,
 * then its heartbeats); one that goes silent is given up and the booking dispatched again, twice
 * at most, before the workflow sees {@code RemoteStepTimeout}.
 */
public interface CarrierSteps {
  /** Books a pickup of {@code parcels} parcels; returns the carrier's reference. */
  @Step(name = "carrier.pickup", retries = 2, timeoutMs = 1_000)
  String bookPickup(String consignment, int parcels);
}
