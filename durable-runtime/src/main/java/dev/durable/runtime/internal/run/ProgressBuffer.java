package dev.durable.runtime.internal.run;

import dev.durable.runtime.StepEvent;
import dev.durable.runtime.StoreException;
import dev.durable.runtime.internal.common.Hooks;
import dev.durable.runtime.internal.model.CheckpointKind;
import dev.durable.runtime.internal.model.Commit;
import dev.durable.runtime.internal.model.Fence;
import dev.durable.runtime.internal.model.NewEvent;
import dev.durable.runtime.internal.model.RunChange;
import dev.durable.runtime.internal.model.RunRecord;
import dev.durable.runtime.internal.model.RunValue;
import dev.durable.runtime.internal.model.TaskRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

/**
 * A run's progress on its way to the store, and the only way it gets there: every commit of a
 * run's checkpoints, events, tasks and change of state is made here, fenced by the run's epoch.
 *
 * <p>A completed step's checkpoint is held back until the turn's next side effect: it is written
 * just before the next step's first attempt, together with a timer, or together with the run's
 * completion or failure. Between a step and that point only the workflow's deterministic code
 * runs, so nothing proceeds past a step before its checkpoint is durable, and a three-step run
 * costs three commits after its start. The {@code onStepComplete} hooks of the held steps are
 * called once their checkpoints are written.
 *
 * <p>Concurrency: the branches of a fan hold and write from step threads of their own, so the
 * held writes are guarded by this buffer's lock, and a commit is made under it, so that two
 * branches writing at once do not both take the held checkpoints; the commit hands what it wrote
 * to {@code written} in the same breath. Users' hooks are called after the lock is released. The
 * lock is a {@link ReentrantLock}, not {@code synchronized}: it is held across the commit, and a
 * virtual thread blocked inside {@code synchronized} on Java 21 pins its carrier thread.
 */
public final class ProgressBuffer {
  private final ProgressWrites writes;
  private final Hooks hooks;
  private final Fence fence;
  private final String parentRunId;
  private final Consumer<Commit.CheckpointWrite> written;
  private final List<Commit.CheckpointWrite> heldCheckpoints = new ArrayList<>();
  private final List<NewEvent> heldEvents = new ArrayList<>();
  private final List<StepEvent> heldCompletions = new ArrayList<>();
  private final List<RunValue> heldValues = new ArrayList<>();
  /** Whether the run wrote events or stream values, in this turn or before: see {@link #write}. */
  private volatile boolean publishes;
  private final ReentrantLock lock = new ReentrantLock();

  /**
   * @param run the run, whose progress is written under the lease it was read with ({@link
   *     RunRecord#fence()}), and whose parent, if it has one, is woken when it ends
   * @param written takes each checkpoint once it is written (a turn's {@code ReplayLog})
   */
  public ProgressBuffer(
      ProgressWrites writes, Hooks hooks, RunRecord run,
      Consumer<Commit.CheckpointWrite> written) {
    this.writes = writes;
    this.hooks = hooks;
    this.fence = run.fence();
    this.parentRunId = run.parentRunId();
    this.written = written;
  }

  /** A buffer for a run without a turn: what it writes (the run's failure) is written alone. */
  public static ProgressBuffer alone(ProgressWrites writes, Hooks hooks, RunRecord run) {
    return new ProgressBuffer(writes, hooks, run, write -> {});
  }

  /**
   * Holds a completed step's checkpoint and events until the next write, and the step's completion
   * to report once they are written (null: none).
   */
  public void holdCompleted(
      Commit.CheckpointWrite checkpoint, List<NewEvent> events, StepEvent completion) {
    lock.lock();
    try {
      heldEvents.addAll(events);
      heldCheckpoints.add(checkpoint);
      if (completion != null) {
        heldCompletions.add(completion);
      }
    } finally {
      lock.unlock();
    }
  }

  /** Holds a checkpoint until the next write: one that alone forces none (an ended timer's). */
  public void hold(Commit.CheckpointWrite checkpoint) {
    lock.lock();
    try {
      heldCheckpoints.add(checkpoint);
    } finally {
      lock.unlock();
    }
  }

  /**
   * Holds the checkpoint of a call that set an event or wrote to a stream, and the value it wrote,
   * until the next write: the checkpoint counts as a step's ({@link #holdsSteps}), so the value is
   * written before the turn's next side effect.
   */
  public void holdValue(Commit.CheckpointWrite checkpoint, RunValue value) {
    lock.lock();
    try {
      heldCheckpoints.add(checkpoint);
      heldValues.add(value);
    } finally {
      lock.unlock();
    }
  }

  /**
   * The run sets events or writes to streams: its end is announced to their readers in other
   * processes, whose streams end with it.
   */
  public void publishes() {
    publishes = true;
  }

  /**
   * Whether steps' checkpoints are held: the next side effect may not run before they are
   * written. A recorded value's ({@code ctx.now()} and the like) counts as a step's: the next step
   * may be given it. An ended timer's alone waits for the next write: were it lost, replay would
   * find the timer ended again.
   */
  public boolean holdsSteps() {
    lock.lock();
    try {
      // a loop, not a stream: asked before every step's first attempt
      for (Commit.CheckpointWrite held : heldCheckpoints) {
        if (held.record().kind() != CheckpointKind.SLEEP) {
          return true;
        }
      }
      return false;
    } finally {
      lock.unlock();
    }
  }

  /**
   * Whether a held checkpoint takes a signal: the signal is marked taken only when it is written,
   * so a wait for the next signal must not read the store before.
   */
  public boolean holdsTakenSignal() {
    lock.lock();
    try {
      for (Commit.CheckpointWrite held : heldCheckpoints) {
        if (held.takesSignal() != 0) {
          return true;
        }
      }
      return false;
    } finally {
      lock.unlock();
    }
  }

  /**
   * Forgets the held checkpoints and events: the database refused them, and would refuse them
   * again, so the run's failure is written without them.
   */
  public void discardHeld() {
    lock.lock();
    try {
      heldCheckpoints.clear();
      heldEvents.clear();
      heldCompletions.clear();
      heldValues.clear();
    } finally {
      lock.unlock();
    }
  }

  /**
   * Writes the held checkpoints, then {@code checkpoints}, {@code events}, {@code tasks} and
   * {@code change}, in one commit fenced by the run's epoch.
   *
   * @return whether it was written (false: the run's epoch moved on)
   * @throws StoreException if the store failed
   */
  public boolean write(
      RunChange change, List<Commit.CheckpointWrite> checkpoints, List<NewEvent> events,
      List<TaskRecord> tasks) {
    List<StepEvent> completed;
    lock.lock();
    try {
      List<Commit.CheckpointWrite> writes = new ArrayList<>(heldCheckpoints);
      writes.addAll(checkpoints);
      List<NewEvent> allEvents = new ArrayList<>(heldEvents);
      allEvents.addAll(events);
      // a child run's end wakes its parent, which may await it, in the same commit
      boolean ends = change.kind() == RunChange.Kind.COMPLETED
          || change.kind() == RunChange.Kind.FAILED;
      // the readers of the run's events and streams in other processes are told of new values,
      // and of the end of a run that wrote some (their streams end with it)
      Commit commit = new Commit(fence, change, writes, allEvents, tasks,
          ends ? parentRunId : null, heldValues, !heldValues.isEmpty() || ends && publishes);
      if (!this.writes.write(commit)) {
        return false;
      }
      writes.forEach(written);
      completed = List.copyOf(heldCompletions);
      heldCheckpoints.clear();
      heldEvents.clear();
      heldCompletions.clear();
      heldValues.clear();
    } finally {
      lock.unlock();
    }
    completed.forEach(hooks::onStepComplete);
    return true;
  }
}
