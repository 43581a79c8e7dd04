package dev.durable.nats;

import dev.durable.runtime.trigger.TriggerChecks;

/**
 * NATS's own checks of the builder's settings, each saying what was wrong and what to do; those
 * every trigger has are {@link TriggerChecks}.
 */
final class Checks {
  private Checks() {}

  /** A consumer's name: NATS refuses dots, spaces, wildcards and separators in it. */
  static String name(String value, String what) {
    TriggerChecks.text(value, what);
    if (!value.matches("[A-Za-z0-9_-]+")) {
      throw new IllegalArgumentException("a trigger's " + what + " may hold letters, digits, '_'"
          + " and '-' only (NATS refuses the others), but was '" + value + "'");
    }
    return value;
  }
}
