package dev.durable.runtime.internal.wake;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The readers of runs' events and streams waiting in this process ({@link RunValueReads}), woken
 * when a run they watch writes a value, ends or is cancelled: by this process's commits ({@link
 * EngineWakeups#valuesChanged}), and by the database's notifications of other processes' commits
 * (PostgreSQL). One per process, held by {@code ProcessWakeups}: a reader of one engine waits for
 * runs that another engine of the process executes.
 *
 * <p>A reader opens a {@link Watch} before it reads the store, and waits on it only if the read
 * found nothing new: a change committed after the read moves the watch on, so none falls between
 * the read and the wait. A run that nobody watches costs a writer one look-up in a map.
 *
 * <p>Waits use a {@link ReentrantLock}'s condition, not {@code Object.wait}: a virtual thread
 * waiting inside {@code synchronized} pins its carrier on Java 21.
 */
public final class RunValueWatches {
  private final Map<String, Watched> watched = new ConcurrentHashMap<>();

  /** The changes of one run, and how many watches are open on it. */
  private static final class Watched {
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private long changes;
    private int watchers;
  }

  /** Opens a watch on {@code runId}: it sees the changes from now on. Close it when done. */
  public Watch watch(String runId) {
    Watched run = watched.compute(runId, (id, existing) -> {
      Watched open = existing != null ? existing : new Watched();
      open.watchers++;
      return open;
    });
    run.lock.lock();
    try {
      return new Watch(runId, run, run.changes);
    } finally {
      run.lock.unlock();
    }
  }

  /** Run {@code runId} wrote events or stream values, ended or was cancelled: wakes its readers. */
  public void changed(String runId) {
    Watched run = watched.get(runId);
    if (run == null) {
      return;
    }
    run.lock.lock();
    try {
      run.changes++;
      run.changed.signalAll();
    } finally {
      run.lock.unlock();
    }
  }

  /** Wakes every reader: the changes of other processes may have been missed. */
  public void changedAll() {
    watched.keySet().forEach(this::changed);
  }

  /** A reader's view of one run's changes. */
  public final class Watch implements AutoCloseable {
    private final String runId;
    private final Watched run;
    private long seen;
    private boolean closed;

    private Watch(String runId, Watched run, long seen) {
      this.runId = runId;
      this.run = run;
      this.seen = seen;
    }

    /**
     * Waits until the run changed since the watch was opened or last woke, or {@code nanos}
     * passed.
     *
     * @return whether it changed
     */
    public boolean await(long nanos) throws InterruptedException {
      run.lock.lock();
      try {
        long left = nanos;
        while (run.changes == seen && left > 0) {
          left = run.changed.awaitNanos(left);
        }
        boolean changed = run.changes != seen;
        seen = run.changes;
        return changed;
      } finally {
        run.lock.unlock();
      }
    }

    @Override
    public void close() {
      if (closed) {
        return;
      }
      closed = true;
      watched.computeIfPresent(runId, (id, open) -> --open.watchers == 0 ? null : open);
    }
  }
}
