package dev.durable.processor.model;

import dev.durable.annotations.Backoff;
import java.util.Objects;

/**
 * A step's retry schedule as declared by {@code @Step}, emitted as {@code RetryPolicy.of(...)}.
 *
 * @param retries the maximum number of attempts, the first included
 * @param backoff how the delay between attempts grows
 * @param backoffMs the base delay in milliseconds
 * @param backoffMaxMs the largest delay in milliseconds; 0 = no cap
 * @param jitter whether delays are randomised
 */
public record RetryPolicy(
    int retries, Backoff backoff, long backoffMs, long backoffMaxMs, boolean jitter) {

  /** {@code @Step}'s defaults: one attempt. */
  public static final RetryPolicy DEFAULT = new RetryPolicy(1, Backoff.EXP, 1000, 0, false);

  public RetryPolicy {
    Objects.requireNonNull(backoff, "backoff");
  }
}
