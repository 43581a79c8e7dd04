package dev.durable.runtime.internal.wake;

/**
 * What an engine reacts to when another part of this process, or the database, says that
 * something may be due for it: the in-process signals ({@link ProcessWakeups}) and the database's
 * notifications ({@link DatabaseNotifications}) call it; its one implementation is the engine's
 * {@link EngineWakeups}, which signals the poll.
 */
interface EngineSignals {
  /** Runs may be due now: the poll looks. */
  void runDue();

  /**
   * A run was queued in {@code queue}: its admission is looked at now, if this engine declares the
   * queue, even if it found the queue idle.
   */
  void runQueued(String queue);
}
