package dev.durable.tests.support;

import dev.durable.runtime.internal.model.Commit;
import dev.durable.runtime.internal.model.Fence;
import dev.durable.runtime.internal.model.RunChange;
import dev.durable.runtime.internal.model.WrittenProgress;
import dev.durable.runtime.internal.store.Stores;
import java.time.Instant;
import java.util.List;
import java.util.function.Consumer;

/**
 * What an engine's turn writes, written by a test at the moment it chooses: the one place the
 * behaviour tests reach into the engine's internal store, to stage races that no public call can
 * time (a worker's outcome stored between a turn's read and its suspension).
 */
public final class Turns {
  private Turns() {}

  /**
   * Suspends {@code runId} to wait for a worker, as a turn executing it under {@code epoch} does,
   * with the engine's own statement.
   *
   * @param woken given the run if the suspension found it woken, due at once (the engine then
   *     looks for it)
   * @return whether the write was made (false: the epoch moved on)
   */
  public static boolean suspendForAWorker(
      String jdbcUrl, String runId, long epoch, Instant now, Consumer<String> woken) {
    Stores store = new Stores(new CuttableDataSource(jdbcUrl));
    WrittenProgress written = store.runs().commit(List.of(new Commit(new Fence(runId, epoch),
        RunChange.sleeping(null, null), List.of(), List.of(), List.of())), now);
    written.dueAtOnce().forEach(woken);
    return written.written()[0];
  }
}
