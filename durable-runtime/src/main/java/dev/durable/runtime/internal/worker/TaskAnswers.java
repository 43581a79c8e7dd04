package dev.durable.runtime.internal.worker;

import dev.durable.runtime.StoreException;
import dev.durable.runtime.internal.model.ClaimedRun;
import dev.durable.runtime.internal.model.FinishedTask;
import dev.durable.runtime.internal.model.HandBack;
import dev.durable.runtime.internal.model.StoredOutcomes;
import dev.durable.runtime.internal.run.GroupCommit;
import dev.durable.runtime.internal.store.task.TaskQueue;
import dev.durable.runtime.internal.time.Time;
import dev.durable.runtime.internal.wake.HandBackTarget;
import dev.durable.runtime.internal.wake.Wakeups;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * A worker's answers on their way to the store. Outcomes stored at the same moment share a commit
 * ({@link GroupCommit}), which wakes only the runs it leaves with no task open (or with a failed
 * one): a fan's other answers wake nobody.
 *
 * <p>The hand-back: the run of a task an engine of this process handed over ({@link
 * EagerDispatch}) goes back to that engine, if it has a slot free, leased to it in the same commit
 * that stores the answer and executed at once, with no claim of the engine's own (PostgreSQL;
 * H2's store wakes the run as for any answer). One engine per batch, the first answer's; the
 * others' runs are woken as any.
 */
final class TaskAnswers implements AutoCloseable {
  /**
   * An outcome to store, and the engine of this process its run may be handed back to (null: any
   * engine claims it).
   */
  private record Answer(FinishedTask finished, HandBackTarget engine) {}

  private final String workerId;
  private final TaskQueue tasks;
  private final Time time;
  private final Wakeups wakeups;
  private final GroupCommit<Answer> commits;

  /** @param wakeups the worker's, which tell the engines of this process of the runs woken */
  TaskAnswers(String workerId, TaskQueue tasks, Time time, Wakeups wakeups) {
    this.workerId = workerId;
    this.tasks = tasks;
    this.time = time;
    this.wakeups = wakeups;
    this.commits = new GroupCommit<>(this::store, workerId + "-outcomes", 1);
  }

  /**
   * Stores {@code finished} durably, with whatever other answers are being stored now.
   *
   * @param engine the engine that handed the task over (null: none), which the run goes back to
   * @return whether it was stored (false: the worker no longer held the task)
   * @throws StoreException if the store failed
   */
  boolean write(FinishedTask finished, HandBackTarget engine) {
    return commits.write(new Answer(finished, engine));
  }

  /**
   * Stores a batch in one commit and, where that woke a run, wakes the engines of this process.
   * A slot of the batch's engine is reserved for each run to hand back before the commit, and given
   * back for each that the commit did not hand back (its answer left it waiting, or it was claimed
   * elsewhere) or if the commit failed.
   */
  private boolean[] store(List<Answer> batch) {
    HandBackTarget engine = null;
    List<String> handedBack = new ArrayList<>();
    List<FinishedTask> finished = new ArrayList<>(batch.size());
    for (Answer answer : batch) {
      finished.add(answer.finished());
      if (answer.engine() == null || (engine != null && answer.engine() != engine)) {
        continue;
      }
      String runId = answer.finished().task().runId();
      if (!handedBack.contains(runId) && answer.engine().tryReserve()) {
        engine = answer.engine();
        handedBack.add(runId);
      }
    }
    Instant now = time.now();
    StoredOutcomes stored;
    try {
      stored = tasks.finish(finished, workerId, now, engine == null
          ? null : new HandBack(handedBack, engine.owner(), engine.leaseUntil(now)));
    } catch (RuntimeException e) {
      for (int reserved = 0; reserved < handedBack.size(); reserved++) {
        engine.release();
      }
      throw e;
    }
    for (ClaimedRun claim : stored.handedBack()) {
      engine.submit(claim, now);
    }
    for (int unused = stored.handedBack().size(); unused < handedBack.size(); unused++) {
      engine.release();
    }
    if (stored.runsWoken()) {
      wakeups.runDue(now);
    }
    return stored.stored();
  }

  /** Stores what is queued, then stops the writer. */
  @Override
  public void close() {
    commits.close();
  }
}
