package dev.durable.runtime.internal.store;

/** What a checkpoint records. */
public enum CheckpointKind {
  /** A step's outcome. */
  STEP,
  /** A durable timer ({@code ctx.sleep}). */
  SLEEP,
  /** A dispatched step's outcome, served by a worker. */
  REMOTE,
  /**
   * A wait for a typed signal ({@code @Signal}): pending while the run waits, completed with the
   * signal's value (the signal it took is marked with this position in the same commit) or with the
   * value of the method's body once the wait's limit passed.
   */
  SIGNAL
}
