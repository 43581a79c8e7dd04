package dev.durable.runtime.internal.ops;

import dev.durable.runtime.internal.common.Errors;
import dev.durable.runtime.internal.model.RunRecord;
import dev.durable.runtime.internal.model.RunSnapshot;
import dev.durable.runtime.internal.run.CancelledElsewhere;
import dev.durable.runtime.internal.run.Waiters;
import dev.durable.runtime.internal.store.RunStore;
import dev.durable.runtime.internal.store.task.TaskQueue;
import dev.durable.runtime.internal.time.Time;
import dev.durable.runtime.internal.turn.Compensations;
import dev.durable.runtime.internal.wake.EngineWakeups;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What an operator does to a run in flight or ended: requeue it, re-drive its stuck dispatched
 * steps, cancel it. Each change is the store's; this wakes what it makes ready here (the poll, a
 * queue's slot) and stops what it cancels where this engine executes it.
 */
public final class RunSteering {
  private static final Logger LOG = LoggerFactory.getLogger(RunSteering.class);

  private final RunStore store;
  private final TaskQueue tasks;
  private final Time time;
  private final EngineWakeups wakeups;
  private final Waiters waiters;
  private final CancelledElsewhere cancelledElsewhere;

  public RunSteering(RunStore store, TaskQueue tasks, Time time, EngineWakeups wakeups,
      Waiters waiters, CancelledElsewhere cancelledElsewhere) {
    this.store = store;
    this.tasks = tasks;
    this.time = time;
    this.wakeups = wakeups;
    this.waiters = waiters;
    this.cancelledElsewhere = cancelledElsewhere;
  }

  /** See {@link dev.durable.runtime.DurableEngine#requeue}. */
  public void requeue(String runId) {
    waiters.forget(runId);
    RunRecord run = find(runId);
    Instant now = time.now();
    if (store.takeUpSetAside(runId, now)) { // set aside for its payloads: it goes on as it was
      wakeups.runDue(now);
      return;
    }
    // a fresh run timeout, as long as the first, counted from the requeue
    Instant deadlineAt = run.deadlineAt() == null
        ? null
        : now.plus(Duration.between(run.createdAt(), run.deadlineAt()));
    if (!store.requeue(runId, Compensations.toDropOnRequeue(run, store.snapshot(runId)
            .map(RunSnapshot::checkpoints).orElse(List.of())), deadlineAt, now)) {
      throw new IllegalStateException(
          "run " + runId + " is " + run.status() + ", not FAILED: only a failed run can be"
              + " requeued");
    }
    wakeups.runDue(now);
  }

  /** See {@link dev.durable.runtime.DurableEngine#redispatchPending}. */
  public int redispatchPending(String runId) {
    find(runId);
    int queued = tasks.redispatch(runId, time.now()).size();
    if (queued > 0) {
      LOG.warn("run {}: {} dispatched task(s) given up as lost and queued again", runId, queued);
      wakeups.tasksQueued();
    }
    return queued;
  }

  /** See {@link dev.durable.runtime.DurableEngine#cancel}. */
  public boolean cancel(String runId) {
    List<String> cancelled = store.cancel(runId, time.now());
    if (cancelled.isEmpty() && find(runId).status().isTerminal()) {
      return false;
    } else if (cancelled.isEmpty()) {
      throw Compensations.cancelRefused(runId); // not ended, yet not cancelled: compensating
    }
    cancelledElsewhere.stopHere(cancelled);
    wakeups.slotFree(); // a queue slot it held is free: the poll admits again
    return true;
  }

  private RunRecord find(String runId) {
    return store.findRun(runId).orElseThrow(() -> Errors.unknownRun(runId));
  }
}
