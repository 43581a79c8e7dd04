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
  AWAIT
}
