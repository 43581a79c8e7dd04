package dev.durable.runtime.internal.engine;

import dev.durable.runtime.internal.store.Store;
import dev.durable.runtime.internal.store.TaskRecord;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Wakes the engines and workers of this process at once when a task is queued or a run is made due
 * here, so that an engine and a worker sharing a process (and an embedded H2 database, which has
 * no notifications) do not wait for their next poll. Across processes PostgreSQL's {@code NOTIFY}
 * does this for engines and workers alike. Signals are hints: a spurious one costs a poll, a missed
 * one a poll interval.
 *
 * <p>An instance is handed to each engine and worker through its constructor. They are built
 * separately, through their own public builders, and share nothing else that could carry it; so
 * {@link #ofThisProcess()} is the one instance that both builders hand out: the only process-wide
 * mutable state of the engine. It is not keyed by database: an engine cannot tell that a worker's
 * URL and its own {@code DataSource} lead to the same database, and a signal to one on another
 * database costs only a poll.
 *
 * <p>The {@code NOTIFY}s sent where these wake-ups are given too carry their {@link #origin()}, so
 * that the listeners of this process, already woken, do not poll a second time for them.
 *
 * <p>Workers also offer their free slots here ({@link #onTaskOffered}), so that an engine of the
 * same database can hand a task over as it queues it ({@link EagerDispatch}).
 */
final class LocalWakeups {
  private static final LocalWakeups THIS_PROCESS = new LocalWakeups();

  private final Set<Runnable> engines = ConcurrentHashMap.newKeySet();
  private final Set<Runnable> workers = ConcurrentHashMap.newKeySet();
  private final Set<TaskTaker> takers = ConcurrentHashMap.newKeySet();
  private final String origin = Store.wakeOrigin(UUID.randomUUID());

  LocalWakeups() {}

  /** The wake-ups shared by every engine and worker built in this process. */
  static LocalWakeups ofThisProcess() {
    return THIS_PROCESS;
  }

  /**
   * What the {@code NOTIFY}s of the stores of these engines and workers carry where they wake
   * them here too: their listeners leave those to the in-process wake-up.
   */
  String origin() {
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
  interface TaskTaker {
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
    void take(TaskRecord task, EngineSlots engine);

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
  Optional<TaskTaker> reserve(DatabaseKey database, String step) {
    for (TaskTaker taker : takers) {
      if (taker.database().equals(database) && taker.serves(step) && taker.tryReserve()) {
        return Optional.of(taker);
      }
    }
    return Optional.empty();
  }

  void runDue() {
    engines.forEach(Runnable::run);
  }

  void taskQueued() {
    workers.forEach(Runnable::run);
  }
}
