package dev.durable.runtime;

/** Where a dispatched step's task stands. */
public enum TaskState {
  /** Waiting for a worker to claim it. */
  QUEUED,
  /** Claimed by a worker, which has not answered yet. */
  RUNNING,
  /** Its worker stored a result. */
  SUCCEEDED,
  /** Its worker stored a failure. */
  FAILED,
  /** Given up by the engine: timed out, lost, redispatched, or its run cancelled. */
  LOST
}
