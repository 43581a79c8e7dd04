package dev.durable.runtime;

import dev.durable.annotations.Backoff;
import java.time.Duration;
import java.util.Objects;
import java.util.function.DoubleSupplier;

/**
 * A step's retry schedule, as declared by {@code @Step}.
 *
 * <p>The delay before attempt {@code n+1}, after {@code n} attempts have failed, is {@code b} for
 * {@link Backoff#FIXED}, {@code b·n} for {@link Backoff#LINEAR} and {@code b·2^(n-1)} for {@link
 * Backoff#EXP}, where {@code b} is {@link #backoffMs()}; then capped by {@link #backoffMaxMs()}
 * (0 = no cap), then, with {@link #jitter()}, moved to a random point in 50–100 % of itself, then
 * clamped to 2³¹−1 ms.
 *
 * @param retries the maximum number of attempts, the first included; at least 1
 * @param backoff how the delay grows
 * @param backoffMs the base delay in milliseconds; 0 = retry at once
 * @param backoffMaxMs the largest delay in milliseconds; 0 = no cap
 * @param jitter whether delays are randomised to 50–100 % of their value
 */
public record RetryPolicy(
    int retries, Backoff backoff, long backoffMs, long backoffMaxMs, boolean jitter) {

  /** The largest delay ever waited: 2³¹−1 ms, about 24.8 days. */
  public static final long MAX_DELAY_MS = Integer.MAX_VALUE;

  /** One attempt, no retry: {@code @Step}'s defaults. */
  public static final RetryPolicy NONE = new RetryPolicy(1, Backoff.EXP, 1000, 0, false);

  public RetryPolicy {
    Objects.requireNonNull(backoff, "backoff");
    if (retries < 1) {
      throw new IllegalArgumentException("retries must be at least 1, but was " + retries);
    }
    if (backoffMs < 0 || backoffMaxMs < 0) {
      throw new IllegalArgumentException(
          "backoffMs and backoffMaxMs must not be negative, but were "
              + backoffMs + " and " + backoffMaxMs);
    }
  }

  /** A policy; the same as {@code new RetryPolicy(...)}, for readable generated code. */
  public static RetryPolicy of(
      int retries, Backoff backoff, long backoffMs, long backoffMaxMs, boolean jitter) {
    return new RetryPolicy(retries, backoff, backoffMs, backoffMaxMs, jitter);
  }

  /** Whether another attempt may follow {@code attemptsMade} attempts. */
  public boolean allowsAnotherAttempt(int attemptsMade) {
    return attemptsMade < retries;
  }

  /**
   * The delay before the attempt that follows {@code attemptsMade} failed ones.
   *
   * @param attemptsMade the attempts made so far, at least 1
   * @param random a source of uniform values in [0, 1), read once if {@link #jitter()} is set
   */
  public Duration delayAfter(int attemptsMade, DoubleSupplier random) {
    return Duration.ofMillis(delayMillisAfter(attemptsMade, random));
  }

  /** {@link #delayAfter} in milliseconds. */
  public long delayMillisAfter(int attemptsMade, DoubleSupplier random) {
    if (attemptsMade < 1) {
      throw new IllegalArgumentException("attemptsMade must be at least 1, but was " + attemptsMade);
    }
    long delay =
        switch (backoff) {
          case FIXED -> backoffMs;
          case LINEAR -> saturatedMultiply(backoffMs, attemptsMade);
          case EXP -> saturatedShift(backoffMs, attemptsMade - 1);
        };
    if (backoffMaxMs > 0) {
      delay = Math.min(delay, backoffMaxMs);
    }
    if (jitter && delay > 0) {
      double fraction = 0.5 + 0.5 * random.getAsDouble();
      delay = (long) Math.ceil(delay * fraction);
    }
    return Math.min(delay, MAX_DELAY_MS);
  }

  private static long saturatedMultiply(long value, long factor) {
    long high = Math.multiplyHigh(value, factor);
    long low = value * factor;
    return (high == 0 && low >= 0) ? low : Long.MAX_VALUE;
  }

  private static long saturatedShift(long value, int shift) {
    if (value == 0) {
      return 0;
    }
    if (shift >= Long.SIZE - 1 || value > (Long.MAX_VALUE >> shift)) {
      return Long.MAX_VALUE;
    }
    return value << shift;
  }
}
