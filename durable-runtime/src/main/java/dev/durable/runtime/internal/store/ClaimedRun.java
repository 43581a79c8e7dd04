package dev.durable.runtime.internal.store;

import java.time.Instant;

/**
 * A run an engine just claimed, with what its row said before the claim.
 *
 * @param run the run as claimed: leased to the claiming engine
 * @param wasDueAt when it was due: how late the claim came is measured from it
 * @param takenOver whether another engine held it and its lease had expired
 * @param resumption what its turn reads before it replays, where the claim read it with the run
 *     (the poll's claim and the hand-back: {@link Claims#READS}); null where the turn is to read it
 */
public record ClaimedRun(
    RunRecord run, Instant wasDueAt, boolean takenOver, Resumption resumption) {

  /** This claim with its run's resumption, read with it. */
  ClaimedRun resumed(Resumption read) {
    return new ClaimedRun(run, wasDueAt, takenOver, read);
  }

  /** Whether a run in {@code previousStatus}, leased to {@code previousOwner}, is taken over. */
  static boolean takesOver(String previousStatus, String previousOwner) {
    return "RUNNING".equals(previousStatus) && previousOwner != null;
  }
}
