package dev.durable.tests.workflows;

import dev.durable.annotations.Backoff;
import dev.durable.annotations.Step;

/** A step contract: pricing, served by workers. */
public interface PricingSteps {
  String QUOTE = "pricing.quote";

  @Step(name = QUOTE, retries = 3, backoff = Backoff.FIXED, backoffMs = 1_000,
      nonRetryable = IllegalArgumentException.class)
  Quote quote(Order order);

  /** Given up as lost after a second unanswered, and delivered again at most twice. */
  @Step(name = "pricing.leased", remoteRedispatchMs = 1_000, remoteRedispatchMax = 2)
  Quote leased(Order order);

  /** A liveness window, which dispatched steps do not support yet. */
  @Step(name = "pricing.watched", timeoutMs = 5_000)
  Quote watched(Order order);
}
