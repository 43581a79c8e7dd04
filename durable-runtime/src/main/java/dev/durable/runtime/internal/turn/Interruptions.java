package dev.durable.runtime.internal.turn;

import dev.durable.runtime.RunError;
import dev.durable.runtime.StepState;
import dev.durable.runtime.internal.common.Errors;
import dev.durable.runtime.internal.model.CheckpointKind;
import dev.durable.runtime.internal.model.CheckpointRecord;
import dev.durable.runtime.internal.model.ClaimedRun;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The local step attempts that the engine a run was taken over from may have had in flight when
 * its lease ended unrenewed: a turn of a run claimed that way ({@code ClaimedRun#takeover})
 * records each one, before its own next attempt at that position, as an attempt that may have run
 * there ({@code step.interrupted}), and counts it among the step's attempts.
 *
 * <p>Nothing is written when an attempt starts: a durable record there would cost a commit before
 * the first step of every turn, which has no write of its own to ride on. The lease is the record
 * instead: the lost engine held the run from where its durable progress stops, and every later
 * step's first attempt waits for the checkpoint before it, so the attempts it can have made
 * without a trace are those at that edge:
 *
 * <ul>
 *   <li>a lone step at the first position without a checkpoint (its first attempt writes
 *       nothing before it runs), called before anything else this turn did not replay;
 *   <li>a local step whose checkpoint has not ended and whose next attempt was due when the run
 *       was taken over: a branch of a fan (its checkpoint is written before its attempts), or a
 *       step retrying.
 * </ul>
 *
 * <p>So this may name an attempt that had not begun (the engine died between its claim and the
 * attempt, say), never miss one that had: "may have run". Each position is recorded once.
 *
 * <p>Concurrency: the branches of a fan ask from step threads of their own, at once; {@link #take}
 * is synchronized.
 */
public final class Interruptions {
  /** A turn of a run not taken over: nothing was in flight elsewhere. */
  static final Interruptions NONE = new Interruptions(null, null, -1, Set.of());

  private final String lostOwner;
  private final Instant heldSince;
  /** The first position without a checkpoint: a lone step there may have started. */
  private final int edge;
  /** The positions of local steps whose checkpoints had not ended and whose attempts were due. */
  private final Set<Integer> open;
  /** Whether the lone step at {@link #edge} was taken. */
  private boolean edgeTaken;

  private Interruptions(String lostOwner, Instant heldSince, int edge, Set<Integer> open) {
    this.lostOwner = lostOwner;
    this.heldSince = heldSince;
    this.edge = edge;
    this.open = open;
  }

  /**
   * The attempts that may have been in flight on the engine {@code claim} took its run over from,
   * by its checkpoints as read at {@code now}; {@link #NONE} if it was not taken over.
   */
  static Interruptions of(ClaimedRun claim, Instant now) {
    if (claim.takeover().isEmpty()) {
      return NONE;
    }
    List<CheckpointRecord> checkpoints = claim.resumption().checkpoints();
    Set<Integer> open = new HashSet<>();
    Instant since = claim.takeover().get().heldSince();
    for (CheckpointRecord c : checkpoints) {
      if (c.kind() == CheckpointKind.STEP && !ended(c.status())
          && (c.wakeAt() == null || !c.wakeAt().isAfter(now))) {
        open.add(c.seq());
      }
      // the lost engine's last write before the edge: an attempt there began after it
      if (c.updatedAt() != null && (since == null || c.updatedAt().isAfter(since))) {
        since = c.updatedAt();
      }
    }
    return new Interruptions(
        claim.takeover().get().lostOwner(), since, checkpoints.size(), open);
  }

  /**
   * Whether the attempt about to be made at {@code seq} is one the lost engine may have had in
   * flight; true once per position, for the first attempt this turn makes there.
   *
   * @param existing the step's checkpoint, null if it has none
   */
  synchronized boolean take(int seq, CheckpointRecord existing) {
    if (lostOwner == null) {
      return false;
    }
    if (existing != null) {
      return open.remove(seq);
    }
    if (seq != edge || edgeTaken) {
      return false;
    }
    edgeTaken = true;
    return true;
  }

  /** The engine whose lease ended unrenewed. */
  String lostOwner() {
    return lostOwner;
  }

  /**
   * The earliest an attempt at the edge can have begun there: the lost engine's claim of the run,
   * or its last write after it.
   */
  Instant heldSince() {
    return heldSince;
  }

  private static boolean ended(StepState status) {
    return status == StepState.COMPLETED || status == StepState.FAILED;
  }

  /**
   * Attempt {@code attempt} of {@code step} may have run on {@code lostOwner}, whose lease ended
   * unrenewed before the attempt's outcome was stored; the next attempt follows here.
   */
  public static RunError attemptInterrupted(String step, int attempt, String lostOwner) {
    return new RunError("attempt " + attempt + " may have run on " + lostOwner + ", whose lease"
        + " on the run ended unrenewed (the engine died or stalled) before the attempt's outcome"
        + " was stored: what it did, if anything, may be done again by attempt " + (attempt + 1),
        Errors.ATTEMPT_INTERRUPTED, Interruptions.class.getName(), Optional.of(step));
  }
}
