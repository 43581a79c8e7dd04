package dev.durable.runtime.internal.wake;

import dev.durable.runtime.internal.model.TaskRecord;
import dev.durable.runtime.internal.store.Store;
import dev.durable.runtime.internal.values.RunValueWatches;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The in-process source of wake-ups: the engines and workers of this process, registered here,
 * are signalled at once when one of them makes a run due or queues a task ({@link EngineWakeups},
 * {@link WorkerWakeups}), so that an engine and a worker sharing a process (and an embedded H2
 * database, which has no notifications) do not wait for their next poll. Across processes
 * PostgreSQL's {@code NOTIFY} does this for engines and workers alike. Signals are hints: a
 * spurious one costs a poll, a missed one a poll interval.
 *
 * <p>Workers also offer their free slots here ({@link #onTaskOffered}), per database: an engine
 * hands a task over as it queues it only to a worker that opened the same database ({@link
 * EagerDispatch}), as far as the process can tell ({@link DatabaseKey}).
 *
 * <p>Why one instance per process ({@link #ofThisProcess()}), the only static mutable state of the
 * engine besides the current-turn holder: an engine and a worker are built separately, through
 * their own public builders ({@code DurableEngine.builder()}, {@code DurableWorker.builder()}), and
 * share nothing but the address of their database; a worker can find the engines of its process
 * only through the process. Handing one to the other explicitly would take a new public method on
 * a builder. The signals are not keyed by database: an engine cannot tell that a worker's URL and
 * its own {@code DataSource} lead to the same database, and a signal to one on another database
 * costs only a poll. A test, or a replay, makes an instance of its own.
 *
 * <p>The {@code NOTIFY}s sent where these wake-ups are given too carry their {@link #origin()}, so
 * that the listeners of this process, already woken, do not poll a second time for them.
 */
public final class ProcessWakeups {
  private static final ProcessWakeups THIS_PROCESS = new ProcessWakeups();

  private final Set<Runnable> engines = ConcurrentHashMap.newKeySet();
  private final Set<Runnable> workers = ConcurrentHashMap.newKeySet();
  private final Set<TaskTaker> takers = ConcurrentHashMap.newKeySet();
  private final String origin = Store.wakeOrigin(UUID.randomUUID());
  private final RunValueWatches values = new RunValueWatches();

  public ProcessWakeups() {}

  /** The wake-ups shared by every engine and worker built in this process. */
  public static ProcessWakeups ofThisProcess() {
    return THIS_PROCESS;
  }

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

  /** Calls {@code poll} when a run is made due in this process, until closed. */
  Registration onRunDue(Runnable poll) {
    engines.add(poll);
    return () -> engines.remove(poll);
  }

  /** Calls {@code poll} when a task is queued in this process, until closed. */
  Registration onTaskQueued(Runnable poll) {
    workers.add(poll);
    return () -> workers.remove(poll);
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
    engines.forEach(Runnable::run);
  }

  /** Signals every worker of this process: a task was queued. */
  void taskQueued() {
    workers.forEach(Runnable::run);
  }

  /**
   * The readers of runs' events and streams waiting in this process, whichever engine they read
   * through, woken by whichever engine of the process commits a run's values or end.
   */
  public RunValueWatches values() {
    return values;
  }
}
