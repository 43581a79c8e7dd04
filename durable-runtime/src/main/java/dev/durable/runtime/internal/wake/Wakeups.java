package dev.durable.runtime.internal.wake;

import java.time.Instant;

/**
 * The one way the parts of an engine or a worker say that something may be due, so that whoever
 * can take it up looks for it: a run due at an instant, tasks queued, a slot freed. Each call is a
 * hint, routed to the in-process timers, the engines and workers of this process, or the poll; the
 * store's due times and task rows are the truth, and the poll, which always runs, finds whatever a
 * hint missed. The routes are drawn in {@code docs/internals.md} ("Wake-ups").
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

  /** Tasks were queued for any worker to claim: the workers of this process look at once. */
  void tasksQueued();

  /**
   * A slot of this engine or worker freed while its last poll had left work behind for want of
   * one: it polls again now.
   */
  void slotFree();
}
