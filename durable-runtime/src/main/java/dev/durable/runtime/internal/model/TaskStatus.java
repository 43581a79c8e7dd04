package dev.durable.runtime.internal.model;

/**
 * Where a dispatched step's task stands, as {@code durable_tasks.status} holds it (workers in other
 * languages write these names too: see docs/task-protocol.md).
 */
public enum TaskStatus {
  /** Waiting for a worker to claim it. */
  QUEUED,
  /** Claimed by a worker, which has not answered yet. */
  RUNNING,
  /** Its worker stored a result. */
  SUCCEEDED,
  /** Its worker stored a failure. */
  FAILED,
  /** Given up by the engine (timed out, lost, redispatched, or its run cancelled). */
  LOST;

  /** Whether it waits for a worker: queued, or claimed by a worker that has not answered. */
  public boolean isOpen() {
    return this == QUEUED || this == RUNNING;
  }
}
