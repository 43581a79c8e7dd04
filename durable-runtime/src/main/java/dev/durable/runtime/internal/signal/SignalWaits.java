package dev.durable.runtime.internal.signal;

import dev.durable.runtime.StoreException;
import dev.durable.runtime.codec.PayloadCodecException;
import dev.durable.runtime.codec.PayloadException;
import dev.durable.runtime.internal.common.Errors;
import dev.durable.runtime.internal.common.RunLog;
import dev.durable.runtime.internal.model.CheckpointKind;
import dev.durable.runtime.internal.model.CheckpointRecord;
import dev.durable.runtime.internal.model.Commit;
import dev.durable.runtime.internal.model.NewEvent;
import dev.durable.runtime.internal.model.RunChange;
import dev.durable.runtime.internal.model.RunRecord;
import dev.durable.runtime.internal.model.SignalRecord;
import dev.durable.runtime.internal.run.ProgressBuffer;
import dev.durable.runtime.internal.turn.RecordedValues;
import dev.durable.runtime.internal.turn.ReplayLog;
import dev.durable.runtime.internal.turn.StepTransitions;
import dev.durable.runtime.internal.turn.StepTransitions.Event;
import dev.durable.runtime.internal.turn.StepTransitions.State;
import dev.durable.runtime.internal.turn.StepTransitions.Transition;
import dev.durable.runtime.internal.turn.TurnContext;
import dev.durable.runtime.internal.turn.TurnControl;
import dev.durable.runtime.internal.turn.TurnScope;
import dev.durable.runtime.internal.turn.TurnStop;
import dev.durable.runtime.spi.CurrentTurn;
import dev.durable.runtime.spi.SignalBody;
import dev.durable.runtime.spi.SignalType;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A turn's waits for typed signals ({@code @Signal}). A wait takes the next position: replayed, it
 * answers with its recorded value; else it reads the oldest signal of its name that the run has
 * not taken and holds its checkpoint, completed with the signal's value, together with the mark
 * that the signal is taken ({@link Commit.CheckpointWrite#takesSignal}): both are written in one
 * commit fenced by the run's epoch, with the turn's next side effect at the latest, so a signal is
 * taken exactly once (a turn that lost the run writes nothing, and the next turn takes the signal
 * again). With no signal, the run suspends for it ({@link TurnControl#suspendForExternalEvent})
 * until the wait's limit, after which the method's body gives the value, recorded in the same way.
 *
 * <p>Runs on the turn's thread only.
 */
public final class SignalWaits {
  private final TurnContext context;
  private final RunRecord run;
  private final ReplayLog log;
  private final ProgressBuffer progress;
  private final TurnControl control;

  public SignalWaits(
      TurnContext context, TurnScope scope) {
    this.context = context;
    this.run = scope.run();
    this.log = scope.log();
    this.progress = scope.progress();
    this.control = scope.control();
  }

  /**
   * The token for {@code signal} recorded at position {@code seq}, or, the first time the run
   * comes here, a new one, recorded in {@code values}: see {@code SignalTokens}.
   *
   * @param validFor how long it is valid; null for as long as the run
   * @throws IllegalArgumentException if {@code validFor} is not positive
   */
  public String token(int seq, String signal, Duration validFor, RecordedValues values) {
    Objects.requireNonNull(signal, "signal");
    if (validFor != null && (validFor.isZero() || validFor.isNegative())) {
      throw new IllegalArgumentException("a signal token's validFor must be positive, not "
          + validFor);
    }
    return values.recorded(seq, "signal token " + signal, () -> context.tokens().mint(
        run.runId(), signal, seq, validFor == null ? null : context.time().now().plus(validFor)));
  }

  /** The wait at position {@code seq}: see {@link dev.durable.runtime.spi.Turn#signal}. */
  public <T> T await(int seq, SignalType<T> signal, Duration wait, SignalBody<T> onTimeout) {
    CheckpointRecord recorded = control.replayed(() -> log.matchSignal(seq, signal.name()));
    State state = State.of(recorded);
    if (state == State.COMPLETED) {
      return decode(signal, recorded.output());
    }
    if (progress.holdsTakenSignal()) {
      // an earlier wait of this turn took a signal that only the next write marks taken: written
      // first, or this wait would read that signal again as not taken (two waits in a row, with
      // no step between them)
      control.write(RunChange.TOUCH, List.of(), List.of());
    }
    Instant now = context.time().now();
    Instant deadline = recorded != null ? recorded.wakeAt() : wait == null ? null : now.plus(wait);
    Optional<SignalRecord> next = nextReadable(signal, now);
    if (next.isPresent()) {
      hold(seq, signal, state, Event.SIGNAL_RECEIVED, next.get().payload(), next.get().id(),
          recorded, now, "signal " + next.get().id());
      return decode(signal, next.get().payload());
    }
    if (deadline != null && !now.isBefore(deadline)) {
      String output = encode(signal, timedOut(onTimeout));
      hold(seq, signal, state, Event.WAIT_TIMED_OUT, output, 0, recorded, now,
          "no signal within " + (wait != null ? wait : "the wait"));
      return decode(signal, output);
    }
    List<Commit.CheckpointWrite> checkpoints = List.of();
    List<NewEvent> events = List.of();
    if (recorded == null) {
      Transition started = StepTransitions.next(state, Event.WAIT_STARTED);
      checkpoints = List.of(new Commit.CheckpointWrite(
          log.checkpoint(seq, CheckpointKind.SIGNAL, signal.name()).status(started.status())
              .wakeAt(deadline).startedAt(now).updatedAt(now).build(),
          started.inserts()));
      events = started.events(type -> type.step(signal.name(), 0,
          deadline == null ? "without limit" : "until " + deadline, now));
    }
    throw control.suspendForExternalEvent(
        deadline,
        "for " + signal + (deadline == null ? ", without limit" : ", until " + deadline),
        now, checkpoints, events);
  }

  /**
   * Holds the wait's checkpoint, completed with {@code output}, and the mark that it took signal
   * {@code signalId} (0: none): the next write carries both.
   */
  private void hold(
      int seq, SignalType<?> signal, State state, Event event, String output, long signalId,
      CheckpointRecord recorded, Instant now, String detail) {
    Transition done = StepTransitions.next(state, event);
    CheckpointRecord checkpoint =
        log.checkpoint(seq, CheckpointKind.SIGNAL, signal.name()).status(done.status())
            .output(output).startedAt(recorded != null ? recorded.startedAt() : now)
            .updatedAt(now).build();
    progress.holdCompleted(
        new Commit.CheckpointWrite(checkpoint, done.inserts(), signalId),
        done.events(type -> type.step(signal.name(), 0, detail, now)),
        null);
  }

  /**
   * The method's body's value, run with no current turn, as a step's body is: it runs once, so a
   * step it called would not be at its position on replay, and is called as a plain method. What
   * it throws, checked or not, reaches the {@code @Run} method unchanged.
   */
  private static <T> T timedOut(SignalBody<T> onTimeout) {
    try {
      return CurrentTurn.with(null, onTimeout::run);
    } catch (Exception e) {
      throw SignalWaits.<RuntimeException>sneakyThrow(e);
    }
  }

  @SuppressWarnings("unchecked")
  private static <E extends Throwable> E sneakyThrow(Throwable error) throws E {
    throw (E) error;
  }

  /** The body's value as stored; stops the turn, failing the run, if it is invalid or unstorable. */
  private String encode(SignalType<?> signal, Object value) {
    List<String> violations = context.payloads().violations(signal.value(), value);
    String problem = violations.isEmpty() ? null : String.join("; ", violations);
    if (problem == null) {
      try {
        return context.payloads().encode(signal.value(), value);
      } catch (PayloadException e) {
        problem = e.getMessage();
      }
    }
    throw control.stop(
        TurnStop.Reason.FAILED,
        Errors.engine(
            "the @Signal method of " + signal + " of run " + run.runId() + " returned, when the"
                + " wait ended with no signal, a value that cannot be stored: " + problem,
            Errors.INVALID_OUTPUT, Errors.InvalidResult.class),
        null);
  }

  /**
   * The oldest signal sent and not taken whose value this wait can read. One it cannot (sent as
   * JSON by an operator, with a value that does not fit, or null) is set aside, marked rejected
   * with the reason in the run's history, and the next is looked at: a bad value never fails the
   * run.
   */
  private Optional<SignalRecord> nextReadable(SignalType<?> signal, Instant now) {
    try {
      while (true) {
        Optional<SignalRecord> next = context.signals().next(run.runId(), signal.name());
        if (next.isEmpty()) {
          return next;
        }
        String problem;
        try {
          if (context.payloads().decode(signal.value(), next.get().payload()) != null) {
            return next;
          }
          problem = "its value is null, and a signal carries a value";
        } catch (PayloadCodecException e) {
          throw control.setAside("the value of signal '" + signal.name() + "' (id "
              + next.get().id() + ")", e);
        } catch (PayloadException e) {
          problem = "its value does not fit " + signal.value().type() + ": " + e.getMessage();
        }
        RunLog.signalSetAside(run.runId(), signal.name(), next.get().id(), problem);
        context.signals().reject(run.runId(), signal.name(), next.get().id(), problem, now);
      }
    } catch (StoreException e) {
      throw control.storeFailed(e);
    }
  }

  @SuppressWarnings("unchecked")
  private <T> T decode(SignalType<T> signal, String output) {
    try {
      return (T) context.payloads().decode(signal.value(), output);
    } catch (PayloadCodecException e) {
      throw control.setAside("the stored value of " + signal, e);
    } catch (PayloadException e) {
      throw control.stop(
          TurnStop.Reason.FAILED,
          Errors.engine(
              "cannot decode the stored value of " + signal + " of run " + run.runId() + ": "
                  + e.getMessage() + "; the class changed incompatibly since it was stored:"
                  + " restore a compatible class and requeue the run, or cancel it",
              Errors.PAYLOAD_UNDECODABLE, PayloadException.class),
          e);
    }
  }
}
