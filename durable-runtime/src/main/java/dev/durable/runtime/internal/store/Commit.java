package dev.durable.runtime.internal.store;

import java.util.List;

/**
 * One turn's progress to make durable, fenced by the run's epoch: a change to the run, the
 * checkpoints written since the last commit, and the events that tell the story.
 *
 * @param fence the lease it is written under
 * @param change what happens to the run row
 * @param checkpoints the checkpoints to insert or update, in order
 * @param events the events to append, in order
 * @param tasks dispatched steps' tasks to queue for workers
 * @param wakes a run to wake in the same commit (the parent of a run that ends, which may await
 *     it); null for none
 */
public record Commit(
    Fence fence,
    RunChange change,
    List<CheckpointWrite> checkpoints,
    List<NewEvent> events,
    List<TaskRecord> tasks,
    String wakes) {
  public Commit {
    checkpoints = List.copyOf(checkpoints);
    events = List.copyOf(events);
    tasks = List.copyOf(tasks);
  }

  /** A commit that wakes no run. */
  public Commit(
      Fence fence, RunChange change, List<CheckpointWrite> checkpoints, List<NewEvent> events,
      List<TaskRecord> tasks) {
    this(fence, change, checkpoints, events, tasks, null);
  }

  /** A commit that queues no task and wakes no run. */
  public Commit(
      Fence fence, RunChange change, List<CheckpointWrite> checkpoints, List<NewEvent> events) {
    this(fence, change, checkpoints, events, List.of(), null);
  }

  /**
   * A checkpoint to write: inserted when it is new, else updated.
   *
   * @param takesSignal the id of the signal ({@code durable_signals}) that a signal wait's
   *     checkpoint takes, marked taken in the same commit; 0: none
   */
  public record CheckpointWrite(CheckpointRecord record, boolean insert, long takesSignal) {

    /** A checkpoint that takes no signal. */
    public CheckpointWrite(CheckpointRecord record, boolean insert) {
      this(record, insert, 0);
    }
  }
}
