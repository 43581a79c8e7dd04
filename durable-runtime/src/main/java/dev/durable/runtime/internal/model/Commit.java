package dev.durable.runtime.internal.model;

import dev.durable.runtime.StepState;
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
 * @param values the events set and stream values written since the last commit, each at the
 *     position of a checkpoint among {@code checkpoints} ({@code durable_run_values})
 * @param announcesValues whether readers of the run's events and streams in other processes are
 *     told at the commit (PostgreSQL {@code NOTIFY}): it writes {@code values}, or ends a run that
 *     wrote some
 */
public record Commit(
    Fence fence,
    RunChange change,
    List<CheckpointWrite> checkpoints,
    List<NewEvent> events,
    List<TaskRecord> tasks,
    String wakes,
    List<RunValue> values,
    boolean announcesValues) {
  public Commit {
    checkpoints = List.copyOf(checkpoints);
    events = List.copyOf(events);
    tasks = List.copyOf(tasks);
    values = List.copyOf(values);
  }

  /** A commit that writes no event or stream value. */
  public Commit(
      Fence fence, RunChange change, List<CheckpointWrite> checkpoints, List<NewEvent> events,
      List<TaskRecord> tasks, String wakes) {
    this(fence, change, checkpoints, events, tasks, wakes, List.of(), false);
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
   * @param carriesEvents whether the step's {@code step.started} (attempt 1, {@value
   *     #LOCAL_DETAIL}) and {@code step.completed} events are the checkpoint's own, told by its
   *     started and updated instants and its attempts: they are not among the commit's events,
   *     and come before them in the run's history. Only for a new checkpoint of a completed step.
   */
  public record CheckpointWrite(
      CheckpointRecord record, boolean insert, long takesSignal, boolean carriesEvents) {
    /** The detail of a local step's {@code step.started} event, when it uses no queue. */
    public static final String LOCAL_DETAIL = "local";

    public CheckpointWrite {
      if (carriesEvents && (!insert || record.status() != StepState.COMPLETED)) {
        throw new IllegalArgumentException(
            "only a new checkpoint of a completed step carries its events: " + record);
      }
    }

    /** A checkpoint that takes no signal and whose events, if any, are the commit's. */
    public CheckpointWrite(CheckpointRecord record, boolean insert) {
      this(record, insert, 0, false);
    }

    /** A checkpoint whose events, if any, are the commit's. */
    public CheckpointWrite(CheckpointRecord record, boolean insert, long takesSignal) {
      this(record, insert, takesSignal, false);
    }

    /**
     * The events this checkpoint carries, as the log would hold them: {@code step.started} at its
     * start, then {@code step.completed} at its last update. Empty unless {@link #carriesEvents}.
     */
    public List<NewEvent> carriedEvents() {
      if (!carriesEvents) {
        return List.of();
      }
      return List.of(
          EventType.STEP_STARTED.step(record.name(), 1, LOCAL_DETAIL, record.startedAt()),
          EventType.STEP_COMPLETED.step(
              record.name(), record.attempts(), null, record.updatedAt()));
    }
  }
}
