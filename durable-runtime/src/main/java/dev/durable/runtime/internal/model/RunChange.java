package dev.durable.runtime.internal.model;

import dev.durable.runtime.RunError;
import java.time.Instant;

/**
 * What a fenced commit does to the run row itself.
 *
 * @param kind which change
 * @param wakeAt for {@link Kind#SLEEPING}: when the run wakes; null if only a worker's outcome or
 *     a signal wakes it
 * @param dueAt for {@link Kind#SLEEPING}: when an engine must take the run up: {@code wakeAt}, or
 *     its run timeout's end if that comes first; null if neither
 * @param output for {@link Kind#COMPLETED}: the encoded result
 * @param error for {@link Kind#FAILED}: why; for {@link Kind#SLEEPING}, why the run is set aside
 *     (its payloads cannot be decoded here), null for a sleep of its own
 */
public record RunChange(Kind kind, Instant wakeAt, Instant dueAt, String output, RunError error) {

  /** The kinds of change. */
  public enum Kind {
    /**
     * Nothing but proving the lease is still held: the run's row is not rewritten, so its {@code
     * updated_at} keeps the last change of its state (a step's progress has its checkpoint's).
     */
    TOUCH,
    /** The run suspends until a time, holding no lease. */
    SLEEPING,
    /** The run finished with a result. */
    COMPLETED,
    /** The run failed. */
    FAILED,
    /**
     * The turn stopped because the run was paused: its lease is given back, and it stays {@code
     * PAUSED}, or, if it was resumed meanwhile, is due at once.
     */
    RELEASED
  }

  /** The error code of a run set aside ({@link #setAside}): its payloads cannot be decoded. */
  public static final String SET_ASIDE_CODE = "payload_codec";

  public static final RunChange TOUCH = new RunChange(Kind.TOUCH, null, null, null, null);

  /**
   * The run sleeps until {@code wakeAt}, and is taken up then or at {@code deadlineAt}, its run
   * timeout's end, whichever comes first (either may be null).
   */
  public static RunChange sleeping(Instant wakeAt, Instant deadlineAt) {
    Instant dueAt = wakeAt == null || deadlineAt != null && deadlineAt.isBefore(wakeAt)
        ? deadlineAt
        : wakeAt;
    return new RunChange(Kind.SLEEPING, wakeAt, dueAt, null, null);
  }

  /**
   * The run is set aside until {@code until} for {@code reason}: it sleeps with the reason as its
   * error, visible where its state is, until an engine takes it up again.
   */
  public static RunChange setAside(Instant until, RunError reason) {
    return new RunChange(Kind.SLEEPING, until, until, null, reason);
  }

  /** The turn stopped for a pause ({@link Kind#RELEASED}). */
  public static final RunChange RELEASED = new RunChange(Kind.RELEASED, null, null, null, null);

  public static RunChange completed(String output) {
    return new RunChange(Kind.COMPLETED, null, null, output, null);
  }

  public static RunChange failed(RunError error) {
    return new RunChange(Kind.FAILED, null, null, null, error);
  }
}
