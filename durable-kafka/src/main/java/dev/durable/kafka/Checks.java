package dev.durable.kafka;

import dev.durable.runtime.trigger.TriggerChecks;

/**
 * Kafka's own checks of the builder's settings, each saying what was wrong and what to do; those
 * every trigger has are {@link TriggerChecks}.
 */
final class Checks {
  /** Kafka's longest topic name. */
  private static final int MAX_TOPIC = 249;

  private Checks() {}

  /** A topic's name: Kafka takes letters, digits, '.', '_' and '-', at most 249 of them. */
  static String topic(String value, String what) {
    TriggerChecks.text(value, what);
    if (!value.matches("[A-Za-z0-9._-]+") || value.length() > MAX_TOPIC
        || value.equals(".") || value.equals("..")) {
      throw new IllegalArgumentException("a trigger's " + what + " may hold letters, digits, '.',"
          + " '_' and '-' only, at most " + MAX_TOPIC + " of them (Kafka refuses the others), but"
          + " was '" + value + "'");
    }
    return value;
  }
}
