package dev.durable.runtime.internal.engine;

import dev.durable.runtime.internal.store.Store;
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
 */
final class LocalWakeups {
  private static final LocalWakeups THIS_PROCESS = new LocalWakeups();

  private final Set<Runnable> engines = ConcurrentHashMap.newKeySet();
  private final Set<Runnable> workers = ConcurrentHashMap.newKeySet();
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

  void runDue() {
    engines.forEach(Runnable::run);
  }

  void taskQueued() {
    workers.forEach(Runnable::run);
  }
}
