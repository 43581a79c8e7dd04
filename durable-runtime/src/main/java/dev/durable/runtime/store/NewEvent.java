package dev.durable.runtime.store;

import java.time.Instant;

/** An event to append to a run's log. {@code step} and {@code detail} may be null. */
public record NewEvent(String type, String step, int attempt, String detail, Instant at) {

  /** A run-level event. */
  public static NewEvent run(String type, String detail, Instant at) {
    return new NewEvent(type, null, 0, detail, at);
  }
}
