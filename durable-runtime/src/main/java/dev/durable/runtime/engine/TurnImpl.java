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
import java.util.List;
import java.util.Optional;

/**
 * One turn of a run: an execution of its {@code @Run} method from the top. Step calls and timers
 * are matched to the run's checkpoints by position and name; a completed step answers with its
 * recorded result, a failed one with its recorded failure, and the first step without an outcome
 * is executed, with retries, and its outcome recorded.
 *
 * <p>A completed step's checkpoint is held back until the turn's next side effect: it is written
 * just before the next step's first attempt, together with a timer, or together with the run's
 * completion or failure. Between a step and that point only the workflow's deterministic code
 * runs, so nothing proceeds past a step before its checkpoint is durable, and a three-step run
 * costs three commits after its start.
 *
 * <p>When a retry must wait, a turn that may suspend durably records the run as sleeping until the
 * next attempt and stops; one that may not (under {@code tick()}) waits in process.
 */
final class TurnImpl implements Turn, WorkflowContext {
  private static final String SLEEP_NAME = "sleep";

  private final Services services;
  private final RunRecord run;
  private final Fence fence;
  private final List<CheckpointRecord> checkpoints;
  private final boolean maySuspend;
  private final InFlight.Run flight;
  private final List<Commit.CheckpointWrite> heldCheckpoints = new ArrayList<>();
  private final List<NewEvent> heldEvents = new ArrayList<>();
  private final List<StepEvent> heldCompletions = new ArrayList<>();
  private int nextSeq;
  private TurnStop stop;

  TurnImpl(
      Services services,
      RunRecord run,
      List<CheckpointRecord> checkpoints,
      boolean maySuspend,
      InFlight.Run flight) {
    this.services = services;
    this.run = run;
    this.fence = run.fence();
    this.checkpoints = new ArrayList<>(checkpoints);
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
    return nextSeq < checkpoints.size();
  }

  @Override
  public void sleep(Duration duration) {
    throwIfStopped();
    if (duration.isZero() || duration.isNegative()) {
      return;
    }
    int seq = nextSeq++;
    CheckpointRecord recorded = recorded(seq);
    Instant now = services.time().now();
    if (recorded != null) {
      if (recorded.kind() != CheckpointKind.SLEEP) {
        throw nonDeterminism(seq, recorded, "a sleep");
      }
      if (!now.isBefore(recorded.wakeAt())) {
        return;
      }
      write(RunChange.sleeping(recorded.wakeAt()), List.of(),
          List.of(NewEvent.run("run.sleeping", "until " + recorded.wakeAt(), now)));
      throw suspended(recorded.wakeAt());
    }
    Instant wakeAt = now.plus(duration);
    CheckpointRecord timer =
        new CheckpointRecord(
            run.runId(), seq, CheckpointKind.SLEEP, SLEEP_NAME, StepState.RUNNING, 0, null, null,
            null, wakeAt, now, now);
    write(
        RunChange.sleeping(wakeAt),
        List.of(new Commit.CheckpointWrite(timer, true)),
        List.of(
            new NewEvent("timer.started", SLEEP_NAME, 0, duration.toString(), now),
            NewEvent.run("run.sleeping", "until " + wakeAt, now)));
    throw suspended(wakeAt);
  }

  // ---- Turn

  @Override
  public <T> T step(StepType<T> step, Object[] args, StepBody<T> body) {
    throwIfStopped();
    int seq = nextSeq++;
    CheckpointRecord recorded = recorded(seq);
    if (recorded == null) {
      flush();
      services.hooks().onStepStart(stepEvent(step.name(), seq, 1));
      return attempts(step, args, body, seq, 1, null, services.time().now());
    }
    if (recorded.kind() != CheckpointKind.STEP || !recorded.name().equals(step.name())) {
      throw nonDeterminism(seq, recorded, "step '" + step.name() + "'");
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
        return attempts(
            step, args, body, seq, recorded.attempts() + 1, recorded, recorded.startedAt());
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
          List.of(NewEvent.run("run.sleeping", "until " + nextAttempt, now)));
      throw suspended(nextAttempt);
    }
    waitUntil(nextAttempt);
  }

  // ---- dispatched steps

  @Override
  public <T> T dispatch(StepType<T> step, Object[] args) {
    throwIfStopped();
    int seq = nextSeq++;
    CheckpointRecord recorded = recorded(seq);
    Instant now = services.time().now();
    if (recorded == null) {
      services.hooks().onStepStart(stepEvent(step.name(), seq, 1));
      String input;
      try {
        input = services.payloads().encodeArgs(step.params(), args);
      } catch (PayloadException e) {
        return fail(step, seq, 1, null, false, now,
            new Errors.InvalidStepInput("step '" + step.name() + "' " + e.getMessage(), e));
      }
      throw queue(step, seq, 1, input, false, now, List.of());
    }
    if (recorded.kind() != CheckpointKind.REMOTE || !recorded.name().equals(step.name())) {
      throw nonDeterminism(seq, recorded, "dispatched step '" + step.name() + "'");
    }
    switch (recorded.status()) {
      case COMPLETED:
        return recordedResult(step, recorded);
      case FAILED:
        if (Errors.REMOTE_STEP_TIMEOUT.equals(recorded.error().code())) {
          throw new RemoteStepTimeout(recorded.error(), recorded.attempts());
        }
        throw new RemoteStepError(recorded.error(), recorded.attempts());
      case RETRYING:
        awaitNextAttempt(recorded.wakeAt());
        throw queue(step, seq, recorded.attempts() + 1, recorded.input(), true,
            recorded.startedAt(), List.of());
      case PENDING:
      case RUNNING:
        return outcome(step, seq, recorded);
      default:
        throw new IllegalStateException("unknown step state " + recorded.status());
    }
  }

  /**
   * Queues attempt {@code attempt} of a dispatched step with its pending checkpoint and {@code
   * events}, in one commit that suspends the run until a worker stores the outcome or, for a step
   * with a liveness window or a lost-task lease, until the task is due to be given up.
   */
  private TurnStop queue(
      StepType<?> step, int seq, int attempt, String input, boolean stored, Instant startedAt,
      List<NewEvent> events) {
    Instant now = services.time().now();
    CheckpointRecord pending = new CheckpointRecord(
        run.runId(), seq, CheckpointKind.REMOTE, step.name(), StepState.PENDING, attempt, input,
        null, null, null, startedAt, now);
    TaskRecord task = TaskRecord.queued(
        TaskRecord.id(run.runId(), seq, attempt), run.runId(), seq, step.name(), attempt, input,
        window(step), now);
    Instant wake = giveUpAt(step, task);
    List<NewEvent> all = new ArrayList<>(events);
    all.add(new NewEvent("step.started", step.name(), attempt, "dispatched", now));
    all.add(NewEvent.run("run.sleeping", "waiting for " + task.taskId(), now));
    tryWriteOrStop(
        RunChange.sleeping(wake),
        List.of(new Commit.CheckpointWrite(pending, !stored)),
        all,
        List.of(task));
    LocalWakeups.taskQueued();
    return suspended(wake);
  }

  /**
   * The longest a dispatched step's worker may stay silent before its task is given up: the
   * shorter of its liveness window and its lost-task lease; 0 = neither.
   */
  private static long window(StepType<?> step) {
    long timeout = step.timeoutMs();
    long lease = step.remoteRedispatchMs();
    if (timeout > 0 && lease > 0) {
      return Math.min(timeout, lease);
    }
    return Math.max(timeout, lease);
  }

  /**
   * When an open task times out (liveness path): its pickup deadline while queued, else its
   * worker's last beat plus the window; null on the durable path.
   */
  private static Instant timesOutAt(StepType<?> step, TaskRecord task) {
    if (step.timeoutMs() <= 0) {
      return null;
    }
    if (task.status().equals("QUEUED")) {
      long pickup = step.pickupTimeoutMs() > 0 ? step.pickupTimeoutMs() : step.timeoutMs();
      return task.createdAt().plusMillis(pickup);
    }
    return task.lastHeard().plusMillis(step.timeoutMs());
  }

  /** When an open task is given up as lost and delivered again; null: never. */
  private static Instant lostAt(StepType<?> step, TaskRecord task) {
    return step.remoteRedispatchMs() > 0
        ? task.lastHeard().plusMillis(step.remoteRedispatchMs())
        : null;
  }

  /** The earlier of {@link #timesOutAt} and {@link #lostAt}: when the waiting run must wake. */
  private static Instant giveUpAt(StepType<?> step, TaskRecord task) {
    Instant timeout = timesOutAt(step, task);
    Instant lost = lostAt(step, task);
    if (timeout == null || lost != null && lost.isBefore(timeout)) {
      return lost;
    }
    return timeout;
  }

  /**
   * The outcome of the attempt a pending checkpoint waits for, read afresh: a result or heartbeat
   * stored by a worker, whichever engine woke the run, wins over a deadline that has passed.
   */
  private <T> T outcome(StepType<T> step, int seq, CheckpointRecord pending) {
    int attempt = pending.attempts();
    TaskRecord task;
    try {
      task = services.store().currentTask(run.runId(), seq, attempt).orElse(null);
    } catch (StoreException e) {
      throw stop(TurnStop.Reason.STORE_UNAVAILABLE, null, e);
    }
    if (task == null) {
      // its tasks were deleted by hand: queue the attempt again rather than wait forever
      throw queue(step, seq, attempt, pending.input(), true, pending.startedAt(), List.of());
    }
    Instant now = services.time().now();
    if (task.isOpen()) {
      Instant timeout = timesOutAt(step, task);
      if (timeout != null && !now.isBefore(timeout)) {
        return timedOut(step, seq, pending, task, now);
      }
      Instant lost = lostAt(step, task);
      if (lost != null && !now.isBefore(lost)) {
        return lost(step, seq, pending, task, now);
      }
      // woken early (a heartbeat, a requeue, a takeover): wait on
      Instant wake = giveUpAt(step, task);
      tryWriteOrStop(
          RunChange.sleeping(wake), List.of(),
          List.of(NewEvent.run("run.sleeping", "waiting for " + task.taskId(), now)), List.of());
      throw suspended(wake);
    }
    if (task.status().equals("SUCCEEDED")) {
      try {
        return complete(step, seq, attempt, pending.input(), true, pending.startedAt(),
            decodeResult(step, task.output()));
      } catch (PayloadException | Errors.InvalidResult e) {
        return fail(step, seq, attempt, pending.input(), true, pending.startedAt(), e);
      }
    }
    RunError error = new RunError(
        task.errorMessage(),
        task.errorCode() == null ? Errors.STEP_FAILED : task.errorCode(),
        task.errorType(),
        Optional.of(step.name()));
    boolean retryable = Boolean.TRUE.equals(task.retryable());
    // on the liveness path only timeouts are retried: a reported error surfaces at once
    if (!retryable || step.timeoutMs() > 0 || !step.retry().allowsAnotherAttempt(attempt)) {
      throw failRemote(step, seq, pending, error, List.of());
    }
    long delayMs = step.retry().delayMillisAfter(attempt, services.random());
    Instant nextAttempt = now.plusMillis(delayMs);
    boolean suspend = maySuspend && delayMs > 0;
    List<NewEvent> events = new ArrayList<>();
    events.add(new NewEvent("step.retrying", step.name(), attempt,
        error.message() + "; next attempt in " + delayMs + " ms", now));
    if (suspend) {
      events.add(NewEvent.run("run.sleeping", "until " + nextAttempt, now));
    }
    tryWriteOrStop(
        suspend ? RunChange.sleeping(nextAttempt) : RunChange.TOUCH,
        List.of(new Commit.CheckpointWrite(
            checkpoint(seq, CheckpointKind.REMOTE, step, StepState.RETRYING, attempt,
                pending.input(), null, error, nextAttempt, pending.startedAt(), now),
            false)),
        events, List.of());
    services.hooks().onStepRetry(
        stepEvent(step.name(), seq, attempt), error, Duration.ofMillis(delayMs));
    if (suspend) {
      throw suspended(nextAttempt);
    }
    waitUntil(nextAttempt);
    throw queue(step, seq, attempt + 1, pending.input(), true, pending.startedAt(), List.of());
  }

  /**
   * A task of the liveness path that stayed queued past its pickup deadline, or whose worker went
   * silent past the window: given up, then dispatched again at once while attempts remain, else the
   * step fails with {@link RemoteStepTimeout}. A worker heard from meanwhile wins.
   */
  private <T> T timedOut(
      StepType<T> step, int seq, CheckpointRecord pending, TaskRecord task, Instant now) {
    if (!giveUp(task, now)) {
      return outcome(step, seq, pending);
    }
    int attempt = pending.attempts();
    String message = task.status().equals("QUEUED")
        ? "task " + task.taskId() + " of step '" + step.name() + "' waited "
            + Duration.between(task.createdAt(), now).toMillis() + " ms for a worker, past its"
            + " pickup timeout of " + (step.pickupTimeoutMs() > 0 ? step.pickupTimeoutMs()
            : step.timeoutMs()) + " ms; start a worker that serves it"
        : "task " + task.taskId() + " of step '" + step.name() + "': worker " + task.workerId()
            + " went silent for " + Duration.between(task.lastHeard(), now).toMillis()
            + " ms, past the step's timeoutMs of " + step.timeoutMs() + " ms; a handler that"
            + " works longer must call heartbeat() within each window";
    RunError error = new RunError(message, Errors.REMOTE_STEP_TIMEOUT,
        RemoteStepTimeout.class.getName(), Optional.of(step.name()));
    NewEvent timedOut = new NewEvent("step.timed_out", step.name(), attempt, message, now);
    if (!step.retry().allowsAnotherAttempt(attempt)) {
      throw failRemote(step, seq, pending, error, List.of(timedOut));
    }
    services.hooks().onStepRetry(stepEvent(step.name(), seq, attempt), error, Duration.ZERO);
    throw queue(step, seq, attempt + 1, pending.input(), true, pending.startedAt(),
        List.of(timedOut));
  }

  /**
   * A task unanswered past its lease: delivered again while deliveries remain (the turn suspends),
   * else given up and the step fails with {@code remote_step_lost}. A worker heard from meanwhile
   * wins.
   */
  private <T> T lost(
      StepType<T> step, int seq, CheckpointRecord pending, TaskRecord task, Instant now) {
    int redeliveries;
    try {
      redeliveries = services.store().deliveries(run.runId(), seq, pending.attempts()) - 1;
    } catch (StoreException e) {
      throw stop(TurnStop.Reason.STORE_UNAVAILABLE, null, e);
    }
    if (redeliveries >= step.remoteRedispatchMax()) {
      if (!giveUp(task, now)) {
        return outcome(step, seq, pending);
      }
      RunError error = new RunError(
          "task " + task.taskId() + " went unanswered for " + step.remoteRedispatchMs()
              + " ms after " + (redeliveries + 1) + " deliveries; no worker serves step '"
              + step.name() + "', or its workers keep dying: start one, then requeue the run",
          Errors.REMOTE_STEP_LOST, RemoteStepError.class.getName(), Optional.of(step.name()));
      throw failRemote(step, seq, pending, error,
          List.of(new NewEvent("step.lost", step.name(), pending.attempts(), error.message(),
              now)));
    }
    Optional<TaskRecord> again;
    try {
      again = services.store().redeliver(task, now);
    } catch (StoreException e) {
      throw stop(TurnStop.Reason.STORE_UNAVAILABLE, null, e);
    }
    if (again.isEmpty()) {
      return outcome(step, seq, pending);
    }
    LocalWakeups.taskQueued();
    Instant wake = giveUpAt(step, again.get());
    tryWriteOrStop(RunChange.sleeping(wake), List.of(),
        List.of(new NewEvent("step.lost", step.name(), pending.attempts(),
            "task " + task.taskId() + " went unanswered for " + step.remoteRedispatchMs()
                + " ms; delivered again", now)),
        List.of());
    throw suspended(wake);
  }

  /** Gives a task up; false if its worker was heard from meanwhile. */
  private boolean giveUp(TaskRecord task, Instant now) {
    try {
      return services.store().giveUpTask(task, now);
    } catch (StoreException e) {
      throw stop(TurnStop.Reason.STORE_UNAVAILABLE, null, e);
    }
  }

  /** Records a dispatched step's failure and returns its error, to be thrown into the workflow. */
  private RemoteStepError failRemote(
      StepType<?> step, int seq, CheckpointRecord pending, RunError error, List<NewEvent> before) {
    Instant now = services.time().now();
    List<NewEvent> events = new ArrayList<>(before);
    events.add(new NewEvent("step.failed", step.name(), pending.attempts(), error.message(), now));
    tryWriteOrStop(RunChange.TOUCH,
        List.of(new Commit.CheckpointWrite(
            checkpoint(seq, CheckpointKind.REMOTE, step, StepState.FAILED, pending.attempts(),
                pending.input(), null, error, null, pending.startedAt(), now),
            false)),
        events, List.of());
    return Errors.REMOTE_STEP_TIMEOUT.equals(error.code())
        ? new RemoteStepTimeout(error, pending.attempts())
        : new RemoteStepError(error, pending.attempts());
  }

  private <T> T attempts(
      StepType<T> step,
      Object[] args,
      StepBody<T> body,
      int seq,
      int firstAttempt,
      CheckpointRecord existing,
      Instant startedAt) {
    boolean stored = existing != null;
    String input;
    if (stored) {
      input = existing.input();
    } else {
      try {
        input = services.payloads().encodeArgs(step.params(), args);
      } catch (PayloadException e) {
        return fail(step, seq, 1, null, false, startedAt,
            new Errors.InvalidStepInput("step '" + step.name() + "' " + e.getMessage(), e));
      }
    }
    for (int attempt = firstAttempt; ; attempt++) {
      Optional<Instant> deadline =
          step.timeoutMs() > 0
              ? Optional.of(Instant.now().plusMillis(step.timeoutMs()))
              : Optional.empty();
      AttemptContext context = new AttemptContext(run.runId(), step.name(), attempt, deadline);
      flight.attemptStarted(new InFlight.Attempt(seq, step.name(), attempt, context));
      AttemptRunner.Outcome<T> outcome;
      try {
        outcome = services.attempts().run(step, body, context);
      } finally {
        flight.attemptEnded();
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
      boolean suspend = maySuspend && delayMs > 0;
      List<NewEvent> events = new ArrayList<>();
      if (!stored) {
        events.add(new NewEvent("step.started", step.name(), 1, null, startedAt));
      }
      events.add(
          new NewEvent(
              "step.retrying", step.name(), attempt,
              runError.message() + "; next attempt in " + delayMs + " ms", now));
      if (suspend) {
        events.add(NewEvent.run("run.sleeping", "until " + nextAttempt, now));
      }
      write(
          suspend ? RunChange.sleeping(nextAttempt) : RunChange.TOUCH,
          List.of(new Commit.CheckpointWrite(
              checkpoint(seq, step, StepState.RETRYING, attempt, input, null, runError,
                  nextAttempt, startedAt, now),
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
    if (!stored) {
      heldEvents.add(new NewEvent("step.started", step.name(), 1, null, startedAt));
    }
    heldEvents.add(new NewEvent("step.completed", step.name(), attempt, null, now));
    heldCheckpoints.add(new Commit.CheckpointWrite(
        checkpoint(seq, step, StepState.COMPLETED, attempt, input, output, null, null, startedAt,
            now),
        !stored));
    heldCompletions.add(stepEvent(step.name(), seq, attempt));
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
      events.add(new NewEvent("step.started", step.name(), 1, null, startedAt));
    }
    events.add(new NewEvent("step.failed", step.name(), attempt, runError.message(), now));
    write(
        RunChange.TOUCH,
        List.of(new Commit.CheckpointWrite(
            checkpoint(seq, step, StepState.FAILED, attempt, input, null, runError, null,
                startedAt, now),
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

  private CheckpointRecord checkpoint(
      int seq, StepType<?> step, StepState status, int attempts, String input, String output,
      RunError error, Instant wakeAt, Instant startedAt, Instant now) {
    CheckpointKind kind = seq < checkpoints.size() ? checkpoints.get(seq).kind() : CheckpointKind.STEP;
    return checkpoint(seq, kind, step, status, attempts, input, output, error, wakeAt, startedAt,
        now);
  }

  private CheckpointRecord checkpoint(
      int seq, CheckpointKind kind, StepType<?> step, StepState status, int attempts,
      String input, String output, RunError error, Instant wakeAt, Instant startedAt,
      Instant now) {
    return new CheckpointRecord(
        run.runId(), seq, kind, step.name(), status, attempts, input, output, error, wakeAt,
        startedAt, now);
  }

  // ---- writing progress

  /** Writes the held checkpoints, if any: the next side effect may not run before they are. */
  private void flush() {
    if (!heldCheckpoints.isEmpty()) {
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
    return tryWrite(change, List.of(), events, List.of());
  }

  /** Writes the held checkpoints before the turn is abandoned, if the store lets it. */
  void flushQuietly() {
    try {
      flush();
    } catch (TurnStop ignored) {
      // the steps run again when the run is picked up
    }
  }

  /**
   * Writes the held checkpoints, then {@code checkpoints}, {@code events} and {@code change}, in
   * one commit fenced by the run's epoch; stops the turn if that fails.
   */
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
      written = tryWrite(change, checkpoints, events, tasks);
    } catch (StoreException e) {
      throw stop(TurnStop.Reason.STORE_UNAVAILABLE, null, e);
    }
    if (!written) {
      throw stop(
          flight.isCancelled() ? TurnStop.Reason.CANCELLED : TurnStop.Reason.LEASE_LOST,
          null, null);
    }
  }

  /**
   * {@link #write}, reporting instead of stopping.
   *
   * @return whether it was written (false: the run's epoch moved on)
   * @throws StoreException if the store failed
   */
  private boolean tryWrite(
      RunChange change, List<Commit.CheckpointWrite> checkpoints, List<NewEvent> events,
      List<TaskRecord> tasks) {
    List<Commit.CheckpointWrite> writes = new ArrayList<>(heldCheckpoints);
    writes.addAll(checkpoints);
    List<NewEvent> allEvents = new ArrayList<>(heldEvents);
    allEvents.addAll(events);
    if (!services.progress().write(new Commit(fence, change, writes, allEvents, tasks))) {
      return false;
    }
    for (Commit.CheckpointWrite write : writes) {
      if (write.insert()) {
        this.checkpoints.add(write.record());
      } else {
        this.checkpoints.set(write.record().seq(), write.record());
      }
    }
    List<StepEvent> completed = List.copyOf(heldCompletions);
    heldCheckpoints.clear();
    heldEvents.clear();
    heldCompletions.clear();
    completed.forEach(services.hooks()::onStepComplete);
    return true;
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

  private CheckpointRecord recorded(int seq) {
    return seq < checkpoints.size() ? checkpoints.get(seq) : null;
  }

  private TurnStop nonDeterminism(int seq, CheckpointRecord recorded, String now) {
    String was =
        recorded.kind() == CheckpointKind.SLEEP ? "a sleep" : "step '" + recorded.name() + "'";
    String message =
        "run " + run.runId() + " of " + run.workflow() + " called " + now + " at position " + seq
            + ", where it had recorded " + was + ": the workflow's code changed under a running"
            + " version; deploy the old code for this version, or give the changed workflow a new"
            + " version";
    return stop(
        TurnStop.Reason.FAILED,
        Errors.engine(message, Errors.NON_DETERMINISM, NonDeterminismException.class),
        new NonDeterminismException(message));
  }

  /** Suspends the turn; a run that waits for a worker ({@code wakeAt} null) needs no timer. */
  private TurnStop suspended(Instant wakeAt) {
    if (wakeAt != null) {
      services.wakeAt().accept(wakeAt);
    }
    return stop(TurnStop.Reason.SUSPENDED, null, null);
  }

  private TurnStop stop(TurnStop.Reason reason, RunError failure, Throwable cause) {
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

  private StepEvent stepEvent(String step, int seq, int attempt) {
    return new StepEvent(
        run.runId(), run.workflow().name(), step, seq, attempt, services.time().now());
  }
}
