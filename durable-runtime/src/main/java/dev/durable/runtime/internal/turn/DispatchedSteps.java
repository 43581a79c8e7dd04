package dev.durable.runtime.internal.turn;

import dev.durable.runtime.RemoteStepError;
import dev.durable.runtime.RemoteStepTimeout;
import dev.durable.runtime.RunError;
import dev.durable.runtime.StepFailedException;
import dev.durable.runtime.StoreException;
import dev.durable.runtime.codec.PayloadCodecException;
import dev.durable.runtime.codec.PayloadException;
import dev.durable.runtime.internal.common.Errors;
import dev.durable.runtime.internal.model.CheckpointKind;
import dev.durable.runtime.internal.model.CheckpointRecord;
import dev.durable.runtime.internal.model.Commit;
import dev.durable.runtime.internal.model.EventType;
import dev.durable.runtime.internal.model.NewEvent;
import dev.durable.runtime.internal.model.RunRecord;
import dev.durable.runtime.internal.model.TaskRecord;
import dev.durable.runtime.internal.model.TaskStatus;
import dev.durable.runtime.internal.time.Jitter;
import dev.durable.runtime.internal.turn.StepTransitions.Event;
import dev.durable.runtime.internal.turn.StepTransitions.State;
import dev.durable.runtime.internal.turn.StepTransitions.Transition;
import dev.durable.runtime.spi.StepType;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Dispatched steps' tasks: queueing an attempt for a worker, and watching it, read afresh on every
 * pass: a result or a heartbeat stored by a worker wins over a deadline that has passed; past its
 * deadline a task times out (liveness path) or is lost and delivered again (see {@link
 * Deadlines}); a failure is retried after a persisted backoff, by queueing the next attempt.
 *
 * <p>Concurrency: used on the turn's thread only, so the tasks read in the current pass need no
 * lock.
 */
final class DispatchedSteps {
  private final TurnContext context;
  private final Jitter jitter;
  private final RunRecord run;
  private final ReplayLog log;
  private final TurnControl control;
  private final StepResults results;
  private final StepHooks hooks;
  /** The positions of the branches being watched, and their tasks as read in the current pass. */
  private int branchesFrom;
  private int branchesTo;
  private Map<String, TaskRecord> tasksRead;
  /**
   * The tasks the run's waiting steps had when the turn began, read with its checkpoints; they
   * answer the first pass over those steps, until a pass reads afresh. Read with the checkpoints,
   * they are at least as new as them; a worker's outcome stored since then that left the run no
   * task open (or failed) marked it woken ({@code woken_at}), so a turn that suspends on a task
   * read as open is taken up again at once when nothing else is left to wait for.
   */
  private Map<String, TaskRecord> tasksAtStart;

  /** @param waitingTasks the run's waiting tasks as the turn read them with its checkpoints */
  DispatchedSteps(
      TurnContext context, TurnScope scope, Jitter jitter, List<TaskRecord> waitingTasks) {
    this.context = context;
    this.jitter = jitter;
    this.run = scope.run();
    this.log = scope.log();
    this.control = scope.control();
    this.results = scope.results();
    this.hooks = scope.hooks();
    this.tasksAtStart = byAttempt(waitingTasks);
  }

  /**
   * Watches the branches at positions {@code from} to {@code to}: from the tasks read at the
   * turn's start while no pass has read afresh, else from a fresh read.
   */
  void watch(int from, int to) {
    branchesFrom = from;
    branchesTo = to;
    tasksRead = tasksAtStart;
  }

  /** Starts a new pass: the branches' tasks are read afresh when next looked at. */
  void newPass() {
    tasksRead = null;
    tasksAtStart = null;
  }

  /** Looks at a dispatched branch's checkpoint and, where it waits, at its task. */
  void evaluate(Branch branch, CheckpointRecord recorded, Batch batch, Instant now) {
    StepType<?> step = branch.call.step();
    switch (recorded.status()) {
      case COMPLETED -> branch.done(results.recorded(step, recorded));
      case FAILED -> branch.fail(remoteError(recorded.error(), recorded.attempts()));
      case RETRYING -> {
        if (recorded.wakeAt() == null || !now.isBefore(recorded.wakeAt())) {
          queue(branch, recorded.attempts() + 1, recorded.input(), State.RETRYING,
              recorded.startedAt(), batch, now, List.of());
        } else {
          branch.await(recorded.wakeAt(), false);
        }
      }
      case PENDING, RUNNING -> outcome(branch, recorded, batch, now);
      default -> throw new IllegalStateException("unknown step state " + recorded.status());
    }
  }

  /**
   * Queues attempt {@code attempt} of a dispatched branch with its pending checkpoint: the branch
   * waits for a worker, or, with a liveness window or a lost-task lease, until the task is due to
   * be given up.
   *
   * @param state where the step stands: new, pending (its task timed out, or was deleted by hand)
   *     or retrying
   * @param events to log before the attempt's {@code step.started}
   */
  void queue(
      Branch branch, int attempt, String input, State state, Instant startedAt, Batch batch,
      Instant now, List<NewEvent> events) {
    StepType<?> step = branch.call.step();
    Transition queued = StepTransitions.next(state, Event.ATTEMPT_QUEUED);
    hooks.started(queued, step.name(), branch.seq);
    CheckpointRecord pending = log.checkpoint(branch.seq, CheckpointKind.REMOTE, step.name())
        .group(branch.group).status(queued.status()).attempts(attempt).input(input)
        .startedAt(startedAt).updatedAt(now).build();
    TaskRecord task = TaskRecord.queued(
        TaskRecord.id(run.runId(), branch.seq, attempt), run.runId(), branch.seq, step.name(),
        attempt, input, Deadlines.window(step), now)
        .withTraceContext(context.observer().traceContext());
    batch.checkpoints.add(new Commit.CheckpointWrite(pending, queued.inserts()));
    batch.events.addAll(events);
    batch.events.addAll(queued.events(type -> type.step(step.name(), attempt, "dispatched", now)));
    batch.tasks.add(task);
    branch.await(Deadlines.giveUpAt(step, task), true);
  }

  /**
   * The outcome of the attempt a pending checkpoint waits for, read afresh: a result or heartbeat
   * stored by a worker, whichever engine woke the run, wins over a deadline that has passed.
   */
  private void outcome(Branch branch, CheckpointRecord pending, Batch batch, Instant now) {
    StepType<?> step = branch.call.step();
    int attempt = pending.attempts();
    TaskRecord task = currentTask(branch.seq, attempt);
    if (task == null) {
      // its tasks were deleted by hand: queue the attempt again rather than wait forever
      queue(branch, attempt, pending.input(), State.of(pending), pending.startedAt(), batch, now,
          List.of());
      return;
    }
    if (task.isOpen()) {
      Instant timeout = Deadlines.timesOutAt(step, task);
      Instant lost = Deadlines.lostAt(step, task);
      if (timeout != null && !now.isBefore(timeout)) {
        timedOut(branch, pending, task, batch, now);
      } else if (lost != null && !now.isBefore(lost)) {
        lost(branch, pending, task, batch, now);
      } else {
        branch.await(Deadlines.giveUpAt(step, task), true);
      }
      return;
    }
    if (task.status() == TaskStatus.SUCCEEDED) {
      try {
        branch.done(completeDispatched(step, branch.seq, pending, task.output()));
        attempted(step, "completed", task);
      } catch (PayloadCodecException e) {
        throw control.setAside("the result of step '" + step.name() + "' at position "
            + branch.seq + ", stored by a worker,", e);
      } catch (PayloadException | Errors.InvalidResult e) {
        attempted(step, "failed", task);
        RunError error = Errors.ofStep(step.name(), e);
        failDispatched(branch, pending, Event.ATTEMPT_FAILED, null, error, batch, now,
            new StepFailedException(error, attempt, e));
      }
      return;
    }
    RunError error = new RunError(
        task.errorMessage(),
        task.errorCode() == null ? Errors.STEP_FAILED : task.errorCode(),
        task.errorType(),
        Optional.of(step.name()));
    boolean retryable = Boolean.TRUE.equals(task.retryable());
    // on the liveness path only timeouts are retried: a reported error surfaces at once
    if (!retryable || step.timeoutMs() > 0 || !step.retry().allowsAnotherAttempt(attempt)) {
      attempted(step, "failed", task);
      failDispatched(branch, pending, Event.ATTEMPT_FAILED, null, error, batch, now,
          new RemoteStepError(error, attempt));
      return;
    }
    attempted(step, "retried", task);
    long delayMs = step.retry().delayMillisAfter(attempt, jitter);
    Instant nextAttempt = now.plusMillis(delayMs);
    Transition retry = StepTransitions.next(State.of(pending), Event.ATTEMPT_FAILED_WILL_RETRY);
    batch.checkpoints.add(new Commit.CheckpointWrite(
        log.checkpoint(branch.seq, CheckpointKind.REMOTE, step.name()).status(retry.status())
            .attempts(attempt).input(pending.input()).error(error).wakeAt(nextAttempt)
            .startedAt(pending.startedAt()).updatedAt(now).build(),
        retry.inserts()));
    batch.events.addAll(retry.events(type -> type.step(step.name(), attempt,
        error.message() + "; next attempt in " + delayMs + " ms", now)));
    batch.after.add(
        hooks.retried(retry, step.name(), branch.seq, attempt, error, Duration.ofMillis(delayMs)));
    branch.await(nextAttempt, false);
  }

  @SuppressWarnings("unchecked")
  private Object completeDispatched(
      StepType<?> step, int seq, CheckpointRecord pending, String output) {
    StepType<Object> typed = (StepType<Object>) step;
    return results.complete(typed, seq, pending.attempts(), pending.input(), State.of(pending),
        pending.startedAt(), results.decode(typed, output));
  }

  /**
   * A task of the liveness path that stayed queued past its pickup deadline, or whose worker went
   * silent past the window: given up, then dispatched again at once while attempts remain, else the
   * step fails with {@link RemoteStepTimeout}. A worker heard from meanwhile wins.
   */
  private void timedOut(
      Branch branch, CheckpointRecord pending, TaskRecord task, Batch batch, Instant now) {
    if (!giveUp(task, now)) {
      reread(branch, pending, batch, now);
      return;
    }
    StepType<?> step = branch.call.step();
    int attempt = pending.attempts();
    String message = task.status() == TaskStatus.QUEUED
        ? "task " + task.taskId() + " of step '" + step.name() + "' waited "
            + Duration.between(task.createdAt(), now).toMillis() + " ms for a worker, past its"
            + " pickup timeout of " + Deadlines.pickupTimeoutMs(step) + " ms; start a worker that"
            + " serves it"
        : "task " + task.taskId() + " of step '" + step.name() + "': worker " + task.workerId()
            + " went silent for " + Duration.between(task.lastHeard(), now).toMillis()
            + " ms, past the step's timeoutMs of " + step.timeoutMs() + " ms; a handler that"
            + " works longer must call heartbeat() within each window";
    RunError error = new RunError(message, Errors.REMOTE_STEP_TIMEOUT,
        RemoteStepTimeout.class.getName(), Optional.of(step.name()));
    if (!step.retry().allowsAnotherAttempt(attempt)) {
      failDispatched(branch, pending, Event.TIMED_OUT, message, error, batch, now,
          new RemoteStepTimeout(error, attempt));
      return;
    }
    Transition retry = StepTransitions.next(State.of(pending), Event.TIMED_OUT_WILL_RETRY);
    batch.after.add(hooks.retried(retry, step.name(), branch.seq, attempt, error, Duration.ZERO));
    queue(branch, attempt + 1, pending.input(), retry.to(), pending.startedAt(), batch, now,
        retry.events(type -> type.step(step.name(), attempt, message, now)));
  }

  /**
   * A task unanswered past its lease: delivered again while deliveries remain, else given up and
   * the step fails with {@code remote_step_lost}. A worker heard from meanwhile wins.
   */
  private void lost(
      Branch branch, CheckpointRecord pending, TaskRecord task, Batch batch, Instant now) {
    StepType<?> step = branch.call.step();
    int redeliveries = task.redeliveries();
    if (redeliveries >= step.remoteRedispatchMax()) {
      if (!giveUp(task, now)) {
        reread(branch, pending, batch, now);
        return;
      }
      RunError error = new RunError(
          "task " + task.taskId() + " went unanswered for " + step.remoteRedispatchMs()
              + " ms after " + (redeliveries + 1) + " deliveries; no worker serves step '"
              + step.name() + "', or its workers keep dying: start one, then requeue the run",
          Errors.REMOTE_STEP_LOST, RemoteStepError.class.getName(), Optional.of(step.name()));
      failDispatched(branch, pending, Event.LOST, error.message(), error, batch, now,
          new RemoteStepError(error, pending.attempts()));
      return;
    }
    Optional<TaskRecord> again;
    try {
      again = context.tasks().redeliver(task, now);
    } catch (StoreException e) {
      throw control.storeFailed(e);
    }
    if (again.isEmpty()) {
      reread(branch, pending, batch, now);
      return;
    }
    context.wakeups().tasksQueued();
    batch.events.addAll(StepTransitions.next(State.of(pending), Event.LOST_REDELIVERED)
        .events(type -> type.step(step.name(), pending.attempts(),
            "task " + task.taskId() + " went unanswered for " + step.remoteRedispatchMs()
                + " ms; delivered again", now)));
    branch.await(Deadlines.giveUpAt(step, again.get()), true);
  }

  /**
   * Reports a dispatched attempt whose worker stored an outcome: how long the worker took, from
   * its claim to its answer, both stamped by the worker's clock.
   */
  private void attempted(StepType<?> step, String outcome, TaskRecord task) {
    Duration took = task.claimedAt() == null || task.finishedAt() == null
        ? Duration.ZERO
        : Duration.between(task.claimedAt(), task.finishedAt());
    context.observer().stepAttempt(run.workflow().name(), step.name(), outcome, took);
  }

  /** The task changed since this pass read it (its worker was heard from): reads it again. */
  private void reread(Branch branch, CheckpointRecord pending, Batch batch, Instant now) {
    newPass();
    outcome(branch, pending, batch, now);
  }

  /**
   * The latest delivery of an attempt that was not given up, from one read of the current
   * branches' tasks per pass: a fan's pass costs one query, not one per branch.
   */
  private TaskRecord currentTask(int seq, int attempt) {
    if (tasksRead == null) {
      List<TaskRecord> read;
      try {
        read = context.tasks().current(run.runId(), branchesFrom, branchesTo);
      } catch (StoreException e) {
        throw control.storeFailed(e);
      }
      tasksRead = byAttempt(read);
    }
    return tasksRead.get(seq + "/" + attempt);
  }

  /** The latest delivery of each attempt among {@code tasks}, which are oldest first. */
  private static Map<String, TaskRecord> byAttempt(List<TaskRecord> tasks) {
    Map<String, TaskRecord> latest = new HashMap<>();
    for (TaskRecord task : tasks) { // a later delivery replaces an earlier one
      latest.put(task.seq() + "/" + task.attempt(), task);
    }
    return latest;
  }

  /** Gives a task up; false if its worker was heard from meanwhile. */
  private boolean giveUp(TaskRecord task, Instant now) {
    try {
      return context.tasks().giveUp(task, now);
    } catch (StoreException e) {
      throw control.storeFailed(e);
    }
  }

  /**
   * Records a dispatched branch's failure for good ({@code event}: its attempt failed, timed out
   * or was lost, {@code why} saying how for the latter two); {@code failure} is thrown into the
   * workflow.
   */
  private void failDispatched(
      Branch branch, CheckpointRecord pending, Event event, String why, RunError error,
      Batch batch, Instant now, StepFailedException failure) {
    StepType<?> step = branch.call.step();
    Transition failed = StepTransitions.next(State.of(pending), event);
    batch.checkpoints.add(new Commit.CheckpointWrite(
        log.checkpoint(branch.seq, CheckpointKind.REMOTE, step.name()).status(failed.status())
            .attempts(pending.attempts()).input(pending.input()).error(error)
            .startedAt(pending.startedAt()).updatedAt(now).build(),
        failed.inserts()));
    batch.events.addAll(failed.events(type -> type.step(step.name(), pending.attempts(),
        type == EventType.STEP_FAILED ? error.message() : why, now)));
    branch.fail(failure);
  }

  /** The error a dispatched step's recorded failure is thrown as. */
  private static RemoteStepError remoteError(RunError error, int attempts) {
    return Errors.REMOTE_STEP_TIMEOUT.equals(error.code())
        ? new RemoteStepTimeout(error, attempts)
        : new RemoteStepError(error, attempts);
  }
}
