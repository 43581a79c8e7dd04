package dev.durable.runtime.trigger;

import java.time.Duration;
import java.util.Objects;

/**
 * The checks every trigger builder makes of a setting as it is set, each message saying what was
 * wrong, the value seen, and what a trigger needs instead. A broker's own checks (a NATS consumer's
 * name, a Kafka topic's) stay in its module and build on these.
 */
public final class TriggerChecks {
  private TriggerChecks() {}

  /**
   * {@code value}, neither null nor blank.
   *
   * @throws IllegalArgumentException if it is blank
   */
  public static String text(String value, String what) {
    Objects.requireNonNull(value, what);
    if (value.isBlank()) {
      throw new IllegalArgumentException("a trigger's " + what + " must not be blank");
    }
    return value;
  }

  /**
   * {@code value}, at least 1.
   *
   * @throws IllegalArgumentException if it is 0 or less
   */
  public static int atLeastOne(int value, String what) {
    if (value < 1) {
      throw new IllegalArgumentException("a trigger's " + what + " must be at least 1, but was "
          + value);
    }
    return value;
  }

  /**
   * {@code value}, longer than zero.
   *
   * @throws IllegalArgumentException if it is zero or negative
   */
  public static Duration positive(Duration value, String what) {
    Objects.requireNonNull(value, what);
    if (value.isZero() || value.isNegative()) {
      throw new IllegalArgumentException("a trigger's " + what + " must be more than 0, but was "
          + value);
    }
    return value;
  }
}
