package dev.durable.runtime.internal.run;

import dev.durable.runtime.StoreException;
import dev.durable.runtime.internal.model.NewRun;
import dev.durable.runtime.internal.store.RunStore;
import java.util.List;

/**
 * Inserts new runs into the {@link RunStore}, with the runs started at the same moment
 * ({@link GroupCommit}).
 */
public final class StartWrites implements AutoCloseable {
  private final RunStore store;
  private final GroupCommit<NewRun> inserts;

  public StartWrites(RunStore store) {
    this.store = store;
    this.inserts = new GroupCommit<>(this::insertBatch, "durable-start", GroupCommit.WRITERS);
  }

  /**
   * Inserts {@code run} durably.
   *
   * @return whether it was inserted (false: a run with its id is stored already)
   * @throws StoreException if the store failed; the run may or may not have been inserted
   */
  boolean write(NewRun run) {
    return inserts.write(run);
  }

  /** One batch of the group commit: the runs and their first events in one transaction. */
  private boolean[] insertBatch(List<NewRun> batch) {
    return store.insertRuns(batch);
  }

  /** Inserts what is queued, then stops the writer threads. */
  @Override
  public void close() {
    inserts.close();
  }
}
