package dev.durable.runtime.internal.turn;

import dev.durable.runtime.RunError;

/**
 * Ends a turn early. An {@link Error}, so that workflow code catching {@code Exception} does not
 * swallow it; and the turn remembers it, so that even code catching {@code Throwable} cannot make
 * the turn go on.
 */
public final class TurnStop extends Error {
  private static final long serialVersionUID = 1L;

  /** Why the turn stopped. */
  public enum Reason {
    /** The run was suspended in storage: a timer or a backoff. Nothing more to do. */
    SUSPENDED,
    /** The run must fail with {@link #failure()}: non-determinism, an undecodable payload. */
    FAILED,
    /**
     * The payload codec cannot decode one of the run's stored payloads here: the run is set aside
     * with {@link #failure()} as its reason, not failed, for an engine that can read it.
     */
    SET_ASIDE,
    /** Another engine claimed the run, or it was cancelled or requeued: write nothing more. */
    LEASE_LOST,
    /** The run was cancelled through this engine. */
    CANCELLED,
    /**
     * The run was paused: the turn stops before its next step, its progress so far written, and
     * gives its lease back ({@code RunChange.RELEASED}).
     */
    PAUSED,
    /** The engine is shutting down; the run is released to be picked up again. */
    SHUTDOWN,
    /** The store could not be reached; the run is picked up again when its lease expires. */
    STORE_UNAVAILABLE,
    /**
     * A turn that only replays ({@link Replays}) reached a position the run had not got past:
     * everything the run recorded before it matched.
     */
    REPLAYED,
    /**
     * The workflow's code called {@code continueAsNew}: the run starts over with {@link #input()}
     * in its next generation.
     */
    CONTINUED_AS_NEW
  }

  private final Reason reason;
  private final transient RunError failure;
  private final transient String input;

  TurnStop(Reason reason, RunError failure, Throwable cause) {
    this(reason, failure, cause, null);
  }

  /** @param input for {@link Reason#CONTINUED_AS_NEW}: the next generation's encoded input */
  TurnStop(Reason reason, RunError failure, Throwable cause, String input) {
    super(reason.name(), cause, false, false);
    this.reason = reason;
    this.failure = failure;
    this.input = input;
  }

  public Reason reason() {
    return reason;
  }

  /** For {@link Reason#FAILED}: the run's error. */
  public RunError failure() {
    return failure;
  }

  /** For {@link Reason#CONTINUED_AS_NEW}: the next generation's input, encoded. */
  public String input() {
    return input;
  }
}
