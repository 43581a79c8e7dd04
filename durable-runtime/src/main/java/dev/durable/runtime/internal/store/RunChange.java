package dev.durable.runtime.internal.store;

import dev.durable.runtime.RunError;
import java.time.Instant;

/**
 * What a fenced commit does to the run row itself.
 *
 * @param kind which change
 * @param wakeAt for {@link Kind#SLEEPING}: when the run wakes
 * @param output for {@link Kind#COMPLETED}: the encoded result
 * @param error for {@link Kind#FAILED}: why
 */
public record RunChange(Kind kind, Instant wakeAt, String output, RunError error) {

  /** The kinds of change. */
  public enum Kind {
    /** Nothing but proving the lease is still held (and stamping {@code updated_at}). */
    TOUCH,
    /** The run suspends until a time, holding no lease. */
    SLEEPING,
    /** The run finished with a result. */
    COMPLETED,
    /** The run failed. */
    FAILED
  }

  public static final RunChange TOUCH = new RunChange(Kind.TOUCH, null, null, null);

  public static RunChange sleeping(Instant wakeAt) {
    return new RunChange(Kind.SLEEPING, wakeAt, null, null);
  }

  public static RunChange completed(String output) {
    return new RunChange(Kind.COMPLETED, null, output, null);
  }

  public static RunChange failed(RunError error) {
    return new RunChange(Kind.FAILED, null, null, error);
  }
}
