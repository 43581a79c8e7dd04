package dev.durable.annotations;

/**
 * How the delay before a retry grows with the number of attempts made so far, {@code n}, from the
 * base delay {@code b} ({@link Step#backoffMs()}).
 */
public enum Backoff {
  /** Every retry waits {@code b}. */
  FIXED,
  /** The retry after attempt {@code n} waits {@code b·n}. */
  LINEAR,
  /** The retry after attempt {@code n} waits {@code b·2^(n-1)}. */
  EXP
}
