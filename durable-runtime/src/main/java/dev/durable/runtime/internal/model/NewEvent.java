package dev.durable.runtime.internal.model;

import dev.durable.runtime.StoredText;
import java.time.Instant;

/**
 * An event to append to a run's log. {@code step} and {@code detail} may be null; the detail is
 * made storable ({@link StoredText#message}).
 */
public record NewEvent(String type, String step, int attempt, String detail, Instant at) {
  public NewEvent {
    detail = StoredText.message(detail);
  }

  /** A run-level event. */
  public static NewEvent run(String type, String detail, Instant at) {
    return new NewEvent(type, null, 0, detail, at);
  }
}
