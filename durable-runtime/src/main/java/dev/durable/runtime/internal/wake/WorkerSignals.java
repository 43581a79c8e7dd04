package dev.durable.runtime.internal.wake;

/**
 * What a worker reacts to when an engine of this process, or the database, says that tasks were
 * queued: the in-process signals ({@link ProcessWakeups}) and the database's notifications call
 * it; its one implementation is the worker's {@link WorkerWakeups}, which signals its poll.
 */
interface WorkerSignals {
  /** Tasks may be queued: the poll looks. */
  void tasksQueued();
}
