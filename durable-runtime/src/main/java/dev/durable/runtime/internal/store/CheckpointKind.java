package dev.durable.runtime.internal.store;

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
  VALUE;

  /** Whether it records a step, local or dispatched: what the status API lists as steps. */
  public boolean isStep() {
    return this == STEP || this == REMOTE;
  }
}
