package dev.durable.kafka;

import java.time.Duration;
import java.util.Objects;

/** The checks of the builder's settings, each saying what was wrong and what to do. */
final class Checks {
  /** Kafka's longest topic name. */
  private static final int MAX_TOPIC = 249;

  private Checks() {}

  static String text(String value, String what) {
    Objects.requireNonNull(value, what);
    if (value.isBlank()) {
      throw new IllegalArgumentException("a trigger's " + what + " must not be blank");
    }
    return value;
  }

  /** A topic's name: Kafka takes letters, digits, '.', '_' and '-', at most 249 of them. */
  static String topic(String value, String what) {
    text(value, what);
    if (!value.matches("[A-Za-z0-9._-]+") || value.length() > MAX_TOPIC
        || value.equals(".") || value.equals("..")) {
      throw new IllegalArgumentException("a trigger's " + what + " may hold letters, digits, '.',"
          + " '_' and '-' only, at most " + MAX_TOPIC + " of them (Kafka refuses the others), but"
          + " was '" + value + "'");
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
      throw new IllegalStateException("a KafkaTrigger needs " + call + " before build()");
    }
  }
}
