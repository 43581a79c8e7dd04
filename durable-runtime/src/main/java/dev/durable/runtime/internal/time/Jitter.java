package dev.durable.runtime.internal.time;

import java.util.concurrent.ThreadLocalRandom;
import java.util.function.DoubleSupplier;

/**
 * Uniform values in [0, 1) that spread retries' backoff delays ({@link
 * dev.durable.runtime.RetryPolicy#delayMillisAfter}), so that steps failing together do not all
 * retry at the same moment.
 */
public final class Jitter implements DoubleSupplier {
  /** A value drawn at random for each delay. */
  public static final Jitter RANDOM = new Jitter();

  private Jitter() {}

  @Override
  public double getAsDouble() {
    return ThreadLocalRandom.current().nextDouble();
  }
}
