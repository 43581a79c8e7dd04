package dev.durable.tests.workflows;

import dev.durable.annotations.Backoff;
import dev.durable.annotations.Step;

/** A step contract: pricing, served by workers. */
public interface PricingSteps {
  String QUOTE = "pricing.quote";

  @Step(name = QUOTE, retries = 3, backoff = Backoff.FIXED, backoffMs = 1_000,
      nonRetryable = IllegalArgumentException.class)
  Quote quote(Order order);

  /** A liveness window, which dispatched steps do not support yet. */
  @Step(name = "pricing.watched", timeoutMs = 5_000)
  Quote watched(Order order);
}
