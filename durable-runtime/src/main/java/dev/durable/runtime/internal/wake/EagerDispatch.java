package dev.durable.runtime.internal.wake;

import dev.durable.runtime.internal.model.TaskRecord;
import dev.durable.runtime.internal.wake.DatabaseKey;
import dev.durable.runtime.internal.wake.HandBackTarget;
import dev.durable.runtime.internal.wake.ProcessWakeups;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The tasks a turn's commit queues, each handed to a worker of this process on the same database
 * where one serves its step and has a slot free: the commit inserts it claimed by that worker, and
 * the worker serves it once the commit is made, sparing the claim's round trip and the poll's
 * wake-up (as Temporal's eager activity dispatch does). The others are queued for any worker.
 * When the worker answers, it may hand the run back to this engine in the same way ({@link
 * HandBackTarget}).
 *
 * <p>Each slot is reserved before the commit: {@link #handOver} gives the claimed tasks to their
 * workers once it is made, {@link #release} gives the slots back if it is not. A task handed over
 * is a claimed task like any other: if this process dies before its outcome is stored, it is given
 * up when its window or lease ends and delivered again.
 */
public final class EagerDispatch {
  private static final EagerDispatch NONE =
      new EagerDispatch(List.of(), List.of(), false, null);

  private final List<TaskRecord> tasks;
  private final List<Handed> handed;
  private final boolean anyQueued;
  /** The engine that queues the tasks, which their answers may hand the runs back to. */
  private final HandBackTarget engine;
  private boolean settled;

  private record Handed(ProcessWakeups.TaskTaker worker, TaskRecord task) {}

  private EagerDispatch(
      List<TaskRecord> tasks, List<Handed> handed, boolean anyQueued, HandBackTarget engine) {
    this.tasks = tasks;
    this.handed = handed;
    this.anyQueued = anyQueued;
    this.engine = engine;
  }

  /**
   * Reserves a slot of a worker of this process on {@code database} for each task it can; each
   * worker may hand the task's run back to {@code engine} when it answers.
   */
  public static EagerDispatch reserve(
      ProcessWakeups process, DatabaseKey database, HandBackTarget engine,
      List<TaskRecord> queued, Instant now) {
    if (queued.isEmpty()) {
      return NONE;
    }
    List<TaskRecord> tasks = new ArrayList<>(queued.size());
    List<Handed> handed = new ArrayList<>();
    boolean anyQueued = false;
    for (TaskRecord task : queued) {
      Optional<ProcessWakeups.TaskTaker> worker = process.reserve(database, task.step());
      if (worker.isPresent()) {
        TaskRecord claimed = task.claimedBy(worker.get().workerId(), now);
        tasks.add(claimed);
        handed.add(new Handed(worker.get(), claimed));
      } else {
        tasks.add(task);
        anyQueued = true;
      }
    }
    return new EagerDispatch(List.copyOf(tasks), List.copyOf(handed), anyQueued, engine);
  }

  /** The tasks to insert: queued, or claimed by the worker whose slot was reserved. */
  public List<TaskRecord> tasks() {
    return tasks;
  }

  /** Whether some task is left queued for any worker to claim: workers are to be woken. */
  public boolean anyQueued() {
    return anyQueued;
  }

  /** The commit was made: each worker serves its task. */
  public void handOver() {
    settled = true;
    handed.forEach(h -> h.worker().take(h.task(), engine));
  }

  /** The commit was not made (or failed): the reserved slots are given back, unless handed over. */
  public void release() {
    if (!settled) {
      settled = true;
      handed.forEach(h -> h.worker().release());
    }
  }
}
