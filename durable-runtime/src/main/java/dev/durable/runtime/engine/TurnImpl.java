package dev.durable.runtime.engine;

import dev.durable.runtime.NonDeterminismException;
import dev.durable.runtime.RemoteStepError;
import dev.durable.runtime.RemoteStepTimeout;
import dev.durable.runtime.RunError;
import dev.durable.runtime.StepEvent;
import dev.durable.runtime.StepFailedException;
import dev.durable.runtime.StepState;
import dev.durable.runtime.WorkflowContext;
import dev.durable.runtime.codec.PayloadException;
import dev.durable.runtime.spi.StepBody;
import dev.durable.runtime.spi.StepCall;
import dev.durable.runtime.spi.StepType;
import dev.durable.runtime.spi.Turn;
import dev.durable.runtime.store.CheckpointKind;
import dev.durable.runtime.store.CheckpointRecord;
import dev.durable.runtime.store.Commit;
import dev.durable.runtime.store.Fence;
import dev.durable.runtime.store.NewEvent;
import dev.durable.runtime.store.RunChange;
import dev.durable.runtime.store.RunRecord;
import dev.durable.runtime.store.StoreException;
import dev.durable.runtime.store.TaskRecord;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;

/**
 * One turn of a run: an execution of its {@code @Run} method from the top. Step calls and timers
 * are matched to the run's checkpoints by position and name; a completed step answers with its
 * recorded result, a failed one with its recorded failure, and the first step without an outcome
 * is executed, with retries, and its outcome recorded.
 *
 * <p>A completed step's checkpoint is held back until the turn's next side effect (see {@link
 * ProgressBuffer}), which writes it first.
 *
 * <p>When a retry must wait, a turn that may suspend durably records the run as sleeping until the
 * next attempt and stops; one that may not (under {@code tick()}) waits in process.
 *
 * <p>Dispatched steps and the branches of fans and groups share one path ({@link #branches}): a
 * lone dispatched step is a group of one. New branches get their checkpoints, and dispatched ones
 * their tasks, in one commit; local branches run at once on step threads; dispatched ones are
 * looked at afresh on every pass (their tasks read in one query), and while any waits the run
 * suspends until the earliest deadline among them or a worker's answer.
 *
 * <p>Concurrency. A turn runs on one thread, the turn's, except while a fan or group runs its local
 * branches: each then makes its attempts on a step thread of its own, and the turn's thread waits
 * for them all before it goes on. So:
 * <ul>
 *   <li>the held checkpoints, events and completions are guarded by the {@link ProgressBuffer}'s
 *       lock, and a commit is made under it; the {@link ReplayLog} guards its list with a lock of
 *       its own;
 *   <li>the position counter and the state of the branches' current pass ({@code branchesFrom},
 *       {@code tasksRead}) belong to the turn's thread alone;
 *   <li>{@code stop} is volatile: set once, under the turn's lock ({@code this}), by whichever
 *       thread stops the turn first, and read by every thread;
 *   <li>no users' code runs under a lock: hooks are called after it is released (those of the
 *       steps a commit completed, once the commit is made), and a result is validated and encoded
 *       before its checkpoint is held.
 * </ul>
 */
final class TurnImpl implements Turn, WorkflowContext {
  private static final String SLEEP_NAME = "sleep";

  private final Services services;
  private final RunRecord run;
  private final ReplayLog log;
  private final boolean maySuspend;
  private final InFlight.Run flight;
  private final ProgressBuffer progress;
  private int nextSeq;
  /** Set once, by whichever thread stops the turn first; read by all without the lock. */
  private volatile TurnStop stop;
  /** The positions of the branches being run, and their tasks as read in the current pass. */
  private int branchesFrom;
  private int branchesTo;
  private Map<String, TaskRecord> tasksRead;

  TurnImpl(
      Services services,
      RunRecord run,
      List<CheckpointRecord> checkpoints,
      boolean maySuspend,
      InFlight.Run flight) {
    this.services = services;
    this.run = run;
    this.log = new ReplayLog(run.runId(), run.workflow(), checkpoints, services.payloads());
    this.progress = new ProgressBuffer(services, run.fence(), log::written);
    this.maySuspend = maySuspend;
    this.flight = flight;
  }

  // ---- WorkflowContext

  @Override
  public String runId() {
    return run.runId();
  }

  @Override
  public String workflowName() {
    return run.workflow().name();
  }

  @Override
  public String workflowVersion() {
    return run.workflow().version();
  }

  @Override
  public boolean isReplaying() {
    return nextSeq < log.size();
  }

  @Override
  public void sleep(Duration duration) {
    throwIfStopped();
    if (duration.isZero() || duration.isNegative()) {
      return;
    }
    int seq = nextSeq++;
    CheckpointRecord recorded;
    try {
      recorded = log.matchSleep(seq);
    } catch (NonDeterminismException e) {
      throw nonDeterminism(e);
    }
    Instant now = services.time().now();
    if (recorded != null) {
      if (recorded.status() == StepState.COMPLETED) {
        return;
      }
      if (!now.isBefore(recorded.wakeAt())) {
        holdEndOf(recorded, now);
        return;
      }
      write(RunChange.sleeping(recorded.wakeAt()), List.of(),
          List.of(EventType.RUN_SLEEPING.run("until " + recorded.wakeAt(), now)));
      throw suspended(recorded.wakeAt());
    }
    Instant wakeAt = now.plus(duration);
    CheckpointRecord timer = log.checkpoint(seq, CheckpointKind.SLEEP, SLEEP_NAME)
        .status(StepState.RUNNING).wakeAt(wakeAt).startedAt(now).updatedAt(now).build();
    write(
        RunChange.sleeping(wakeAt),
        List.of(new Commit.CheckpointWrite(timer, true)),
        List.of(
            EventType.TIMER_STARTED.step(SLEEP_NAME, 0, duration.toString(), now),
            EventType.RUN_SLEEPING.run("until " + wakeAt, now)));
    throw suspended(wakeAt);
  }

  /**
   * Holds a timer's checkpoint, now ended, as completed: it rides on the turn's next write, and
   * alone forces none (see {@link #flush}).
   */
  private void holdEndOf(CheckpointRecord timer, Instant now) {
    progress.hold(new Commit.CheckpointWrite(
        CheckpointBuilder.copyOf(timer).status(StepState.COMPLETED).updatedAt(now).build(),
        false));
  }

  // ---- Turn

  @Override
  public <T> T step(StepType<T> step, Object[] args, StepBody<T> body) {
    throwIfStopped();
    int seq = nextSeq++;
    CheckpointRecord recorded = recorded(seq, CheckpointKind.STEP, step, args);
    if (recorded == null) {
      flush();
      return attempts(step, args, body, seq, 1, null, services.time().now(), maySuspend);
    }
    switch (recorded.status()) {
      case COMPLETED:
        return recordedResult(step, recorded);
      case FAILED:
        throw new StepFailedException(recorded.error(), recorded.attempts(), null);
      case RETRYING:
      case RUNNING:
      case PENDING:
        awaitNextAttempt(recorded.wakeAt());
        return attempts(step, args, body, seq, recorded.attempts() + 1, recorded,
            recorded.startedAt(), maySuspend);
      default:
        throw new IllegalStateException("unknown step state " + recorded.status());
    }
  }

  /**
   * Returns once a retrying step's next attempt is due: at once if it is, else by suspending the
   * run until then (it throws) or, where the turn may not suspend, by waiting in process.
   */
  private void awaitNextAttempt(Instant nextAttempt) {
    Instant now = services.time().now();
    if (nextAttempt == null || !now.isBefore(nextAttempt)) {
      return;
    }
    if (maySuspend) {
      write(RunChange.sleeping(nextAttempt), List.of(),
          List.of(EventType.RUN_SLEEPING.run("until " + nextAttempt, now)));
      throw suspended(nextAttempt);
    }
    waitUntil(nextAttempt);
  }

  // ---- dispatched steps and parallel branches

  @Override
  @SuppressWarnings("unchecked")
  public <T> T dispatch(StepType<T> step, Object[] args) {
    return (T) branches(List.of(new StepCall(step, args, null)), false).get(0);
  }

  @Override
  public List<Object> parallel(List<StepCall> calls) {
    return branches(calls, true);
  }

  /**
   * Runs step calls as branches at consecutive positions: a lone dispatched step, or a fan or
   * group. New branches get their checkpoints (and dispatched ones their tasks) in one commit;
   * local branches then run at once on the engine's threads, waiting out their backoff in process.
   * Dispatched branches are looked at afresh on each pass; while any waits, the run suspends until
   * the earliest of their deadlines, or until a worker answers.
   */
  private List<Object> branches(List<StepCall> calls, boolean group) {
    throwIfStopped();
    int base = nextSeq;
    nextSeq += calls.size();
    branchesFrom = base;
    branchesTo = base + calls.size() - 1;
    tasksRead = null;
    List<Branch> all = new ArrayList<>();
    List<Branch> locals = new ArrayList<>();
    Batch batch = new Batch();
    Instant now = services.time().now();
    for (int i = 0; i < calls.size(); i++) {
      Branch branch = new Branch(calls.get(i), base + i, group ? base : null);
      all.add(branch);
      CheckpointRecord recorded = recorded(
          branch.seq, branch.call.isDispatched() ? CheckpointKind.REMOTE : CheckpointKind.STEP,
          branch.call.step(), branch.call.args());
      if (recorded == null) {
        start(branch, batch, now);
      } else if (branch.call.isDispatched()) {
        evaluate(branch, recorded, batch, now);
      } else {
        resume(branch, recorded);
      }
      if (!branch.call.isDispatched() && !branch.ended()) {
        locals.add(branch);
      }
    }
    if (!locals.isEmpty()) {
      commit(batch, RunChange.TOUCH);
      batch = new Batch();
      runLocals(locals);
      now = services.time().now();
      tasksRead = null;
      for (Branch branch : all) {
        if (!branch.ended()) {
          evaluate(branch, log.at(branch.seq), batch, now);
        }
      }
    }
    while (true) {
      List<Branch> waiting = all.stream().filter(branch -> !branch.ended()).toList();
      if (waiting.isEmpty()) {
        commit(batch, RunChange.TOUCH);
        return results(all);
      }
      Instant wake = null;
      boolean onWorker = false;
      for (Branch branch : waiting) {
        onWorker |= branch.onWorker;
        if (branch.wake != null && (wake == null || branch.wake.isBefore(wake))) {
          wake = branch.wake;
        }
      }
      now = services.time().now();
      boolean due = wake != null && !now.isBefore(wake);
      if (!due && (maySuspend || onWorker || wake == null)) {
        batch.events.add(EventType.RUN_SLEEPING.run(
            wake == null ? "waiting for a worker" : "until " + wake, now));
        commit(batch, RunChange.sleeping(wake));
        wakeIfAnswered(waiting);
        throw suspended(wake);
      }
      // due now, or (under tick) every waiting branch waits out a backoff: wait in process
      commit(batch, RunChange.TOUCH);
      batch = new Batch();
      if (!due) {
        waitUntil(wake);
        now = services.time().now();
      }
      tasksRead = null;
      for (Branch branch : waiting) {
        evaluate(branch, log.at(branch.seq), batch, now);
      }
    }
  }

  /**
   * Looks for the run at once if a worker answered between this turn's read of its task and the
   * suspension. That worker found the run executing, so it marked it woken, and the suspension
   * made the run due instead of asleep (see {@code woken_at}); its signal to look for due runs came
   * too early, though, so without this the run would wait for the next poll.
   */
  private void wakeIfAnswered(List<Branch> waiting) {
    List<String> read = waiting.stream()
        .filter(branch -> branch.awaited != null)
        .map(branch -> branch.awaited.taskId())
        .toList();
    if (read.isEmpty()) {
      return;
    }
    try {
      if (services.store().anyTaskFinished(read)) {
        services.wakeAt().accept(services.time().now());
      }
    } catch (StoreException e) {
      // the run is due already; the next poll finds it
    }
  }

  /** The branches' results in order, or the first failed branch's error. */
  private static List<Object> results(List<Branch> branches) {
    List<Object> values = new ArrayList<>();
    for (Branch branch : branches) {
      if (branch.failure != null) {
        throw branch.failure;
      }
      values.add(branch.value);
    }
    return values;
  }

  /**
   * A branch without a checkpoint: a dispatched step is queued, a local one gets a pending
   * checkpoint that its first attempt takes over.
   */
  private void start(Branch branch, Batch batch, Instant now) {
    StepType<?> step = branch.call.step();
    services.hooks().onStepStart(stepEvent(step.name(), branch.seq, 1));
    CheckpointKind kind = branch.call.isDispatched() ? CheckpointKind.REMOTE : CheckpointKind.STEP;
    String input;
    try {
      input = services.payloads().encodeArgs(step.params(), branch.call.args());
    } catch (PayloadException e) {
      Errors.InvalidStepInput error =
          new Errors.InvalidStepInput("step '" + step.name() + "' " + e.getMessage(), e);
      RunError runError = Errors.ofStep(step.name(), error);
      batch.checkpoints.add(new Commit.CheckpointWrite(
          log.checkpoint(branch.seq, kind, step.name()).group(branch.group)
              .status(StepState.FAILED).attempts(1).error(runError).startedAt(now).updatedAt(now)
              .build(),
          true));
      batch.events.add(EventType.STEP_STARTED.step(step.name(), 1,
          branch.call.isDispatched() ? "dispatched" : local(step), now));
      batch.events.add(EventType.STEP_FAILED.step(step.name(), 1, runError.message(), now));
      branch.fail(new StepFailedException(runError, 1, error));
      return;
    }
    if (branch.call.isDispatched()) {
      queue(branch, 1, input, false, now, batch, now, List.of());
      return;
    }
    CheckpointRecord pending = log.checkpoint(branch.seq, kind, step.name()).group(branch.group)
        .status(StepState.PENDING).input(input).startedAt(now).updatedAt(now).build();
    batch.checkpoints.add(new Commit.CheckpointWrite(pending, true));
    batch.events.add(EventType.STEP_STARTED.step(step.name(), 1, local(step), now));
    branch.existing = pending;
  }

  /** A local branch with a checkpoint: its recorded outcome, or it runs on from there. */
  private void resume(Branch branch, CheckpointRecord recorded) {
    switch (recorded.status()) {
      case COMPLETED -> branch.done(recordedResult(branch.call.step(), recorded));
      case FAILED -> branch.fail(
          new StepFailedException(recorded.error(), recorded.attempts(), null));
      default -> branch.existing = recorded;
    }
  }

  /**
   * Runs local branches at once, each on a thread of its own with its retries, waiting out its
   * backoff in process; returns when all have ended.
   */
  @SuppressWarnings("unchecked")
  private void runLocals(List<Branch> locals) {
    List<Future<Object>> running = new ArrayList<>();
    for (Branch branch : locals) {
      StepType<Object> step = (StepType<Object>) branch.call.step();
      StepBody<Object> body = (StepBody<Object>) branch.call.body();
      CheckpointRecord existing = branch.existing;
      running.add(services.attempts().fork(() -> {
        if (existing.status() == StepState.RETRYING && existing.wakeAt() != null) {
          waitUntil(existing.wakeAt());
        }
        return attempts(step, branch.call.args(), body, branch.seq, existing.attempts() + 1,
            existing, existing.startedAt(), false);
      }));
    }
    Throwable stopped = null;
    for (int i = 0; i < locals.size(); i++) {
      try {
        locals.get(i).done(running.get(i).get());
      } catch (ExecutionException e) {
        if (e.getCause() instanceof StepFailedException failed) {
          locals.get(i).fail(failed);
        } else if (stopped == null) {
          stopped = e.getCause();
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        if (stopped == null) {
          stopped = stop(TurnStop.Reason.SHUTDOWN, null, e);
        }
      }
    }
    if (stopped instanceof RuntimeException runtime) {
      throw runtime;
    }
    if (stopped instanceof Error error) {
      throw error; // a TurnStop, among others
    }
    if (stopped != null) {
      throw new IllegalStateException(stopped);
    }
  }

  /** Looks at a dispatched branch's checkpoint and, where it waits, at its task. */
  private void evaluate(Branch branch, CheckpointRecord recorded, Batch batch, Instant now) {
    StepType<?> step = branch.call.step();
    switch (recorded.status()) {
      case COMPLETED -> branch.done(recordedResult(step, recorded));
      case FAILED -> branch.fail(remoteError(recorded.error(), recorded.attempts()));
      case RETRYING -> {
        if (recorded.wakeAt() == null || !now.isBefore(recorded.wakeAt())) {
          queue(branch, recorded.attempts() + 1, recorded.input(), true, recorded.startedAt(),
              batch, now, List.of());
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
   */
  private void queue(
      Branch branch, int attempt, String input, boolean stored, Instant startedAt, Batch batch,
      Instant now, List<NewEvent> events) {
    StepType<?> step = branch.call.step();
    CheckpointRecord pending = log.checkpoint(branch.seq, CheckpointKind.REMOTE, step.name())
        .group(branch.group).status(StepState.PENDING).attempts(attempt).input(input)
        .startedAt(startedAt).updatedAt(now).build();
    TaskRecord task = TaskRecord.queued(
        TaskRecord.id(run.runId(), branch.seq, attempt), run.runId(), branch.seq, step.name(),
        attempt, input, Deadlines.window(step), now);
    batch.checkpoints.add(new Commit.CheckpointWrite(pending, !stored));
    batch.events.addAll(events);
    batch.events.add(EventType.STEP_STARTED.step(step.name(), attempt, "dispatched", now));
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
      queue(branch, attempt, pending.input(), true, pending.startedAt(), batch, now, List.of());
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
        branch.awaited = task;
      }
      return;
    }
    if (task.status().equals("SUCCEEDED")) {
      try {
        branch.done(completeDispatched(step, branch.seq, pending, task.output()));
      } catch (PayloadException | Errors.InvalidResult e) {
        RunError error = Errors.ofStep(step.name(), e);
        failDispatched(branch, pending, error, batch, List.of(), now,
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
      failDispatched(branch, pending, error, batch, List.of(), now,
          new RemoteStepError(error, attempt));
      return;
    }
    long delayMs = step.retry().delayMillisAfter(attempt, services.random());
    Instant nextAttempt = now.plusMillis(delayMs);
    batch.checkpoints.add(new Commit.CheckpointWrite(
        log.checkpoint(branch.seq, CheckpointKind.REMOTE, step.name()).status(StepState.RETRYING)
            .attempts(attempt).input(pending.input()).error(error).wakeAt(nextAttempt)
            .startedAt(pending.startedAt()).updatedAt(now).build(),
        false));
    batch.events.add(EventType.STEP_RETRYING.step(step.name(), attempt,
        error.message() + "; next attempt in " + delayMs + " ms", now));
    batch.after.add(() -> services.hooks().onStepRetry(
        stepEvent(step.name(), branch.seq, attempt), error, Duration.ofMillis(delayMs)));
    branch.await(nextAttempt, false);
  }

  @SuppressWarnings("unchecked")
  private Object completeDispatched(
      StepType<?> step, int seq, CheckpointRecord pending, String output) {
    StepType<Object> typed = (StepType<Object>) step;
    return complete(typed, seq, pending.attempts(), pending.input(), true, pending.startedAt(),
        decodeResult(typed, output));
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
    String message = task.status().equals("QUEUED")
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
    NewEvent timedOut = EventType.STEP_TIMED_OUT.step(step.name(), attempt, message, now);
    if (!step.retry().allowsAnotherAttempt(attempt)) {
      failDispatched(branch, pending, error, batch, List.of(timedOut), now,
          new RemoteStepTimeout(error, attempt));
      return;
    }
    batch.after.add(() -> services.hooks().onStepRetry(
        stepEvent(step.name(), branch.seq, attempt), error, Duration.ZERO));
    queue(branch, attempt + 1, pending.input(), true, pending.startedAt(), batch, now,
        List.of(timedOut));
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
      failDispatched(branch, pending, error, batch,
          List.of(EventType.STEP_LOST.step(step.name(), pending.attempts(), error.message(),
              now)),
          now, new RemoteStepError(error, pending.attempts()));
      return;
    }
    Optional<TaskRecord> again;
    try {
      again = services.store().redeliver(task, now);
    } catch (StoreException e) {
      throw storeFailed(e);
    }
    if (again.isEmpty()) {
      reread(branch, pending, batch, now);
      return;
    }
    LocalWakeups.taskQueued();
    batch.events.add(EventType.STEP_LOST.step(step.name(), pending.attempts(),
        "task " + task.taskId() + " went unanswered for " + step.remoteRedispatchMs()
            + " ms; delivered again", now));
    branch.await(Deadlines.giveUpAt(step, again.get()), true);
  }

  /** The task changed since this pass read it (its worker was heard from): reads it again. */
  private void reread(Branch branch, CheckpointRecord pending, Batch batch, Instant now) {
    tasksRead = null;
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
        read = services.store().currentTasks(run.runId(), branchesFrom, branchesTo);
      } catch (StoreException e) {
        throw storeFailed(e);
      }
      tasksRead = new HashMap<>();
      for (TaskRecord task : read) { // oldest first: a later delivery replaces an earlier one
        tasksRead.put(task.seq() + "/" + task.attempt(), task);
      }
    }
    return tasksRead.get(seq + "/" + attempt);
  }

  /** Gives a task up; false if its worker was heard from meanwhile. */
  private boolean giveUp(TaskRecord task, Instant now) {
    try {
      return services.store().giveUpTask(task, now);
    } catch (StoreException e) {
      throw storeFailed(e);
    }
  }

  /** Records a dispatched branch's failure; {@code failure} is thrown into the workflow. */
  private void failDispatched(
      Branch branch, CheckpointRecord pending, RunError error, Batch batch, List<NewEvent> before,
      Instant now, StepFailedException failure) {
    StepType<?> step = branch.call.step();
    batch.checkpoints.add(new Commit.CheckpointWrite(
        log.checkpoint(branch.seq, CheckpointKind.REMOTE, step.name()).status(StepState.FAILED)
            .attempts(pending.attempts()).input(pending.input()).error(error)
            .startedAt(pending.startedAt()).updatedAt(now).build(),
        false));
    batch.events.addAll(before);
    batch.events.add(
        EventType.STEP_FAILED.step(step.name(), pending.attempts(), error.message(), now));
    branch.fail(failure);
  }

  /** The error a dispatched step's recorded failure is thrown as. */
  private static RemoteStepError remoteError(RunError error, int attempts) {
    return Errors.REMOTE_STEP_TIMEOUT.equals(error.code())
        ? new RemoteStepTimeout(error, attempts)
        : new RemoteStepError(error, attempts);
  }

  /** Writes a batch, if it holds anything, with {@code change}; queued tasks wake local workers. */
  private void commit(Batch batch, RunChange change) {
    if (batch.isEmpty() && change == RunChange.TOUCH) {
      return;
    }
    tryWriteOrStop(change, batch.checkpoints, batch.events, batch.tasks);
    if (!batch.tasks.isEmpty()) {
      LocalWakeups.taskQueued();
    }
    batch.after.forEach(Runnable::run);
  }

  /** What one pass over the branches writes, in one commit. */
  private static final class Batch {
    final List<Commit.CheckpointWrite> checkpoints = new ArrayList<>();
    final List<NewEvent> events = new ArrayList<>();
    final List<TaskRecord> tasks = new ArrayList<>();
    /** Hooks to call once it is written. */
    final List<Runnable> after = new ArrayList<>();

    boolean isEmpty() {
      return checkpoints.isEmpty() && events.isEmpty() && tasks.isEmpty();
    }
  }

  /** One branch: its call and position, and where it stands in this turn. */
  private static final class Branch {
    final StepCall call;
    final int seq;
    /** The position of its group's first branch; null for a step called on its own. */
    final Integer group;
    /** A local branch's checkpoint, which its attempts take over. */
    CheckpointRecord existing;
    Object value;
    StepFailedException failure;
    boolean done;
    /** While it waits: until when (null: until a worker answers), and whether on a worker. */
    Instant wake;
    boolean onWorker;
    /** The open task it was found waiting for, read before this turn suspends; else null. */
    TaskRecord awaited;

    Branch(StepCall call, int seq, Integer group) {
      this.call = call;
      this.seq = seq;
      this.group = group;
    }

    String name() {
      return call.step().name();
    }

    boolean ended() {
      return done || failure != null;
    }

    void done(Object value) {
      this.value = value;
      this.done = true;
    }

    void fail(StepFailedException failure) {
      this.failure = failure;
    }

    void await(Instant wake, boolean onWorker) {
      this.wake = wake;
      this.onWorker = onWorker;
      this.awaited = null;
    }
  }

  private <T> T attempts(
      StepType<T> step,
      Object[] args,
      StepBody<T> body,
      int seq,
      int firstAttempt,
      CheckpointRecord existing,
      Instant startedAt,
      boolean maySuspendBackoff) {
    boolean stored = existing != null;
    String input;
    if (stored) {
      input = existing.input();
    } else {
      try {
        input = services.payloads().encodeArgs(step.params(), args);
      } catch (PayloadException e) {
        services.hooks().onStepStart(stepEvent(step.name(), seq, 1));
        return fail(step, seq, 1, null, false, startedAt,
            new Errors.InvalidStepInput("step '" + step.name() + "' " + e.getMessage(), e));
      }
    }
    for (int attempt = firstAttempt; ; attempt++) {
      Queues.Slot slot = admit(step, attempt, maySuspendBackoff);
      if (!stored && attempt == 1) {
        // after admission: a run parked for a queue slot starts the step when it is admitted
        services.hooks().onStepStart(stepEvent(step.name(), seq, 1));
      }
      Optional<Instant> deadline =
          step.timeoutMs() > 0
              ? Optional.of(Instant.now().plusMillis(step.timeoutMs()))
              : Optional.empty();
      AttemptContext context = new AttemptContext(run.runId(), step.name(), attempt, deadline);
      InFlight.Attempt running = new InFlight.Attempt(seq, step.name(), attempt, context);
      flight.attemptStarted(running);
      AttemptRunner.Outcome<T> outcome;
      try {
        outcome = services.attempts().run(step, body, context);
      } finally {
        flight.attemptEnded(running);
        slot.release();
      }
      Throwable error = outcome.error();
      if (error == null) {
        try {
          return complete(step, seq, attempt, input, stored, startedAt, outcome.value());
        } catch (Errors.InvalidResult invalid) {
          error = invalid;
        }
      }
      if (flight.isCancelled()) {
        throw stop(TurnStop.Reason.CANCELLED, null, error);
      }
      if (services.closing().getAsBoolean()) {
        throw stop(TurnStop.Reason.SHUTDOWN, null, error);
      }
      RunError runError = Errors.ofStep(step.name(), error);
      if (!step.isRetryable(error) || !step.retry().allowsAnotherAttempt(attempt)) {
        return fail(step, seq, attempt, input, stored, startedAt, error);
      }
      long delayMs = step.retry().delayMillisAfter(attempt, services.random());
      Instant now = services.time().now();
      Instant nextAttempt = now.plusMillis(delayMs);
      boolean suspend = maySuspendBackoff && delayMs > 0;
      List<NewEvent> events = new ArrayList<>();
      if (!stored) {
        events.add(EventType.STEP_STARTED.step(step.name(), 1, local(step), startedAt));
      }
      events.add(
          EventType.STEP_RETRYING.step(step.name(), attempt,
              runError.message() + "; next attempt in " + delayMs + " ms", now));
      if (suspend) {
        events.add(EventType.RUN_SLEEPING.run("until " + nextAttempt, now));
      }
      write(
          suspend ? RunChange.sleeping(nextAttempt) : RunChange.TOUCH,
          List.of(new Commit.CheckpointWrite(
              log.checkpoint(seq, step.name()).status(StepState.RETRYING).attempts(attempt)
                  .input(input).error(runError).wakeAt(nextAttempt).startedAt(startedAt)
                  .updatedAt(now).build(),
              !stored)),
          events);
      stored = true;
      services.hooks().onStepRetry(
          stepEvent(step.name(), seq, attempt), runError, Duration.ofMillis(delayMs));
      if (suspend) {
        throw suspended(nextAttempt);
      }
      waitUntil(nextAttempt);
    }
  }

  /**
   * A slot of the step's flow-control queue for one attempt. When the queue is full, a turn that
   * may suspend parks the run (it sleeps, holding no engine slot, until a slot frees); a branch of
   * a fan, or a turn under {@code tick()}, waits for one in process.
   */
  private Queues.Slot admit(StepType<?> step, int attempt, boolean maySuspendBackoff) {
    if (step.queue().isEmpty()) {
      return Queues.UNLIMITED;
    }
    Queues.Slot slot = services.queues().tryTake(step.queue(), step.name());
    if (slot != null) {
      return slot;
    }
    if (maySuspendBackoff) {
      Instant now = services.time().now();
      Instant fallback = now.plus(Queues.PARKED_FALLBACK);
      write(RunChange.sleeping(fallback), List.of(), List.of(
          EventType.STEP_QUEUED.step(step.name(), attempt,
              "waiting for a slot of queue '" + step.queue() + "'", now),
          EventType.RUN_SLEEPING.run("until a slot of queue '" + step.queue() + "' frees", now)));
      services.queues().park(step.queue(), run.runId());
      throw suspended(fallback);
    }
    try {
      slot = services.queues().take(step.queue(), step.name(),
          () -> flight.isCancelled() || services.closing().getAsBoolean());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw stop(TurnStop.Reason.SHUTDOWN, null, e);
    }
    if (slot == null) {
      throw stop(flight.isCancelled() ? TurnStop.Reason.CANCELLED : TurnStop.Reason.SHUTDOWN,
          null, null);
    }
    return slot;
  }

  /** Validates and encodes a step's result and holds its checkpoint back until the next write. */
  private <T> T complete(
      StepType<T> step, int seq, int attempt, String input, boolean stored, Instant startedAt,
      T value) {
    List<String> violations = services.payloads().violations(step.result(), value);
    if (!violations.isEmpty()) {
      throw Errors.InvalidResult.violations(step.name(), violations);
    }
    String output;
    try {
      output = services.payloads().encode(step.result(), value);
    } catch (PayloadException e) {
      throw new Errors.InvalidResult(
          "step '" + step.name() + "' returned a result that cannot be stored: " + e.getMessage(),
          e);
    }
    Instant now = services.time().now();
    List<NewEvent> events = new ArrayList<>();
    if (!stored) {
      events.add(EventType.STEP_STARTED.step(step.name(), 1, local(step), startedAt));
    }
    events.add(EventType.STEP_COMPLETED.step(step.name(), attempt, null, now));
    progress.holdCompleted(
        new Commit.CheckpointWrite(
            log.checkpoint(seq, step.name()).status(StepState.COMPLETED).attempts(attempt)
                .input(input).output(output).startedAt(startedAt).updatedAt(now).build(),
            !stored),
        events,
        stepEvent(step.name(), seq, attempt));
    // Answer with the stored form, as a replay would, so both take the same path.
    return decodeResult(step, output);
  }

  private <T> T fail(
      StepType<T> step, int seq, int attempt, String input, boolean stored, Instant startedAt,
      Throwable error) {
    RunError runError = Errors.ofStep(step.name(), error);
    Instant now = services.time().now();
    List<NewEvent> events = new ArrayList<>();
    if (!stored) {
      events.add(EventType.STEP_STARTED.step(step.name(), 1, local(step), startedAt));
    }
    events.add(EventType.STEP_FAILED.step(step.name(), attempt, runError.message(), now));
    write(
        RunChange.TOUCH,
        List.of(new Commit.CheckpointWrite(
            log.checkpoint(seq, step.name()).status(StepState.FAILED).attempts(attempt).input(input)
                .error(runError).startedAt(startedAt).updatedAt(now).build(),
            !stored)),
        events);
    throw new StepFailedException(runError, attempt, error);
  }

  private <T> T recordedResult(StepType<T> step, CheckpointRecord recorded) {
    try {
      return decodeResult(step, recorded.output());
    } catch (PayloadException e) {
      throw stop(
          TurnStop.Reason.FAILED,
          Errors.engine(
              "cannot decode the stored result of step '" + step.name() + "' of run "
                  + run.runId() + ": " + e.getMessage() + "; the class changed incompatibly since"
                  + " the run stored it: restore a compatible class and requeue the run, or"
                  + " cancel it",
              Errors.PAYLOAD_UNDECODABLE,
              PayloadException.class),
          e);
    }
  }

  @SuppressWarnings("unchecked")
  private <T> T decodeResult(StepType<T> step, String output) {
    return (T) services.payloads().decode(step.result(), output);
  }

  // ---- writing progress

  /** Writes the held checkpoints of steps, if any: the next side effect may not run before. */
  private void flush() {
    if (progress.holdsSteps()) {
      write(RunChange.TOUCH, List.of(), List.of());
    }
  }

  /**
   * Ends the turn by writing {@code change} to the run together with the held checkpoints: a run's
   * completion or failure rides on its last checkpoint.
   *
   * @return whether it was written (false: the run's epoch moved on)
   * @throws StoreException if the store failed
   */
  boolean finish(RunChange change, List<NewEvent> events) {
    return progress.write(change, List.of(), events, List.of());
  }

  /** Writes the held checkpoints before the turn is abandoned, if the store lets it. */
  void flushQuietly() {
    try {
      flush();
    } catch (TurnStop ignored) {
      // the steps run again when the run is picked up
    }
  }

  /** {@link ProgressBuffer#write}, stopping the turn if that fails. */
  private void write(
      RunChange change, List<Commit.CheckpointWrite> checkpoints, List<NewEvent> events) {
    tryWriteOrStop(change, checkpoints, events, List.of());
  }

  /** {@link #write}, queueing {@code tasks} in the same commit. */
  private void tryWriteOrStop(
      RunChange change, List<Commit.CheckpointWrite> checkpoints, List<NewEvent> events,
      List<TaskRecord> tasks) {
    boolean written;
    try {
      written = progress.write(change, checkpoints, events, tasks);
    } catch (StoreException e) {
      if (e.isPermanent()) {
        progress.discardHeld();
      }
      throw storeFailed(e);
    }
    if (!written) {
      throw stop(
          flight.isCancelled() ? TurnStop.Reason.CANCELLED : TurnStop.Reason.LEASE_LOST,
          null, null);
    }
  }

  private void waitUntil(Instant instant) {
    try {
      boolean reached =
          services.time().waitUntil(
              instant, () -> flight.isCancelled() || services.closing().getAsBoolean());
      if (!reached) {
        throw stop(
            flight.isCancelled() ? TurnStop.Reason.CANCELLED : TurnStop.Reason.SHUTDOWN,
            null, null);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw stop(TurnStop.Reason.SHUTDOWN, null, e);
    }
  }

  /**
   * The checkpoint recorded at {@code seq} for a call of {@code step}, or null; fails the run if
   * the workflow's code no longer matches what it recorded there.
   */
  private CheckpointRecord recorded(int seq, CheckpointKind kind, StepType<?> step, Object[] args) {
    try {
      return log.matchStep(seq, kind, step, args);
    } catch (NonDeterminismException e) {
      throw nonDeterminism(e);
    }
  }

  private TurnStop nonDeterminism(NonDeterminismException e) {
    return stop(
        TurnStop.Reason.FAILED,
        Errors.engine(e.getMessage(), Errors.NON_DETERMINISM, NonDeterminismException.class),
        e);
  }

  /**
   * Stops the turn after the store failed: an outage leaves the run to be taken up again when its
   * lease expires; a refusal, which the same write would meet again, fails the run.
   */
  private TurnStop storeFailed(StoreException e) {
    return e.isPermanent()
        ? stop(TurnStop.Reason.FAILED, Errors.storage(run.runId(), e), e)
        : stop(TurnStop.Reason.STORE_UNAVAILABLE, null, e);
  }

  /** Suspends the turn; a run that waits for a worker ({@code wakeAt} null) needs no timer. */
  private TurnStop suspended(Instant wakeAt) {
    if (wakeAt != null) {
      services.wakeAt().accept(wakeAt);
    }
    return stop(TurnStop.Reason.SUSPENDED, null, null);
  }

  private synchronized TurnStop stop(
      TurnStop.Reason reason, RunError failure, Throwable cause) {
    if (stop == null) {
      stop = new TurnStop(reason, failure, cause);
    }
    return stop;
  }

  private void throwIfStopped() {
    if (stop != null) {
      throw stop;
    }
    if (flight.isCancelled()) {
      throw stop(TurnStop.Reason.CANCELLED, null, null);
    }
  }

  /** Why the turn stopped early, if it did; checked after the workflow returns or throws. */
  Optional<TurnStop> stopped() {
    return Optional.ofNullable(stop);
  }

  /** The detail of a local step's {@code step.started} event: where its attempts run. */
  private static String local(StepType<?> step) {
    return step.queue().isEmpty() ? "local" : "local, in queue '" + step.queue() + "'";
  }

  private StepEvent stepEvent(String step, int seq, int attempt) {
    return new StepEvent(
        run.runId(), run.workflow().name(), step, seq, attempt, services.time().now());
  }
}
