package dev.durable.runtime.internal.turn;

import dev.durable.runtime.internal.model.Commit;
import dev.durable.runtime.internal.model.NewEvent;
import dev.durable.runtime.internal.model.TaskRecord;
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
