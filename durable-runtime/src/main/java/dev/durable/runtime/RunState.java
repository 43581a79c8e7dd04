package dev.durable.runtime;

/** Where a run is in its life. */
public enum RunState {
  /**
   * Started through a queue and waiting for the queue to admit it, or started with a delay that
   * has not passed ({@link StartOptions.Builder#delay}); {@link RunInfo#queue()} names its queue.
   */
  ENQUEUED,
  /** Started and waiting for an engine to pick it up. */
  PENDING,
  /** Leased by an engine that is executing it. */
  RUNNING,
  /** Suspended in storage until {@link RunInfo#wakeAt()}: a durable timer or a retry's backoff. */
  SLEEPING,
  /**
   * Stopped by {@link DurableEngine#pause(String)} until {@link DurableEngine#resume(String)}: no
   * engine starts a step, sleep, child or task of it meanwhile (a step that was in flight finishes
   * and is recorded); signals sent to it are kept, and timers that come due fire after the resume.
   */
  PAUSED,
  /** Finished with a result. */
  COMPLETED,
  /** Finished with an error; {@link DurableEngine#requeue(String)} can retry it. */
  FAILED,
  /** Stopped by {@link DurableEngine#cancel(String)}. */
  CANCELLED;

  /** Whether the run has ended: completed, failed or cancelled. */
  public boolean isTerminal() {
    return this == COMPLETED || this == FAILED || this == CANCELLED;
  }
}
