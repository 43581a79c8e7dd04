package dev.durable.runtime.internal.wake;

import dev.durable.runtime.internal.model.TaskRecord;
import dev.durable.runtime.internal.store.sql.Notifications;
import dev.durable.runtime.internal.wake.RunValueWatches;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The in-process source of wake-ups: the engines and workers of this process, registered here,
 * are signalled at once when one of them makes a run due, queues a run in a flow-control queue or
 * queues a task ({@link EngineSignals}, {@link WorkerSignals}), and the readers of runs' values
 * waiting in this process are woken when one of them commits a run's values or end ({@link
 * RunValueWatches}), so that an engine and a worker sharing a process (and an embedded H2
 * database, which has no notifications) do not wait for their next poll. Across processes
 * PostgreSQL's {@code NOTIFY} does this for engines and workers alike. Signals are hints: a
 * spurious one costs a poll, a missed one a poll interval.
 *
 * <p>Workers also offer their free slots here ({@link #onTaskOffered}), per database: an engine
 * hands a task over as it queues it only to a worker that opened the same database ({@link
 * EagerDispatch}), as far as the process can tell ({@link DatabaseKey}).
 *
 * <p>One instance is shared by the engines and workers of a process, and it is the composition
 * root's: {@link Factories} holds it and hands it to {@link Engines#create} and {@link
 * Workers#create}. The trade-off: an engine and a worker are built separately, through their own
 * public builders ({@code DurableEngine.builder()}, {@code DurableWorker.builder()}), and share
 * nothing but the address of their database, so some process-wide meeting point is needed for
 * the one to find the other without a new public method on a builder; it is kept where the API
 * comes in, in one place, rather than in a static field of the wake-up code, and everything below
 * the composition root takes it as a constructor argument (a test, or a replay, makes an instance
 * of its own). The signals are not keyed by database: an engine cannot tell that a worker's URL
 * and its own {@code DataSource} lead to the same database, and a signal to one on another
 * database costs only a poll.
 *
 * <p>The {@code NOTIFY}s sent where these wake-ups are given too carry their {@link #origin()}, so
 * that the listeners of this process, already woken, do not poll a second time for them.
 */
public final class ProcessWakeups {
  private final Set<EngineSignals> engines = ConcurrentHashMap.newKeySet();
  private final Set<WorkerSignals> workers = ConcurrentHashMap.newKeySet();
  private final Set<TaskTaker> takers = ConcurrentHashMap.newKeySet();
  private final String origin = Notifications.wakeOrigin(UUID.randomUUID());
  private final RunValueWatches values = new RunValueWatches();

  public ProcessWakeups() {}

  /**
   * What the {@code NOTIFY}s of the stores of these engines and workers carry where they wake
   * them here too: their listeners leave those to the in-process wake-up.
   */
  public String origin() {
    return origin;
  }

  /** A registration; closing it stops the calls. */
  interface Registration extends AutoCloseable {
    @Override
    void close();
  }

  /** Signals {@code engine} when a run is made due or queued in this process, until closed. */
  Registration onRunDue(EngineSignals engine) {
    engines.add(engine);
    return () -> engines.remove(engine);
  }

  /** Signals {@code worker} when a task is queued in this process, until closed. */
  Registration onTaskQueued(WorkerSignals worker) {
    workers.add(worker);
    return () -> workers.remove(worker);
  }

  /**
   * A started worker of this process, which takes a task claimed for it in the commit that queues
   * it, in a slot reserved before that commit.
   */
  public interface TaskTaker {
    /** The database the worker stores its outcomes in. */
    DatabaseKey database();

    String workerId();

    /** Whether it serves {@code step}. */
    boolean serves(String step);

    /** Takes one of its free slots for a task to come; false if none is free. */
    boolean tryReserve();

    /**
     * Serves {@code task}, claimed for it, in a slot it reserved; its answer may hand the task's
     * run back to {@code engine}.
     */
    void take(TaskRecord task, HandBackTarget engine);

    /** Gives back a reserved slot: its task was not queued. */
    void release();
  }

  /** Offers {@code taker}'s free slots to the engines of this process, until closed. */
  Registration onTaskOffered(TaskTaker taker) {
    takers.add(taker);
    return () -> takers.remove(taker);
  }

  /**
   * A worker of this process on {@code database} that serves {@code step}, with a slot reserved
   * for it, if one has a slot free.
   */
  public Optional<TaskTaker> reserve(DatabaseKey database, String step) {
    for (TaskTaker taker : takers) {
      if (taker.database().equals(database) && taker.serves(step) && taker.tryReserve()) {
        return Optional.of(taker);
      }
    }
    return Optional.empty();
  }

  /** Signals every engine of this process: a run was made due. */
  void runDue() {
    engines.forEach(EngineSignals::runDue);
  }

  /** Signals every engine of this process: a run was queued in {@code queue}. */
  void runQueued(String queue) {
    engines.forEach(engine -> engine.runQueued(queue));
  }

  /** Signals every worker of this process: a task was queued. */
  void taskQueued() {
    workers.forEach(WorkerSignals::tasksQueued);
  }

  /** Wakes the readers of run {@code runId}'s values waiting in this process. */
  void valuesChanged(String runId) {
    values.changed(runId);
  }

  /**
   * The readers of runs' events and streams waiting in this process, whichever engine they read
   * through, woken by whichever engine of the process commits a run's values or end.
   */
  public RunValueWatches values() {
    return values;
  }
}
