package dev.durable.runtime.internal.run;

import dev.durable.runtime.StoreException;
import dev.durable.runtime.internal.model.Commit;
import dev.durable.runtime.internal.model.WrittenProgress;
import dev.durable.runtime.internal.store.RunStore;
import dev.durable.runtime.internal.time.Time;
import dev.durable.runtime.internal.wake.EngineWakeups;
import java.util.List;

/**
 * Writes turns' progress ({@link Commit}: a run's change, its checkpoints, events and tasks) to the
 * {@link RunStore}, with the commits of the turns writing at the same moment ({@link GroupCommit}).
 */
public final class ProgressWrites implements AutoCloseable {
  private final RunStore store;
  private final Time time;
  private final EngineWakeups wakeups;
  private final GroupCommit<Commit> commits;

  /** @param wakeups told of what each batch of commits made ready */
  public ProgressWrites(RunStore store, Time time, EngineWakeups wakeups) {
    this.store = store;
    this.time = time;
    this.wakeups = wakeups;
    this.commits = new GroupCommit<>(this::commitBatch, "durable-commit", GroupCommit.WRITERS);
  }

  /**
   * Writes {@code commit} durably, fenced by its run's epoch, with the commits of the turns
   * writing at the same moment.
   *
   * @return whether it was written (false: the run's epoch moved on)
   * @throws StoreException if the store failed; the commit may or may not have been made
   */
  boolean write(Commit commit) {
    return commits.write(commit);
  }

  /**
   * One batch of the group commit: all of it in one transaction, stamped with the time now; then
   * what it made ready goes through the wake-ups. A run it suspended that an event (a signal, a
   * child's end, a worker's answer) had woken while its turn executed is due at once, and is
   * looked for now: the event's own wake-up came while the run was still executing, when no poll
   * could take it. The workers of this process look for the tasks queued for any worker, and the
   * readers of runs' events and streams waiting in this process read again for the runs that
   * wrote some or ended.
   */
  private boolean[] commitBatch(List<Commit> batch) {
    WrittenProgress written = store.commit(batch, time.now());
    if (!written.dueAtOnce().isEmpty()) {
      wakeups.runDue(time.now());
    }
    if (written.tasksQueued()) {
      wakeups.tasksQueued();
    }
    written.valuesChanged().forEach(wakeups::valuesChanged);
    return written.written();
  }

  /** Writes what is queued, then stops the writer threads. */
  @Override
  public void close() {
    commits.close();
  }
}
