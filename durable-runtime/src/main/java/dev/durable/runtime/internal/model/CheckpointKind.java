package dev.durable.runtime.internal.model;

/** What a checkpoint records. */
public enum CheckpointKind {
  /** A step's outcome. */
  STEP,
  /** A durable timer ({@code ctx.sleep}). */
  SLEEP,
  /** A dispatched step's outcome, served by a worker. */
  REMOTE,
  /** The start of a child run; its output is the child's id. */
  CHILD,
  /** A wait for a child run to end; its outcome is the child's. */
  AWAIT,
  /**
   * A value drawn once and replayed ({@code ctx.now()}, {@code ctx.randomUUID()}, {@code
   * ctx.random()}'s seed), named after the call.
   */
  VALUE,
  /**
   * A wait for a typed signal ({@code @Signal}): pending while the run waits, completed with the
   * signal's value (the signal it took is marked with this position in the same commit) or with the
   * value of the method's body once the wait's limit passed.
   */
  SIGNAL;

  /**
   * The name of the {@link #VALUE} checkpoint that marks where a run's failure handling begins (it
   * records the compensations it plans): while a run that has not ended holds it, the run is
   * undoing its completed steps, and an operator's cancel is refused rather than leave them
   * half-done.
   */
  public static final String FAILURE_HANDLING = "failure-handling";

  /** Whether it records a step, local or dispatched: what the status API lists as steps. */
  public boolean isStep() {
    return this == STEP || this == REMOTE;
  }
}
