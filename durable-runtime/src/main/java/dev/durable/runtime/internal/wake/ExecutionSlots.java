package dev.durable.runtime.internal.wake;

import dev.durable.runtime.internal.model.ClaimedRun;
import java.time.Instant;

/**
 * A started engine's execution slots as the claims made outside its poll see them: the claim
 * ahead of a sleep's or backoff's end ({@code ClaimsAhead}) and a worker's hand-back ({@link
 * HandBackTarget}). Each reserves a slot before it claims, then executes the run claimed in it or
 * gives it back. The {@link Scheduler} implements it.
 */
public interface ExecutionSlots {
  /** Reserves a slot to execute a run at once; false if none is free. */
  boolean tryReserve();

  /** Gives back a reserved slot not used. */
  void release();

  /** Executes a claimed run in a reserved slot; {@code now} is when it was claimed. */
  void submit(ClaimedRun claim, Instant now);
}
