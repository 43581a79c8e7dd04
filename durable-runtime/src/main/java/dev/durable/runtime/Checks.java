package dev.durable.runtime;

import java.time.Duration;
import java.util.Objects;

/**
 * The checks of the settings that the builders and options take, each saying what was wrong and
 * what to do: written once, for every class that takes the setting.
 */
final class Checks {
  private Checks() {}

  /**
   * Throws unless {@code name} is a schema name that means the same quoted or not on H2 and
   * PostgreSQL; returns it.
   */
  static String schemaName(String name) {
    Objects.requireNonNull(name, "schema");
    if (!name.matches("[a-z_][a-z0-9_]{0,62}") || name.startsWith("pg_")) {
      throw new IllegalArgumentException("schema '" + (name.length() > 80
          ? name.substring(0, 80) + "...' (" + name.length() + " characters)" : name + "'")
          + " is not a schema name Durable accepts: use 1 to 63 lowercase letters, digits or"
          + " '_', starting with a letter or '_', and not 'pg_' (PostgreSQL's own)");
    }
    return name;
  }

  /** Throws, naming {@code name}, unless {@code value} is positive; returns it. */
  static Duration positive(Duration value, String name) {
    Objects.requireNonNull(value, name);
    if (value.isZero() || value.isNegative()) {
      throw new IllegalArgumentException(name + " must be positive, but was " + value);
    }
    return value;
  }

  /** Throws, naming {@code name}, unless {@code value} is at least 1; returns it. */
  static int atLeastOne(int value, String name) {
    if (value < 1) {
      throw new IllegalArgumentException(name + " must be at least 1, but was " + value);
    }
    return value;
  }

  /** Throws unless {@code name} is a valid queue name; returns it. */
  static String queueName(String name) {
    Objects.requireNonNull(name, "name");
    if (!name.matches("[A-Za-z0-9._-]{1,100}")) {
      throw new IllegalArgumentException("queue '" + StoredText.echo(name) + "' is not a queue"
          + " name: use 1 to 100 letters, digits, '.', '_' or '-'");
    }
    return name;
  }

  /** Throws unless queue {@code name}'s {@code concurrency} is at least 1; returns it. */
  static int queueConcurrency(String name, int concurrency) {
    if (concurrency < 1) {
      throw new IllegalArgumentException(
          "queue '" + name + "' needs a concurrency of at least 1, but was " + concurrency);
    }
    return concurrency;
  }
}
