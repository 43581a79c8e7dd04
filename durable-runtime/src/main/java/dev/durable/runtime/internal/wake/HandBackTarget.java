package dev.durable.runtime.internal.wake;

import dev.durable.runtime.internal.model.ClaimedRun;
import dev.durable.runtime.internal.wake.ExecutionSlots;
import java.time.Duration;
import java.time.Instant;

/**
 * An engine as a worker of its process sees it for the hand-back: where the worker hands back a
 * run whose task the engine handed it ({@code EagerDispatch}). The worker reserves a slot before
 * it stores the task's outcome; if that commit makes the run due, it leases the run to this
 * engine, under {@link #owner()} until {@link #leaseUntil}, and the run goes straight to the
 * reserved slot, sparing the engine's claim (PostgreSQL; on H2 the run is woken as before).
 *
 * <p>Made with the engine's {@link EngineWakeups}, before its scheduler, whose {@link
 * ExecutionSlots} are bound here once it is made ({@link #bind}); until then none is free, and
 * once the engine stops the scheduler has none free either.
 */
public final class HandBackTarget {
  private final String owner;
  private final Duration lease;
  private volatile ExecutionSlots slots;

  HandBackTarget(String owner, Duration lease) {
    this.owner = owner;
    this.lease = lease;
  }

  /** Binds the scheduler's slots, which runs handed back go to. */
  void bind(ExecutionSlots scheduler) {
    this.slots = scheduler;
  }

  public String owner() {
    return owner;
  }

  /** The end of a lease taken at {@code now}. */
  public Instant leaseUntil(Instant now) {
    return now.plus(lease);
  }

  /** Reserves a slot for a run to be handed back; false if none is free. */
  public boolean tryReserve() {
    ExecutionSlots bound = slots;
    return bound != null && bound.tryReserve();
  }

  /** Gives back a slot reserved for a run that was not handed back. */
  public void release() {
    slots.release();
  }

  /** Executes a run handed back, leased to this engine at {@code now}, in a reserved slot. */
  public void submit(ClaimedRun claim, Instant now) {
    slots.submit(claim, now);
  }
}
