package dev.durable.runtime.internal.turn;

import dev.durable.runtime.RunError;
import dev.durable.runtime.StepFailedException;
import dev.durable.runtime.codec.PayloadException;
import dev.durable.runtime.internal.common.Errors;
import dev.durable.runtime.internal.common.RunLog;
import dev.durable.runtime.internal.flow.Queues;
import dev.durable.runtime.internal.model.CheckpointRecord;
import dev.durable.runtime.internal.model.Commit;
import dev.durable.runtime.internal.model.NewEvent;
import dev.durable.runtime.internal.model.RunChange;
import dev.durable.runtime.internal.model.RunRecord;
import dev.durable.runtime.internal.observe.TraceSpan;
import dev.durable.runtime.internal.run.InFlight;
import dev.durable.runtime.internal.time.Jitter;
import dev.durable.runtime.internal.time.Time;
import dev.durable.runtime.internal.turn.StepTransitions.Event;
import dev.durable.runtime.internal.turn.StepTransitions.State;
import dev.durable.runtime.internal.turn.StepTransitions.Transition;
import dev.durable.runtime.spi.StepBody;
import dev.durable.runtime.spi.StepType;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A local step's attempts: admission to its flow-control queue, the attempt loop with its retries,
 * and between attempts the backoff, waited out by suspending the run (a turn that may suspend)
 * or in process (under {@code tick()}, and in the branches of a fan).
 *
 * <p>Concurrency: the branches of a fan run their attempts through this on step threads of their
 * own, at once; it keeps no state of its own between calls.
 */
final class LocalAttempts {
  private final TurnContext context;
  private final AttemptRunner runner;
  private final Queues queues;
  private final Jitter jitter;
  private final RunRecord run;
  private final ReplayLog log;
  private final TurnControl control;
  private final StepResults results;
  private final StepHooks hooks;
  private final InFlight.Run flight;
  private final Interruptions interruptions;
  private final boolean maySuspend;

  /**
   * @param maySuspend whether a retrying step's wait for its next attempt may suspend the run
   */
  LocalAttempts(
      TurnContext context, TurnScope scope, AttemptRunner runner, Queues queues, Jitter jitter,
      InFlight.Run flight, boolean maySuspend) {
    this.context = context;
    this.runner = runner;
    this.queues = queues;
    this.jitter = jitter;
    this.run = scope.run();
    this.log = scope.log();
    this.control = scope.control();
    this.results = scope.results();
    this.hooks = scope.hooks();
    this.interruptions = scope.interruptions();
    this.flight = flight;
    this.maySuspend = maySuspend;
  }

  /**
   * Returns once a retrying step's next attempt is due: at once if it is, else by suspending the
   * run until then (it throws) or, where the turn may not suspend or the rest is within the
   * engine's claim lead ({@link TurnControl#withinLead}), by waiting in process.
   */
  void awaitNextAttempt(Instant nextAttempt) {
    Instant now = context.time().now();
    if (nextAttempt == null || !now.isBefore(nextAttempt)) {
      return;
    }
    if (maySuspend && !control.withinLead(nextAttempt, now)) {
      throw control.sleepUntil(nextAttempt, now, List.of(), List.of());
    }
    control.waitUntil(nextAttempt);
  }

  /**
   * Makes a step's attempts from {@code firstAttempt} on until one succeeds, one fails for good or
   * the attempts run out, recording each outcome; between attempts it waits out the backoff, by
   * suspending the run where {@code maySuspendBackoff}, else in process. An attempt the engine the
   * run was taken over from may have had in flight is recorded first ({@link Interruptions}), and
   * counts: the attempts go on from the next.
   *
   * @param existing the step's checkpoint, which the attempts take over; null if it has none
   * @return the step's result, in the form it was stored in
   * @throws StepFailedException if the step failed for good
   */
  <T> T run(
      StepType<T> step,
      Object[] args,
      StepBody<T> body,
      int seq,
      int firstAttempt,
      CheckpointRecord existing,
      Instant startedAt,
      boolean maySuspendBackoff) {
    State state = State.of(existing);
    String input;
    if (existing != null) {
      input = existing.input();
    } else {
      try {
        input = context.payloads().encodeArgs(step.params(), args);
      } catch (PayloadException e) {
        return fail(step, seq, 1, null, state, Event.INPUT_UNSTORABLE, startedAt,
            Errors.InvalidStepInput.of(step.name(), e));
      }
    }
    if (interruptions.take(seq, existing)) {
      // a lone step's first attempt that may have run there began after the engine's last write
      CheckpointRecord interrupted = interrupted(step, seq, firstAttempt, input, state,
          existing != null ? startedAt : interruptions.heldSince());
      return run(step, args, body, seq, firstAttempt + 1, interrupted, interrupted.startedAt(),
          maySuspendBackoff);
    }
    for (int attempt = firstAttempt; ; attempt++) {
      Queues.Permit slot = admit(step, seq, attempt, state, maySuspendBackoff);
      if (state == State.NEW) {
        // after admission: a run parked for a queue slot starts the step when it is admitted
        hooks.started(StepTransitions.next(state, Event.FIRST_ATTEMPT), step.name(), seq);
      }
      Optional<Instant> deadline =
          step.timeoutMs() > 0
              ? Optional.of(Time.attemptDeadline(step.timeoutMs()))
              : Optional.empty();
      AttemptContext attempted =
          new AttemptContext(run.runId(), step.name(), attempt, deadline);
      InFlight.Attempt running = new InFlight.Attempt(seq, step.name(), attempt, attempted);
      flight.attemptStarted(running);
      AttemptRunner.Outcome<T> outcome;
      long began = System.nanoTime();
      try (TraceSpan span = context.observer().stepAttempt(
          run.runId(), run.workflow().name(), step.name(), attempt)) {
        outcome = runner.run(step, body, attempted);
        if (outcome.error() != null) {
          span.failed(Errors.ofStep(step.name(), outcome.error()).code());
        }
      } finally {
        flight.attemptEnded(running);
        slot.release();
      }
      // real time, as attempts' timeouts are measured, whatever the engine's clock
      Duration took = Duration.ofNanos(System.nanoTime() - began);
      Throwable error = outcome.error();
      if (error == null) {
        try {
          T value =
              results.complete(step, seq, attempt, input, state, startedAt, outcome.value());
          attempted(step, "completed", took);
          return value;
        } catch (Errors.InvalidResult invalid) {
          error = invalid;
        }
      }
      if (control.mustStopWaiting()) {
        throw control.cancelledOr(TurnStop.Reason.SHUTDOWN, error);
      }
      RunError runError = Errors.ofStep(step.name(), error);
      if (!step.isRetryable(error) || !step.retry().allowsAnotherAttempt(attempt)) {
        attempted(step, "failed", took);
        return fail(step, seq, attempt, input, state, Event.ATTEMPT_FAILED, startedAt, error);
      }
      attempted(step, "retried", took);
      long delayMs = step.retry().delayMillisAfter(attempt, jitter);
      Instant now = context.time().now();
      Instant nextAttempt = now.plusMillis(delayMs);
      boolean suspend = maySuspendBackoff && delayMs > 0;
      Transition retry = StepTransitions.next(state, Event.ATTEMPT_FAILED_WILL_RETRY);
      int failed = attempt;
      List<NewEvent> events = new ArrayList<>(retry.events(type -> switch (type) {
        case STEP_STARTED -> type.step(step.name(), 1, StepResults.local(step), startedAt);
        default -> type.step(step.name(), failed,
            runError.message() + "; next attempt in " + delayMs + " ms", now);
      }));
      List<Commit.CheckpointWrite> checkpoint = List.of(new Commit.CheckpointWrite(
          log.checkpoint(seq, step.name()).status(retry.status()).attempts(attempt)
              .input(input).error(runError).wakeAt(nextAttempt).startedAt(startedAt)
              .updatedAt(now).build(),
          retry.inserts()));
      state = retry.to();
      Runnable retried =
          hooks.retried(retry, step.name(), seq, attempt, runError, Duration.ofMillis(delayMs));
      if (suspend) {
        TurnStop suspended = control.sleepUntil(nextAttempt, now, checkpoint, events);
        retried.run();
        throw suspended;
      }
      control.write(RunChange.TOUCH, checkpoint, events);
      retried.run();
      control.waitUntil(nextAttempt);
    }
  }

  /**
   * A slot of the step's flow-control queue for one attempt. When the queue is full, a turn that
   * may suspend parks the run (it sleeps, holding no engine slot, until a slot frees); a branch of
   * a fan, or a turn under {@code tick()}, waits for one in process.
   */
  private Queues.Permit admit(
      StepType<?> step, int seq, int attempt, State state, boolean maySuspendBackoff) {
    if (step.queue().isEmpty()) {
      return Queues.UNLIMITED;
    }
    // the attempt, as a slot kept in the database names its holder: run, position, step, attempt
    String heldBy = run.runId() + "@" + seq + "/" + step.name() + "#" + attempt;
    Queues.Permit slot = queues.tryTake(step.queue(), step.name(), heldBy);
    if (slot != null) {
      return slot;
    }
    if (maySuspendBackoff) {
      Instant now = context.time().now();
      Instant fallback = queues.parkedUntil(step.queue(), now);
      List<NewEvent> events =
          StepTransitions.next(state, Event.WAITING_FOR_SLOT).events(type -> type.step(
              step.name(), attempt, "waiting for a slot of queue '" + step.queue() + "'", now));
      TurnStop parked = control.sleepUntil(
          fallback, "until a slot of queue '" + step.queue() + "' frees", now, List.of(), events);
      queues.park(step.queue(), run.runId());
      throw parked;
    }
    try {
      slot = queues.take(step.queue(), step.name(), heldBy, control::mustStopWaiting);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw control.stop(TurnStop.Reason.SHUTDOWN, null, e);
    }
    if (slot == null) {
      throw control.cancelledOr(TurnStop.Reason.SHUTDOWN, null);
    }
    return slot;
  }

  /**
   * Records a step's failure for good ({@code event}: its last attempt failed, or its arguments
   * cannot be stored), and throws it into the workflow.
   */
  private <T> T fail(
      StepType<T> step, int seq, int attempt, String input, State state, Event event,
      Instant startedAt, Throwable error) {
    Transition failed = StepTransitions.next(state, event);
    hooks.started(failed, step.name(), seq);
    RunError runError = Errors.ofStep(step.name(), error);
    Instant now = context.time().now();
    control.write(
        RunChange.TOUCH,
        List.of(new Commit.CheckpointWrite(
            log.checkpoint(seq, step.name()).status(failed.status()).attempts(attempt)
                .input(input).error(runError).startedAt(startedAt).updatedAt(now).build(),
            failed.inserts())),
        failed.events(type -> switch (type) {
          case STEP_STARTED -> type.step(step.name(), 1, StepResults.local(step), startedAt);
          default -> type.step(step.name(), attempt, runError.message(), now);
        }));
    throw new StepFailedException(runError, attempt, error);
  }

  /**
   * Records that attempt {@code attempt} of the step at {@code seq} may have run on the engine the
   * run was taken over from: it counts as made, with its outcome unknown, and the step stands
   * pending while this engine makes the next one.
   *
   * @return the step's checkpoint as written
   */
  private CheckpointRecord interrupted(
      StepType<?> step, int seq, int attempt, String input, State state, Instant startedAt) {
    Transition interrupted = StepTransitions.next(state, Event.ATTEMPT_INTERRUPTED);
    String lost = interruptions.lostOwner();
    Instant now = context.time().now();
    CheckpointRecord checkpoint =
        log.checkpoint(seq, step.name()).status(interrupted.status()).attempts(attempt)
            .input(input).error(Interruptions.attemptInterrupted(step.name(), attempt, lost))
            .startedAt(startedAt).updatedAt(now).build();
    control.write(
        RunChange.TOUCH,
        List.of(new Commit.CheckpointWrite(checkpoint, interrupted.inserts())),
        interrupted.events(type -> switch (type) {
          case STEP_STARTED -> type.step(step.name(), 1, StepResults.local(step), startedAt);
          default -> type.step(step.name(), attempt, "may have run on " + lost + ", whose lease"
              + " ended unrenewed; attempt " + (attempt + 1) + " runs on " + run.leaseOwner(),
              now);
        }));
    RunLog.interrupted(run.runId(), step.name(), attempt, lost);
    hooks.started(interrupted, step.name(), seq);
    return checkpoint;
  }

  /** Reports an attempt of {@code step} that ended with {@code outcome} after {@code took}. */
  private void attempted(StepType<?> step, String outcome, Duration took) {
    context.observer().stepAttempt(run.workflow().name(), step.name(), outcome, took);
  }
}
