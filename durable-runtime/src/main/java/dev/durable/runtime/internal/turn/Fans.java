package dev.durable.runtime.internal.turn;

import dev.durable.runtime.RunError;
import dev.durable.runtime.StepFailedException;
import dev.durable.runtime.StepState;
import dev.durable.runtime.codec.PayloadException;
import dev.durable.runtime.internal.common.Errors;
import dev.durable.runtime.internal.model.CheckpointKind;
import dev.durable.runtime.internal.model.CheckpointRecord;
import dev.durable.runtime.internal.model.Commit;
import dev.durable.runtime.internal.model.EventType;
import dev.durable.runtime.internal.model.RunChange;
import dev.durable.runtime.internal.turn.StepTransitions.Event;
import dev.durable.runtime.internal.turn.StepTransitions.State;
import dev.durable.runtime.internal.turn.StepTransitions.Transition;
import dev.durable.runtime.spi.StepBody;
import dev.durable.runtime.spi.StepCall;
import dev.durable.runtime.spi.StepType;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;

/**
 * Step calls run as branches at consecutive positions: the branches of a fan or group, and a lone
 * dispatched step, which is a group of one. New branches get their checkpoints, and dispatched ones
 * their tasks, in one commit; local branches run at once on step threads; dispatched ones are
 * looked at afresh on every pass (their tasks read in one query), and while any waits the run
 * suspends until the earliest deadline among them or a worker's answer.
 *
 * <p>Concurrency: runs on the turn's thread; the local branches' attempts run on step threads
 * (see {@link LocalAttempts}), and the turn's thread waits for them all before it looks at the
 * branches again, so the branches' state needs no lock.
 */
final class Fans {
  private final TurnContext context;
  private final AttemptRunner runner;
  private final ReplayLog log;
  private final TurnControl control;
  private final StepResults results;
  private final StepHooks hooks;
  private final LocalAttempts attempts;
  private final DispatchedSteps dispatched;
  private final boolean maySuspend;

  /**
   * @param maySuspend whether the run may suspend while its branches wait out a backoff; a
   *     branch waiting for a worker suspends it regardless
   */
  Fans(
      TurnContext context, TurnScope scope, AttemptRunner runner, LocalAttempts attempts,
      DispatchedSteps dispatched, boolean maySuspend) {
    this.context = context;
    this.runner = runner;
    this.log = scope.log();
    this.control = scope.control();
    this.results = scope.results();
    this.hooks = scope.hooks();
    this.attempts = attempts;
    this.dispatched = dispatched;
    this.maySuspend = maySuspend;
  }

  /**
   * Runs step calls as branches at consecutive positions: a lone dispatched step, or a fan or
   * group. New branches get their checkpoints (and dispatched ones their tasks) in one commit;
   * local branches then run at once on the engine's threads, waiting out their backoff in process.
   * Dispatched branches are looked at afresh on each pass; while any waits, the run suspends until
   * the earliest of their deadlines, or until a worker answers.
   *
   * @param base the position of the first branch
   * @param group whether the calls are a fan or group (their checkpoints name {@code base} as
   *     their group's), rather than a lone dispatched step
   * @return the branches' results in order
   * @throws StepFailedException the first failed branch's error, once all have ended
   */
  List<Object> run(
      List<StepCall> calls, int base, boolean group, Compensations compensations) {
    dispatched.watch(base, base + calls.size() - 1);
    List<Branch> all = new ArrayList<>();
    List<Branch> locals = new ArrayList<>();
    Batch batch = new Batch();
    Instant now = context.time().now();
    for (int i = 0; i < calls.size(); i++) {
      Branch branch = new Branch(calls.get(i), base + i, group ? base : null);
      all.add(branch);
      CheckpointRecord recorded = control.replayed(() -> log.matchStep(
          branch.seq, branch.call.isDispatched() ? CheckpointKind.REMOTE : CheckpointKind.STEP,
          branch.call.step(), branch.call.args()));
      if (recorded == null) {
        start(branch, batch, now);
      } else if (branch.call.isDispatched()) {
        dispatched.evaluate(branch, recorded, batch, now);
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
      pass(all.stream().filter(branch -> !branch.ended()).toList(), batch,
          context.time().now());
    }
    while (true) {
      List<Branch> waiting = all.stream().filter(branch -> !branch.ended()).toList();
      if (waiting.isEmpty()) {
        commit(batch, RunChange.TOUCH);
        return valuesOf(all, compensations);
      }
      Instant wake = null;
      boolean onWorker = false;
      for (Branch branch : waiting) {
        onWorker |= branch.onWorker;
        if (branch.wake != null && (wake == null || branch.wake.isBefore(wake))) {
          wake = branch.wake;
        }
      }
      now = context.time().now();
      boolean due = wake != null && !now.isBefore(wake);
      if (!due && (maySuspend || onWorker || wake == null)) {
        batch.events.add(EventType.RUN_SLEEPING.run(
            wake == null ? "waiting for a worker" : "until " + wake, now));
        // a worker's answer stored after this turn read its task marked the run woken, and the
        // suspension, finding it so, has the engine look for the run at once (ProgressWrites)
        commit(batch, control.sleeping(wake));
        throw control.suspended(wake);
      }
      // due now, or (under tick) every waiting branch waits out a backoff: wait in process
      commit(batch, RunChange.TOUCH);
      batch = new Batch();
      if (!due) {
        control.waitUntil(wake);
        now = context.time().now();
      }
      pass(waiting, batch, now);
    }
  }

  /** Looks at {@code branches} afresh (dispatched ones read their tasks again), into a batch. */
  private void pass(List<Branch> branches, Batch batch, Instant now) {
    dispatched.newPass();
    for (Branch branch : branches) {
      dispatched.evaluate(branch, log.at(branch.seq), batch, now);
    }
  }

  /** The branches' results in order, or the first failed branch's error. */
  /**
   * The branches' values, in order, once all have ended; throws the first one's failure if any
   * failed. Either way the completed ones are noted in {@code compensations} first, so that a
   * group that failed still has its completed branches undone.
   */
  private static List<Object> valuesOf(List<Branch> branches, Compensations compensations) {
    RuntimeException failure = null;
    List<Object> values = new ArrayList<>();
    for (Branch branch : branches) {
      if (branch.failure == null) {
        compensations.completed(branch.call.step(), branch.seq, branch.call.args(), branch.value);
      } else if (failure == null) {
        failure = branch.failure;
      }
      values.add(branch.value);
    }
    if (failure != null) {
      throw failure;
    }
    return values;
  }

  /**
   * A branch without a checkpoint: a dispatched step is queued, a local one gets a pending
   * checkpoint that its first attempt takes over.
   */
  private void start(Branch branch, Batch batch, Instant now) {
    StepType<?> step = branch.call.step();
    CheckpointKind kind = branch.call.isDispatched() ? CheckpointKind.REMOTE : CheckpointKind.STEP;
    String where = branch.call.isDispatched() ? "dispatched" : StepResults.local(step);
    String input;
    try {
      input = context.payloads().encodeArgs(step.params(), branch.call.args());
    } catch (PayloadException e) {
      Transition failed = StepTransitions.next(State.NEW, Event.INPUT_UNSTORABLE);
      hooks.started(failed, step.name(), branch.seq);
      Errors.InvalidStepInput error = Errors.InvalidStepInput.of(step.name(), e);
      RunError runError = Errors.ofStep(step.name(), error);
      batch.checkpoints.add(new Commit.CheckpointWrite(
          log.checkpoint(branch.seq, kind, step.name()).group(branch.group)
              .status(failed.status()).attempts(1).error(runError).startedAt(now).updatedAt(now)
              .build(),
          failed.inserts()));
      batch.events.addAll(failed.events(type -> type.step(step.name(), 1,
          type == EventType.STEP_STARTED ? where : runError.message(), now)));
      branch.fail(new StepFailedException(runError, 1, error));
      return;
    }
    if (branch.call.isDispatched()) {
      dispatched.queue(branch, 1, input, State.NEW, now, batch, now, List.of());
      return;
    }
    Transition started = StepTransitions.next(State.NEW, Event.BRANCH_STARTED);
    hooks.started(started, step.name(), branch.seq);
    CheckpointRecord pending = log.checkpoint(branch.seq, kind, step.name()).group(branch.group)
        .status(started.status()).input(input).startedAt(now).updatedAt(now).build();
    batch.checkpoints.add(new Commit.CheckpointWrite(pending, started.inserts()));
    batch.events.addAll(started.events(type -> type.step(step.name(), 1, where, now)));
    branch.existing = pending;
  }

  /** A local branch with a checkpoint: its recorded outcome, or it runs on from there. */
  private void resume(Branch branch, CheckpointRecord recorded) {
    switch (recorded.status()) {
      case COMPLETED -> branch.done(results.recorded(branch.call.step(), recorded));
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
      running.add(runner.fork(() -> {
        if (existing.status() == StepState.RETRYING && existing.wakeAt() != null) {
          control.waitUntil(existing.wakeAt());
        }
        return attempts.run(step, branch.call.args(), body, branch.seq, existing.attempts() + 1,
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
          stopped = control.stop(TurnStop.Reason.SHUTDOWN, null, e);
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

  /**
   * Writes a batch, if it holds anything, with {@code change}; its tasks go to the workers of this
   * process at once where they have slots free, and otherwise wake them ({@link TurnControl}).
   */
  private void commit(Batch batch, RunChange change) {
    if (batch.isEmpty() && change == RunChange.TOUCH) {
      return;
    }
    control.write(change, batch.checkpoints, batch.events, batch.tasks);
    batch.after.forEach(Runnable::run);
  }
}
