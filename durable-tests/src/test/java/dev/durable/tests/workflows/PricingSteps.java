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

  /**
   * The liveness path: given up when no worker picks the task up within 2 s, or its worker goes
   * silent for 5 s; dispatched again at once, two attempts in all.
   */
  @Step(name = "pricing.watched", retries = 2, timeoutMs = 5_000, pickupTimeoutMs = 2_000)
  Quote watched(Order order);

  /**
   * A one-second liveness window, for workers in child JVMs measured in real time; a queued task
   * waits up to 10 s for a worker, so that a child JVM slowed by a loaded machine still takes it.
   */
  @Step(name = "pricing.live", retries = 2, timeoutMs = 1_000, pickupTimeoutMs = 10_000)
  Quote live(Order order);
}
