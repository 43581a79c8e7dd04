package dev.durable.runtime.internal.time;

import java.time.Instant;

/**
 * A {@link java.time.Clock} whose time moves only when told to, and that says when it jumps:
 * {@code dev.durable.runtime.testing.TestClock} (in {@code durable-test}) implements it, and is
 * given to an engine as its clock like any other. Given one, an engine waits in process by
 * advancing it instead of sleeping, claims suspended runs back at their due time rather than just
 * ahead of it, and looks again for due runs and timers after each jump.
 */
public interface ManualClock {

  /** Moves the clock forward to {@code instant}, if it is later than now; returns the new now. */
  Instant advanceTo(Instant instant);

  /**
   * Registers {@code listener} to run after each move of the clock. Returns a handle that
   * unregisters it.
   */
  AutoCloseable onAdvance(Runnable listener);
}
