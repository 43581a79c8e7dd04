package dev.durable.runtime.engine;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Wakes the engines and workers of this process at once when a task is queued or a run is made due
 * here, so that an engine and a worker sharing a process (and an embedded H2 database, which has
 * no notifications) do not wait for their next poll. Across processes PostgreSQL's {@code NOTIFY}
 * does this for engines and workers alike. Signals are hints: a spurious one costs a poll.
 */
final class LocalWakeups {
  private static final Set<Runnable> ENGINES = ConcurrentHashMap.newKeySet();
  private static final Set<Runnable> WORKERS = ConcurrentHashMap.newKeySet();

  private LocalWakeups() {}

  /** A registration; closing it stops the calls. */
  interface Registration extends AutoCloseable {
    @Override
    void close();
  }

  /** Calls {@code poll} when a run is made due in this process, until closed. */
  static Registration onRunDue(Runnable poll) {
    ENGINES.add(poll);
    return () -> ENGINES.remove(poll);
  }

  /** Calls {@code poll} when a task is queued in this process, until closed. */
  static Registration onTaskQueued(Runnable poll) {
    WORKERS.add(poll);
    return () -> WORKERS.remove(poll);
  }

  static void runDue() {
    ENGINES.forEach(Runnable::run);
  }

  static void taskQueued() {
    WORKERS.forEach(Runnable::run);
  }
}
