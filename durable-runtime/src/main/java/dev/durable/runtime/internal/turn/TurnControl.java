package dev.durable.runtime.internal.turn;

import dev.durable.runtime.NonDeterminismException;
import dev.durable.runtime.RunError;
import dev.durable.runtime.StepState;
import dev.durable.runtime.StoreException;
import dev.durable.runtime.codec.PayloadCodecException;
import dev.durable.runtime.internal.common.Errors;
import dev.durable.runtime.internal.model.CheckpointRecord;
import dev.durable.runtime.internal.model.Commit;
import dev.durable.runtime.internal.model.EventType;
import dev.durable.runtime.internal.model.NewEvent;
import dev.durable.runtime.internal.model.RunChange;
import dev.durable.runtime.internal.model.RunRecord;
import dev.durable.runtime.internal.model.TaskRecord;
import dev.durable.runtime.internal.run.InFlight;
import dev.durable.runtime.internal.run.ProgressBuffer;
import dev.durable.runtime.internal.time.Time;
import dev.durable.runtime.internal.wake.EagerDispatch;
import dev.durable.runtime.internal.wake.EngineWakeups;
import dev.durable.runtime.internal.wake.PollLoop;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Whether and why a turn stopped, and the ways it stops: suspending the run, waiting in process
 * until a cancellation or shutdown cuts the wait short, and writing progress where a write that
 * fails stops the turn.
 *
 * <p>Concurrency: the branches of a fan stop the turn from step threads of their own. The first
 * stop wins, set under this object's lock; {@code stop} is volatile, so every thread sees it
 * without the lock.
 */
public final class TurnControl {
  private final Time time;
  private final EngineWakeups wakeups;
  private final PollLoop poll;
  private final RunRecord run;
  private final InFlight.Run flight;
  private final ProgressBuffer progress;
  private final boolean replayOnly;
  private volatile TurnStop stop;

  /**
   * @param poll the engine's poll for due runs: once it is stopped, the engine is closing and the
   *     turn's waits end
   * @param replayOnly whether the turn only replays ({@link Replays}): it stops, {@link
   * TurnStop.Reason#REPLAYED}, at the first position without an ended checkpoint, where it would
   * otherwise execute, wait or write
   */
  TurnControl(
      Time time, EngineWakeups wakeups, PollLoop poll, RunRecord run, InFlight.Run flight,
      ProgressBuffer progress, boolean replayOnly) {
    this.time = time;
    this.wakeups = wakeups;
    this.poll = poll;
    this.run = run;
    this.flight = flight;
    this.progress = progress;
    this.replayOnly = replayOnly;
  }

  /** Stops the turn for {@code reason}, unless it stopped already; either way, the first stop. */
  /**
   * Stops the turn for {@code reason}, unless it stopped already: the first stop holds. A failure
   * caused by the payload codec's refusal to decode (a key this engine lacks) sets the run aside
   * instead: another engine, or this one once it has the key, reads what this one cannot.
   */
  public synchronized TurnStop stop(TurnStop.Reason reason, RunError failure, Throwable cause) {
    if (stop == null) {
      Optional<PayloadCodecException> refused = reason == TurnStop.Reason.FAILED
          ? Errors.codecRefusal(cause) : Optional.empty();
      stop = refused.isPresent()
          ? new TurnStop(TurnStop.Reason.SET_ASIDE,
              Errors.setAside(run.runId(), "a stored payload", refused.get()), cause)
          : new TurnStop(reason, failure, cause);
    }
    return stop;
  }

  /** Stops the turn, setting the run aside: {@code what} cannot be decoded here. */
  public TurnStop setAside(String what, PayloadCodecException e) {
    return stop(TurnStop.Reason.SET_ASIDE, Errors.setAside(run.runId(), what, e), e);
  }

  /**
   * Stops the turn as cancelled if the run was, failed with {@code run_timeout} if its run timeout
   * ended, else for {@code reason}.
   */
  TurnStop cancelledOr(TurnStop.Reason reason, Throwable cause) {
    if (flight.isCancelled()) {
      return stop(TurnStop.Reason.CANCELLED, null, cause);
    }
    if (timedOut()) {
      return timeOut(cause);
    }
    if (flight.isPaused()) {
      return stop(TurnStop.Reason.PAUSED, null, cause);
    }
    return stop(reason, null, cause);
  }

  /**
   * Throws the turn's stop, if it stopped, or stops it if the run was cancelled, its run timeout
   * ended, or it was paused.
   */
  public void throwIfStopped() {
    if (stop != null) {
      throw stop;
    }
    if (flight.isCancelled()) {
      throw stop(TurnStop.Reason.CANCELLED, null, null);
    }
    if (timedOut()) {
      throw timeOut(null);
    }
    if (flight.isPaused()) {
      throw stop(TurnStop.Reason.PAUSED, null, null);
    }
  }

  /**
   * Whether the run's timeout has ended: the engine stopped it (its attempts were cancelled), or
   * the engine's clock passed its end.
   */
  private boolean timedOut() {
    Instant deadline = run.deadlineAt();
    return deadline != null
        && (flight.isTimedOut() || !time.now().isBefore(deadline));
  }

  /** Stops the turn, failing the run with {@code run_timeout}. */
  private TurnStop timeOut(Throwable cause) {
    return stop(TurnStop.Reason.FAILED, Errors.runTimeout(run.runId(), run.deadlineAt()), cause);
  }

  /** Why the turn stopped early, if it did; checked after the workflow returns or throws. */
  Optional<TurnStop> stopped() {
    return Optional.ofNullable(stop);
  }

  /**
   * Whether the turn must give up waiting: the run was cancelled or timed out, or the engine is
   * closing.
   */
  boolean mustStopWaiting() {
    return flight.isCancelled() || flight.isTimedOut() || flight.isPaused() || poll.isStopped();
  }

  /**
   * The checkpoint {@code match} finds in the {@link ReplayLog}, or null; fails the run if the
   * workflow's code no longer matches what the run recorded. A turn that only replays stops here
   * where the run had not got further: no checkpoint, or one that has not ended.
   */
  public CheckpointRecord replayed(Supplier<CheckpointRecord> match) {
    CheckpointRecord recorded;
    try {
      recorded = match.get();
    } catch (NonDeterminismException e) {
      throw nonDeterminism(e);
    } catch (RecordedUndecodable e) {
      throw setAside(e.what, e.refusal());
    }
    if (replayOnly && (recorded == null
        || recorded.status() != StepState.COMPLETED && recorded.status() != StepState.FAILED)) {
      throw stop(TurnStop.Reason.REPLAYED, null, null);
    }
    return recorded;
  }

  /** Stops the turn with a non-determinism error: the run fails. */
  private TurnStop nonDeterminism(NonDeterminismException e) {
    return stop(
        TurnStop.Reason.FAILED,
        Errors.engine(e.getMessage(), Errors.NON_DETERMINISM, NonDeterminismException.class),
        e);
  }

  /**
   * Stops the turn after the store failed: an outage leaves the run to be taken up again when its
   * lease expires; a refusal, which the same write would meet again, fails the run.
   */
  public TurnStop storeFailed(StoreException e) {
    return e.isPermanent()
        ? stop(TurnStop.Reason.FAILED, Errors.storage(run.runId(), e), e)
        : stop(TurnStop.Reason.STORE_UNAVAILABLE, null, e);
  }

  /**
   * The change that suspends the run until {@code wakeAt} (null: until a worker's outcome wakes
   * it), or until its run timeout's end if that comes first.
   */
  RunChange sleeping(Instant wakeAt) {
    return RunChange.sleeping(wakeAt, run.deadlineAt());
  }

  /**
   * Suspends the turn, with a timer for {@code wakeAt} or the run timeout's end, whichever comes
   * first; a run that waits for a worker ({@code wakeAt} null) and has no run timeout needs none.
   */
  TurnStop suspended(Instant wakeAt) {
    Instant due = sleeping(wakeAt).dueAt();
    if (due != null) {
      wakeups.runDue(due);
    }
    return stop(TurnStop.Reason.SUSPENDED, null, null);
  }

  /**
   * Records the run as sleeping until {@code wakeAt}, together with {@code checkpoints} and
   * {@code events} (before the {@code run.sleeping} event, stamped {@code now}), and suspends the
   * turn: for a timer or a backoff of the run's own, which nothing but time ends. The engine claims
   * the run back a little ahead of its due time ({@link Time#claimLead}), and the next turn waits
   * out the rest in process ({@link #withinLead}), so that the claim and the replay are done by
   * the time it is due.
   */
  TurnStop sleepUntil(
      Instant wakeAt, Instant now, List<Commit.CheckpointWrite> checkpoints,
      List<NewEvent> events) {
    RunChange sleeping = sleeping(wakeAt);
    write(sleeping, checkpoints, withSleeping(events, "until " + wakeAt, now));
    wakeups.runSleeps(run.runId(), sleeping.dueAt());
    return stop(TurnStop.Reason.SUSPENDED, null, null);
  }

  /**
   * Records the run as sleeping until {@code wakeAt} as {@link #sleepUntil} does, with {@code why}
   * as the {@code run.sleeping} event's detail, for a wait that something other than time may end
   * (a queue slot, a signal, a child run): an ordinary timer wakes the poll at its due time.
   */
  TurnStop sleepUntil(
      Instant wakeAt, String why, Instant now, List<Commit.CheckpointWrite> checkpoints,
      List<NewEvent> events) {
    write(sleeping(wakeAt), checkpoints, withSleeping(events, why, now));
    return suspended(wakeAt);
  }

  private static List<NewEvent> withSleeping(List<NewEvent> events, String why, Instant now) {
    List<NewEvent> all = new ArrayList<>(events);
    all.add(EventType.RUN_SLEEPING.run(why, now));
    return all;
  }

  /**
   * Whether a wait from {@code now} until {@code wakeAt}, or until the run timeout's end if that
   * comes first, is within the engine's claim lead ({@link Time#claimLead}): the turn then waits in
   * process ({@link #waitUntil}) instead of suspending the run, as when the engine claimed the run
   * back ahead of its timer or backoff.
   */
  boolean withinLead(Instant wakeAt, Instant now) {
    Instant deadline = run.deadlineAt();
    Instant until = deadline != null && deadline.isBefore(wakeAt) ? deadline : wakeAt;
    return Duration.between(now, until).compareTo(time.claimLead()) <= 0;
  }

  /**
   * Suspends the run until an event from outside the run wakes it (a signal sent to it, a child run
   * that ended), or until {@code deadline} (null: none; the run sleeps, {@code SLEEPING} and due by
   * itself only at its run timeout's end, until it is woken), writing {@code checkpoints} and
   * {@code events} with it: the one place a turn waits for something outside the run. The event's
   * sender stores the event and wakes the run in one commit ({@code RunsTable}'s wake-up
   * statement); the two meet in the run's row, so none is missed: an event stored before this
   * suspension while the turn executed marked the run woken ({@code woken_at}), and the suspension
   * then makes it due at once instead of asleep, so the next turn re-checks for it; one stored
   * after the suspension finds the run sleeping and makes it due.
   */
  public TurnStop suspendForExternalEvent(
      Instant deadline, String why, Instant now, List<Commit.CheckpointWrite> checkpoints,
      List<NewEvent> events) {
    return sleepUntil(deadline, why, now, checkpoints, events);
  }

  /**
   * Waits in process until {@code instant}; stops the turn if the wait is cut short, or if the run
   * timeout ends first (the wait ends then).
   */
  void waitUntil(Instant instant) {
    Instant deadline = run.deadlineAt();
    Instant until = deadline != null && deadline.isBefore(instant) ? deadline : instant;
    try {
      if (!time.waitUntil(until, this::mustStopWaiting)) {
        throw cancelledOr(TurnStop.Reason.SHUTDOWN, null);
      }
      if (until != instant) {
        throw timeOut(null);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw stop(TurnStop.Reason.SHUTDOWN, null, e);
    }
  }

  /** {@link ProgressBuffer#write}, stopping the turn if that fails. */
  public void write(RunChange change, List<Commit.CheckpointWrite> checkpoints,
      List<NewEvent> events) {
    write(change, checkpoints, events, List.of());
  }

  /**
   * {@link #write}, queueing {@code tasks} in the same commit: those a worker of this process can
   * take at once are handed to it ({@link EagerDispatch}), and the others wake the workers (the
   * commit's wake-ups: {@link ProgressWrites}).
   */
  public void write(
      RunChange change, List<Commit.CheckpointWrite> checkpoints, List<NewEvent> events,
      List<TaskRecord> tasks) {
    EagerDispatch dispatch = wakeups.reserveWorkers(tasks);
    boolean written;
    try {
      written = progress.write(change, checkpoints, events, dispatch.tasks());
      if (written) {
        dispatch.handOver();
      }
    } catch (StoreException e) {
      if (e.isPermanent()) {
        progress.discardHeld();
      }
      throw storeFailed(e);
    } finally {
      dispatch.release();
    }
    if (!written) {
      throw cancelledOr(TurnStop.Reason.LEASE_LOST, null);
    }
  }

  /**
   * Stops the turn to start the run over with {@code input} in its next generation ({@code
   * continueAsNew}), unless it stopped already; either way, the first stop.
   */
  public synchronized TurnStop continueAsNew(String input) {
    if (stop == null) {
      stop = new TurnStop(TurnStop.Reason.CONTINUED_AS_NEW, null, null, input);
    }
    return stop;
  }
}
