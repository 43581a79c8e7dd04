package dev.durable.runtime.internal.wake;

import dev.durable.runtime.internal.model.TaskRecord;
import dev.durable.runtime.internal.store.RunStore;
import dev.durable.runtime.internal.time.Time;
import dev.durable.runtime.internal.wake.EagerDispatch;
import dev.durable.runtime.internal.wake.ExecutionSlots;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.Consumer;

/**
 * An engine's wake-ups ({@link Wakeups}): every way a run of this engine's database is woken goes
 * through here, and this class alone decides where each goes and alone signals the poll. It owns
 * the engine's sources of wake-ups: its {@link Timers}, its registration with the in-process
 * signals ({@link ProcessWakeups}), and its one listener for the database's notifications ({@link
 * DatabaseNotifications}).
 *
 * <ul>
 *   <li>a run due later: one of the engine's in-memory {@link Timers}, which signals the poll then
 *       (only for what is due within five minutes);
 *   <li>a run sleeping on a timer or a backoff of its own: a timer that fires a little ahead, and
 *       {@link ClaimsAhead} claims the run back by id;
 *   <li>a run due now: the engines of this process ({@link ProcessWakeups}), this one included;
 *       the store's {@code NOTIFY} tells the others;
 *   <li>a run queued in a flow-control queue: the engines of this process, each of which admits
 *       at once if it declares the queue ({@link Admissions#queueMayHaveRuns}); the store's {@code
 *       NOTIFY}, naming the queue, tells the others;
 *   <li>tasks queued: handed to a worker of this process with a free slot where one serves the
 *       step ({@link #reserveWorkers}, {@link EagerDispatch}), else the workers of this process are
 *       signalled; a worker's answer may hand the run back into a slot of this engine ({@link
 *       HandBackTarget});
 *   <li>a slot freed: the poll looks again;
 *   <li>a run's events or streams written, or the run ended: the readers waiting in this process
 *       ({@link RunValueWatches}); the store's {@code NOTIFY} tells the others;
 *   <li>the database's notifications ({@code LISTEN}, PostgreSQL only: runs and values on one
 *       connection) and the in-process signals of other engines and workers signal the poll, and
 *       wake the readers ({@link #listen}).
 * </ul>
 *
 * <p>The {@link PollLoop} is the fallback that always runs: every route above only makes it look
 * sooner, or claims ahead of it. Made before the engine's turns ({@code TurnContext}), which wake
 * runs through it; the scheduler, made after, binds its slots ({@link #bind}).
 */
public final class EngineWakeups implements Wakeups {
  private final RunStore store;
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
      RunStore store, Time time, PollLoop poll, ProcessWakeups process, DatabaseKey database,
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
  public void runQueued(String queue, Instant at) {
    if (at.isAfter(time.now())) {
      timers.wakeAt(at);
    } else {
      process.runQueued(queue);
    }
  }

  @Override
  public void tasksQueued() {
    process.taskQueued();
  }

  @Override
  public void slotFree() {
    poll.signal();
  }

  @Override
  public void valuesChanged(String runId) {
    process.valuesChanged(runId);
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
   * Signals the poll when the engines of this process are told a run is due or queued, and when
   * the database notifies this engine (PostgreSQL: a run started, queued, woken or cancelled
   * elsewhere, a run's values written), until closed: the in-process signals and the engine's one
   * listener.
   *
   * @param queued told of a queue in which a run was queued, whose admission the poll looks at
   * @param named called with the runs a notification names, some of which may have been cancelled
   *     elsewhere while executing here
   * @param valuesListening told whether the listener listens, for the readers of values
   */
  public AutoCloseable listen(Consumer<String> queued, Consumer<List<String>> named,
      Consumer<Boolean> valuesListening, String listenerName) {
    EngineSignals signals = new EngineSignals() {
      @Override
      public void runDue() {
        poll.signal();
      }

      @Override
      public void runQueued(String queue) {
        queued.accept(queue);
        poll.signal();
      }
    };
    ProcessWakeups.Registration inProcess = process.onRunDue(signals);
    WakeupSource notifications = new DatabaseNotifications(
        store, signals, named, process.values(), valuesListening, listenerName);
    try {
      notifications.start();
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
