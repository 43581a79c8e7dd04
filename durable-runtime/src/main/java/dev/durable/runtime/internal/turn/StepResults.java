package dev.durable.runtime.internal.turn;

import dev.durable.runtime.StepEvent;
import dev.durable.runtime.codec.PayloadCodecException;
import dev.durable.runtime.codec.PayloadException;
import dev.durable.runtime.internal.common.Errors;
import dev.durable.runtime.internal.model.CheckpointRecord;
import dev.durable.runtime.internal.model.Commit;
import dev.durable.runtime.internal.model.EventType;
import dev.durable.runtime.internal.model.RunRecord;
import dev.durable.runtime.internal.run.ProgressBuffer;
import dev.durable.runtime.internal.turn.StepTransitions.Transition;
import dev.durable.runtime.spi.StepType;
import java.time.Instant;
import java.util.List;

/**
 * A step's result, local or dispatched: validated, encoded and held as its completed checkpoint,
 * and decoded when a replay answers with it.
 */
final class StepResults {
  /** The events a checkpoint can carry, in order. */
  private static final List<EventType> CARRIED =
      List.of(EventType.STEP_STARTED, EventType.STEP_COMPLETED);

  private final TurnContext context;
  private final RunRecord run;
  private final ReplayLog log;
  private final ProgressBuffer progress;
  private final TurnControl control;
  private final StepHooks hooks;

  StepResults(
      TurnContext context, RunRecord run, ReplayLog log, ProgressBuffer progress,
      TurnControl control, StepHooks hooks) {
    this.context = context;
    this.run = run;
    this.log = log;
    this.progress = progress;
    this.control = control;
    this.hooks = hooks;
  }

  /**
   * Validates and encodes a step's result and holds its checkpoint back until the next write.
   *
   * @return the result as decoded from its stored form
   * @throws Errors.InvalidResult if the result is invalid or cannot be stored
   */
  <T> T complete(
      StepType<T> step, int seq, int attempt, String input, StepTransitions.State state,
      Instant startedAt, T value) {
    List<String> violations = context.payloads().violations(step.result(), value);
    if (!violations.isEmpty()) {
      throw Errors.InvalidResult.violations(step.name(), violations);
    }
    String output;
    try {
      output = context.payloads().encode(step.result(), value);
    } catch (PayloadException e) {
      throw Errors.InvalidResult.unstorable(step.name(), e);
    }
    Instant now = context.time().now();
    Transition completed =
        StepTransitions.next(state, StepTransitions.Event.ATTEMPT_SUCCEEDED);
    CheckpointRecord record =
        log.checkpoint(seq, step.name()).status(completed.status()).attempts(attempt)
            .input(input).output(output).startedAt(startedAt).updatedAt(now).build();
    StepEvent completion = hooks.completion(completed, step.name(), seq, attempt);
    if (carriesItsEvents(completed, step)) {
      // the common case, a local step done at its first attempt: its two events ride on its row
      progress.holdCompleted(
          new Commit.CheckpointWrite(record, true, 0, true), List.of(), completion);
    } else {
      progress.holdCompleted(
          new Commit.CheckpointWrite(record, completed.inserts()),
          completed.events(type -> switch (type) {
            case STEP_STARTED -> type.step(step.name(), 1, local(step), startedAt);
            default -> type.step(step.name(), attempt, null, now);
          }),
          completion);
    }
    // Answer with the stored form, as a replay would, so both take the same path.
    return decode(step, output);
  }

  /**
   * Whether the checkpoint of a step that {@code completed} carries its events itself ({@link
   * Commit.CheckpointWrite#carriesEvents}): a new checkpoint, of a step started without a queue
   * (its {@code step.started} detail is then {@link Commit.CheckpointWrite#LOCAL_DETAIL}), whose
   * events are its start and its completion.
   */
  private static boolean carriesItsEvents(Transition completed, StepType<?> step) {
    return completed.inserts()
        && step.queue().isEmpty()
        && completed.events().equals(CARRIED);
  }

  /** A step's recorded result; stops the turn, failing the run, if it cannot be decoded. */
  <T> T recorded(StepType<T> step, CheckpointRecord recorded) {
    try {
      return decode(step, recorded.output());
    } catch (PayloadCodecException e) {
      throw control.setAside("the stored result of step '" + step.name() + "' at position "
          + recorded.seq(), e);
    } catch (PayloadException e) {
      throw control.stop(
          TurnStop.Reason.FAILED,
          Errors.engine(
              "cannot decode the stored result of step '" + step.name() + "' at position "
                  + recorded.seq() + " of run " + run.runId() + ": " + e.getMessage()
                      + "; the class changed incompatibly since"
                  + " the run stored it: restore a compatible class and requeue the run, or"
                  + " cancel it",
              Errors.PAYLOAD_UNDECODABLE,
              PayloadException.class),
          e);
    }
  }

  @SuppressWarnings("unchecked")
  <T> T decode(StepType<T> step, String output) {
    return (T) context.payloads().decode(step.result(), output);
  }

  /** The detail of a local step's {@code step.started} event: where its attempts run. */
  static String local(StepType<?> step) {
    return step.queue().isEmpty() ? "local" : "local, in queue '" + step.queue() + "'";
  }
}
