package dev.durable.samples.shipping;

import dev.durable.annotations.Backoff;
import dev.durable.annotations.Step;

/**
 * A step contract: steps that the rates team's workers serve, in their own process. The workflow
 * calls it through the generated {@code RateStepsDispatch}; workers serve it through the generated
 * {@code RateStepsWorker}.
 */
public interface RateSteps {
  /** The price of shipping {@code parcel}, in cents. */
  @Step(name = "rates.quote", retries = 3, backoff = Backoff.FIXED, backoffMs = 500,
      nonRetryable = IllegalArgumentException.class)
  long quoteCents(Parcel parcel);
}
