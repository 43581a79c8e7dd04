package dev.durable.runtime.internal.ops;

import dev.durable.runtime.RunFilter;
import dev.durable.runtime.RunInfo;
import dev.durable.runtime.RunState;
import dev.durable.runtime.StoredText;
import dev.durable.runtime.internal.common.Errors;
import dev.durable.runtime.internal.model.ListedRun;
import dev.durable.runtime.internal.model.RunRecord;
import dev.durable.runtime.internal.model.RunSnapshot;
import dev.durable.runtime.internal.observe.Observer;
import dev.durable.runtime.internal.run.SteeredElsewhere;
import dev.durable.runtime.internal.run.Waiters;
import dev.durable.runtime.internal.store.RunStore;
import dev.durable.runtime.internal.store.flow.QueueAdmissions;
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
 * steps, cancel it, pause and resume it; and pause and resume a queue. Each change is the
 * store's; this wakes what it makes ready here (the poll, a queue's slot) and stops what it
 * cancels where this engine executes it.
 */
public final class Steering {
  private static final Logger LOG = LoggerFactory.getLogger(Steering.class);

  private final RunStore store;
  private final TaskQueue tasks;
  private final QueueAdmissions queues;
  private final Observer observer;
  private final Time time;
  private final EngineWakeups wakeups;
  private final Waiters waiters;
  private final SteeredElsewhere steeredElsewhere;

  public Steering(RunStore store, TaskQueue tasks, QueueAdmissions queues, Time time,
      EngineWakeups wakeups, Waiters waiters, SteeredElsewhere steeredElsewhere,
      Observer observer) {
    this.observer = observer;
    this.store = store;
    this.tasks = tasks;
    this.queues = queues;
    this.time = time;
    this.wakeups = wakeups;
    this.waiters = waiters;
    this.steeredElsewhere = steeredElsewhere;
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
    steeredElsewhere.stopHere(cancelled);
    wakeups.slotFree(); // a queue slot it held is free: the poll admits again
    return true;
  }

  /** See {@link dev.durable.runtime.DurableEngine#pause}. */
  public boolean pause(String runId) {
    RunRecord run = find(runId);
    if (run.status() == RunState.PAUSED) {
      return true;
    }
    if (store.pause(runId, time.now())) {
      observer.runPaused(run.workflow().name());
      steeredElsewhere.pauseHere(runId); // its turn here, if it executes here, stops
      wakeups.slotFree(); // a queue slot it held is free: the poll admits again
      return true;
    }
    // it ended meanwhile, or was paused by another call
    return find(runId).status() == RunState.PAUSED;
  }

  /**
   * See {@link dev.durable.runtime.DurableEngine#pause(RunFilter)}: page after page of the runs the
   * filter matches, each page paused in one short transaction.
   */
  public int pause(RunFilter filter) {
    int paused = 0;
    RunFilter page = filter.toBuilder().limit(RunFilter.MAX_LIMIT).build();
    for (List<ListedRun> runs = store.listRuns(page); !runs.isEmpty();
        runs = store.listRuns(page)) {
      List<String> ids = runs.stream().map(listed -> listed.run().runId()).toList();
      List<String> now = store.pauseAll(ids, time.now());
      now.forEach(steeredElsewhere::pauseHere);
      runs.stream().filter(listed -> now.contains(listed.run().runId()))
          .forEach(listed -> observer.runPaused(listed.run().workflow().name()));
      paused += now.size();
      RunRecord last = runs.get(runs.size() - 1).run();
      page = page.after(RunInfo.builder(last.runId(), last.workflow().name(),
          last.workflow().version(), last.status()).createdAt(last.createdAt()).build());
    }
    if (paused > 0) {
      wakeups.slotFree(); // the queue slots they held are free
    }
    return paused;
  }

  /** See {@link dev.durable.runtime.DurableEngine#resume}. */
  public boolean resume(String runId) {
    find(runId);
    Instant now = time.now();
    if (!store.resume(runId, now)) {
      return false;
    }
    wakeups.runDue(now);
    wakeups.slotFree(); // one started through a queue waits for its admission again
    return true;
  }

  /** See {@link dev.durable.runtime.DurableEngine#pauseQueue}. */
  public boolean pauseQueue(String queue) {
    return queues.pause(queue, true, time.now()).orElseThrow(() -> unknownQueue(queue));
  }

  /** See {@link dev.durable.runtime.DurableEngine#resumeQueue}. */
  public boolean resumeQueue(String queue) {
    boolean resumed = queues.pause(queue, false, time.now()).orElseThrow(
        () -> unknownQueue(queue));
    if (resumed) {
      wakeups.slotFree(); // its runs wait for admission: this engine admits them at once
    }
    return resumed;
  }

  private IllegalArgumentException unknownQueue(String queue) {
    return new IllegalArgumentException("no engine declared a queue named '"
        + StoredText.echo(queue) + "', so there is nothing to pause or resume: name a queue"
        + " that an engine declares (Queue.named(...)), as engine.queues() lists them");
  }

  private RunRecord find(String runId) {
    return store.findRun(runId).orElseThrow(() -> Errors.unknownRun(runId));
  }
}
