package dev.durable.runtime;

/** Where a step of a run is. */
public enum StepState {
  /** Dispatched and waiting to be picked up (dispatched steps). */
  PENDING,
  /** An attempt is executing. */
  RUNNING,
  /** An attempt failed and the next one waits out its backoff. */
  RETRYING,
  /** Succeeded; its result is stored and it never runs again. */
  COMPLETED,
  /** Failed for good: retries exhausted or a non-retryable error. */
  FAILED
}
