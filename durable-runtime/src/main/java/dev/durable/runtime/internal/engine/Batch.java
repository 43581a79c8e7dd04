package dev.durable.runtime.internal.engine;

import dev.durable.runtime.internal.store.Commit;
import dev.durable.runtime.internal.store.NewEvent;
import dev.durable.runtime.internal.store.TaskRecord;
import java.util.ArrayList;
import java.util.List;

/** What one pass over the branches writes, in one commit. */
final class Batch {
  final List<Commit.CheckpointWrite> checkpoints = new ArrayList<>();
  final List<NewEvent> events = new ArrayList<>();
  final List<TaskRecord> tasks = new ArrayList<>();
  /** Hooks to call once it is written. */
  final List<Runnable> after = new ArrayList<>();

  boolean isEmpty() {
    return checkpoints.isEmpty() && events.isEmpty() && tasks.isEmpty();
  }
}
