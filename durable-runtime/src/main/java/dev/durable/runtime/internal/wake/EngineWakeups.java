package dev.durable.runtime.internal.wake;

import dev.durable.runtime.StoreException;
import dev.durable.runtime.internal.flow.Queues;
import dev.durable.runtime.internal.model.TaskRecord;
import dev.durable.runtime.internal.run.ExecutionSlots;
import dev.durable.runtime.internal.time.Time;
import dev.durable.runtime.internal.store.Store;
import dev.durable.runtime.internal.turn.EagerDispatch;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An engine's wake-ups ({@link Wakeups}): every way a run of this engine's database is woken goes
 * through here, and this class alone decides where each goes.
 *
 * <ul>
 *   <li>a run due later: one of the engine's in-memory {@link Timers}, which signals the poll then
 *       (only for what is due within five minutes);
 *   <li>a run sleeping on a timer or a backoff of its own: a timer that fires a little ahead, and
 *       {@link ClaimsAhead} claims the run back by id;
 *   <li>a run due now: the engines of this process ({@link ProcessWakeups}), this one included;
 *       the store's {@code NOTIFY} tells the others;
 *   <li>a run parked for a flow-control queue's slot that freed ({@link #parkedRunReady}): made
 *       due in the store, then as a run due now;
 *   <li>tasks queued: handed to a worker of this process with a free slot where one serves the
 *       step ({@link #reserveWorkers}, {@link EagerDispatch}), else the workers of this process are
 *       signalled; a worker's answer may hand the run back into a slot of this engine ({@link
 *       HandBackTarget});
 *   <li>a slot freed: the poll looks again;
 *   <li>a run's events or streams written, or the run ended: the readers waiting in this process
 *       ({@link #valuesChanged}, {@code RunValueWatches}); the store's {@code NOTIFY} tells the
 *       others;
 *   <li>the database's notifications ({@code LISTEN}, PostgreSQL only) and the in-process
 *       signals of other engines and workers signal the poll ({@link #listen}).
 * </ul>
 *
 * <p>The {@link PollLoop} is the fallback that always runs: every route above only makes it look
 * sooner, or claims ahead of it. Made before the engine's turns ({@code TurnContext}), which wake
 * runs through it; the scheduler, made after, binds its slots ({@link #bind}).
 */
public final class EngineWakeups implements Wakeups {
  private static final Logger LOG = LoggerFactory.getLogger(EngineWakeups.class);

  private final Store store;
  private final Time time;
  private final PollLoop poll;
  private final Timers timers;
  private final ProcessWakeups process;
  private final DatabaseKey database;
  private final String engineId;
  private final Duration leaseDuration;
  private final HandBackTarget handBack;
  private volatile ClaimsAhead claimsAhead;

  /**
   * @param poll the engine's poll for due runs, which the wake-ups signal
   * @param process the engines and workers of this process
   * @param database the database {@code store} opened, which a worker of this process shares if
   *     it opened the same ({@link EagerDispatch})
   * @param engineId the engine, which runs claimed ahead or handed back are leased to
   */
  public EngineWakeups(
      Store store, Time time, PollLoop poll, ProcessWakeups process, DatabaseKey database,
      String engineId, Duration leaseDuration) {
    this.store = store;
    this.time = time;
    this.poll = poll;
    this.timers = new Timers(time, "durable-timers", poll::signal);
    this.process = process;
    this.database = database;
    this.engineId = engineId;
    this.leaseDuration = leaseDuration;
    this.handBack = new HandBackTarget(engineId, leaseDuration);
  }

  @Override
  public void runDue(Instant at) {
    if (at.isAfter(time.now())) {
      timers.wakeAt(at);
    } else {
      process.runDue();
    }
  }

  @Override
  public void runSleeps(String runId, Instant at) {
    timers.claimAhead(runId, at);
  }

  @Override
  public void tasksQueued() {
    process.taskQueued();
  }

  @Override
  public void slotFree() {
    poll.signal();
  }

  /**
   * Run {@code runId} wrote events or stream values, ended, or was cancelled, through this engine:
   * the readers waiting for it in this process read again at once (those of other processes are
   * told by the store's notification, written in the same commit).
   */
  public void valuesChanged(String runId) {
    process.values().changed(runId);
  }

  /**
   * Makes run {@code runId}, parked for a flow-control queue's slot that freed ({@link Queues}),
   * due now in the store, and looks for it. If the store fails, the park's own sleep ends by
   * itself after {@link Queues#PARKED_FALLBACK}.
   */
  public void parkedRunReady(String runId) {
    try {
      store.wakeRun(runId, time.now());
      runDue(time.now());
    } catch (StoreException e) {
      LOG.warn("could not wake run {}, parked for a queue slot: {}; it tries again within {} s",
          runId, e.getMessage(), Queues.PARKED_FALLBACK.toSeconds());
    }
  }

  /**
   * Reserves, for each of {@code tasks} that a turn's commit is about to queue, a slot of a
   * started worker of this process on this database that serves its step, where one is free; a
   * worker's answer may hand the run back to this engine.
   */
  public EagerDispatch reserveWorkers(List<TaskRecord> tasks) {
    return EagerDispatch.reserve(process, database, handBack, tasks, time.now());
  }

  /**
   * Binds the scheduler's execution slots, which runs claimed ahead and runs handed back go to.
   */
  public void bind(ExecutionSlots slots) {
    claimsAhead = new ClaimsAhead(store, time, engineId, leaseDuration, timers, slots);
    handBack.bind(slots);
  }

  /**
   * Signals the poll when the engines of this process are told a run is due, and when the
   * database notifies this engine (PostgreSQL: a run started, woken or cancelled elsewhere), until
   * closed.
   *
   * @param cancelled called with the runs a notification names, some of which may have been
   *     cancelled elsewhere while executing here
   */
  public AutoCloseable listen(Consumer<List<String>> cancelled, String listenerName) {
    ProcessWakeups.Registration inProcess = process.onRunDue(poll::signal);
    AutoCloseable notifications;
    try {
      notifications = store.listenForRuns(runIds -> {
        poll.signal();
        cancelled.accept(runIds);
      }, listenerName);
    } catch (RuntimeException e) {
      inProcess.close();
      throw e;
    }
    return () -> {
      try {
        notifications.close();
      } finally {
        inProcess.close();
      }
    };
  }

  /** Starts the timers: a {@code tick()}-driven engine has none. */
  public void start() {
    timers.start();
  }

  /** A test clock moved: fires the timers that came due, and polls. */
  public void clockMoved() {
    timers.clockMoved();
    poll.signal();
  }

  /** Stops the timers and the claims ahead, as the engine stops. */
  public void stop() {
    timers.close();
    ClaimsAhead ahead = claimsAhead;
    if (ahead != null) {
      ahead.close();
    }
  }
}
