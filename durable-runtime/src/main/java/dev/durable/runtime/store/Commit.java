package dev.durable.runtime.store;

import java.util.List;

/**
 * One turn's progress to make durable, fenced by the run's epoch: a change to the run, the
 * checkpoints written since the last commit, and the events that tell the story.
 *
 * @param fence the lease it is written under
 * @param change what happens to the run row
 * @param checkpoints the checkpoints to insert or update, in order
 * @param events the events to append, in order
 */
public record Commit(
    Fence fence, RunChange change, List<CheckpointWrite> checkpoints, List<NewEvent> events) {
  public Commit {
    checkpoints = List.copyOf(checkpoints);
    events = List.copyOf(events);
  }

  /** A checkpoint to write: inserted when it is new, else updated. */
  public record CheckpointWrite(CheckpointRecord record, boolean insert) {}
}
