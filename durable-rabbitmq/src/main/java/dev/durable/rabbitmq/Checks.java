package dev.durable.rabbitmq;

import java.time.Duration;
import java.util.Objects;

/** The checks of the builder's settings, each saying what was wrong and what to do. */
final class Checks {
  private Checks() {}

  static String text(String value, String what) {
    Objects.requireNonNull(value, what);
    if (value.isBlank()) {
      throw new IllegalArgumentException("a trigger's " + what + " must not be blank");
    }
    return value;
  }

  static int atLeastOne(int value, String what) {
    if (value < 1) {
      throw new IllegalArgumentException("a trigger's " + what + " must be at least 1, but was "
          + value);
    }
    return value;
  }

  static Duration positive(Duration value, String what) {
    Objects.requireNonNull(value, what);
    if (value.isZero() || value.isNegative()) {
      throw new IllegalArgumentException("a trigger's " + what + " must be more than 0, but was "
          + value);
    }
    return value;
  }

  static void require(Object value, String call) {
    if (value == null) {
      throw new IllegalStateException("a RabbitTrigger needs " + call + " before build()");
    }
  }
}
