package dev.durable.runtime.internal.engine;

import dev.durable.runtime.internal.store.ClaimedRun;
import java.time.Duration;
import java.time.Instant;

/**
 * An engine's slots as a worker of its process sees them: where the worker hands back a run whose
 * task the engine handed it ({@link EagerDispatch}). The worker reserves a slot before it stores
 * the task's outcome; if that commit makes the run due, it leases the run to this engine, under
 * {@link #owner()} until {@link #leaseUntil}, and the run goes straight to the reserved slot,
 * sparing the engine's claim (PostgreSQL; on H2 the run is woken as before).
 *
 * <p>Made with the engine's {@link Services}, before its scheduler, which binds its slots here
 * once it is made ({@link #bind}); until then, and once the engine stops, none is free.
 */
final class EngineSlots {
  private final String owner;
  private final Duration lease;
  private volatile ClaimsAhead.Slots slots;

  EngineSlots(String owner, Duration lease) {
    this.owner = owner;
    this.lease = lease;
  }

  /** Binds the scheduler's slots, which runs handed back go to. */
  void bind(ClaimsAhead.Slots scheduler) {
    this.slots = scheduler;
  }

  String owner() {
    return owner;
  }

  /** The end of a lease taken at {@code now}. */
  Instant leaseUntil(Instant now) {
    return now.plus(lease);
  }

  /** Reserves a slot for a run to be handed back; false if none is free. */
  boolean tryReserve() {
    ClaimsAhead.Slots bound = slots;
    return bound != null && bound.tryReserve();
  }

  /** Gives back a slot reserved for a run that was not handed back. */
  void release() {
    slots.release();
  }

  /** Executes a run handed back, leased to this engine at {@code now}, in a reserved slot. */
  void submit(ClaimedRun claim, Instant now) {
    slots.submit(claim, now);
  }
}
