package dev.durable.runtime.internal.wake;

import java.time.Instant;

/**
 * The one way the parts of an engine or a worker say that something may be due, so that whoever
 * can take it up looks for it: a run due at an instant, a run queued in a flow-control queue,
 * tasks queued, a slot freed, a run's values changed. Each call is a hint, routed to one of the
 * sources the implementation owns: the in-process timers ({@link Timers}), the engines, workers and
 * readers of this process ({@link ProcessWakeups}), or the poll; the database's notifications
 * ({@link DatabaseNotifications}) are another source, heard by one listener per engine, and are
 * sent by the store in the commit that made the work ready. The store's due times and task rows
 * are the truth, and the poll, which always runs, finds whatever a hint missed. The routes are
 * drawn in {@code docs/internals.md} ("Wake-ups").
 *
 * <p>An engine's implementation is {@link EngineWakeups}; a worker's, {@link WorkerWakeups}.
 */
public interface Wakeups {
  /**
   * A run is due at {@code at} in the store, or will be: a signal was sent, a child run started or
   * ended, a task answered, a run requeued (now); a deadline or a schedule's fire time (later).
   * Due now, the engines of this process look for it at once (other processes are told by the
   * store's notification); due later, this engine's timer wakes its poll then, if that is within
   * {@link Timers#HORIZON}, else its poll finds it.
   */
  void runDue(Instant at);

  /**
   * Run {@code runId}, suspended here by a timer or a backoff of its own that nothing but time
   * ends, is due at {@code at}: the engine claims it back a little ahead ({@code Time#claimLead})
   * and its turn waits out the rest in process ({@link ClaimsAhead}).
   */
  void runSleeps(String runId, Instant at);

  /**
   * A run was queued in flow-control queue {@code queue}, due for admission at {@code at}: every
   * engine of this process that declares the queue admits at once, even one that found the queue
   * idle (other processes are told by the store's notification); due later, as {@link #runDue}.
   */
  void runQueued(String queue, Instant at);

  /** Tasks were queued for any worker to claim: the workers of this process look at once. */
  void tasksQueued();

  /**
   * A slot of this engine or worker freed while its last poll had left work behind for want of
   * one: it polls again now.
   */
  void slotFree();

  /**
   * Run {@code runId} wrote events or stream values, ended, or was cancelled: the readers waiting
   * for it in this process read again at once (those of other processes are told by the store's
   * notification, written in the same commit).
   */
  void valuesChanged(String runId);
}
