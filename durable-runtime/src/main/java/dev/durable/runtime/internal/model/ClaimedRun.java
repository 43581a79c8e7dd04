package dev.durable.runtime.internal.model;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * A run an engine just claimed, with what its row said before the claim.
 *
 * @param run the run as claimed: leased to the claiming engine
 * @param wasDueAt when it was due: how late the claim came is measured from it
 * @param takeover the engine whose lease on the run had ended unrenewed, if the claim took the run
 *     over from one
 * @param resumption what its turn reads before it replays, where the claim read it with the run
 *     (the poll's claim and the hand-back: {@code Claims#reads}); null where the turn is to read it
 */
public record ClaimedRun(
    RunRecord run, Instant wasDueAt, Optional<Takeover> takeover, Resumption resumption) {

  /**
   * The engine that held a run until its lease ended unrenewed (it died or stalled), and since
   * when it held it.
   *
   * @param lostOwner that engine's id
   * @param heldSince when it claimed the run: the run's last change of state before this claim
   */
  public record Takeover(String lostOwner, Instant heldSince) {}

  /** The claim of a run this engine has just started: due now, and nothing to read. */
  public static ClaimedRun started(RunRecord run) {
    return new ClaimedRun(
        run, run.createdAt(), Optional.empty(), new Resumption(List.of(), List.of()));
  }

  /** Whether another engine held the run and its lease had expired. */
  public boolean takenOver() {
    return takeover.isPresent();
  }

  /** This claim with its run's resumption, read with it or after it. */
  public ClaimedRun resumed(Resumption read) {
    return new ClaimedRun(run, wasDueAt, takeover, read);
  }

  /**
   * The takeover, if a run in {@code previousStatus}, leased to {@code previousOwner} since {@code
   * previousUpdate}, is taken over: a claim takes a leased run only once its lease has expired.
   */
  public static Optional<Takeover> takeover(
      String previousStatus, String previousOwner, Instant previousUpdate) {
    return "RUNNING".equals(previousStatus) && previousOwner != null
        ? Optional.of(new Takeover(previousOwner, previousUpdate))
        : Optional.empty();
  }
}
