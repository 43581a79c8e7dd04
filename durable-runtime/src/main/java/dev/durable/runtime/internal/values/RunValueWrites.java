package dev.durable.runtime.internal.values;

import com.fasterxml.jackson.databind.type.TypeFactory;
import dev.durable.runtime.NonDeterminismException;
import dev.durable.runtime.StoredText;
import dev.durable.runtime.internal.model.CheckpointKind;
import dev.durable.runtime.internal.model.CheckpointRecord;
import dev.durable.runtime.internal.model.Commit;
import dev.durable.runtime.internal.model.RunValue;
import dev.durable.runtime.internal.turn.ReplayLog;
import dev.durable.runtime.internal.turn.StepTransitions.Transition;
import dev.durable.runtime.internal.turn.StepTransitions;
import dev.durable.runtime.internal.turn.TurnContext;
import dev.durable.runtime.internal.turn.TurnScope;
import dev.durable.runtime.spi.Payload;
import java.time.Instant;
import java.util.HashSet;
import java.util.Set;

/**
 * The events a turn sets and the values it writes to its streams ({@code ctx.setEvent}, {@code
 * ctx.writeStream}, {@code ctx.closeStream}): each call takes the next position like a step and is
 * recorded there as a {@link CheckpointKind#VALUE} checkpoint named after the call ({@value
 * #SET_EVENT}, {@value #WRITE_STREAM}, {@value #CLOSE_STREAM}) whose input is the key; its value
 * goes to {@code durable_run_values} ({@link RunValue}) in the same commit. A replay matches the
 * call to its checkpoint (another call, or another key, there is a non-determinism error) and
 * writes nothing again.
 *
 * <p>Like a recorded value's ({@code RecordedValues}), the checkpoint and its value are held in the
 * {@code ProgressBuffer} and written with the turn's next write, which comes before its next side
 * effect (a step's attempt, a timer, a wait, the run's end): calling these costs no commit of its
 * own, and readers see the value at the latest when the run goes on to do anything but compute. If
 * the engine dies before that write, the next turn writes it when it reaches the call again.
 *
 * <p>Bad calls throw before anything is recorded or held, on the first execution as on every
 * replay: a blank key, one over {@value #MAX_KEY_LENGTH} characters or with a control character (a
 * NUL, which PostgreSQL would refuse when the turn writes), a null value, a value that
 * cannot be stored (Jackson cannot write it) or is over the payload limit, a write to a stream the
 * run closed. The closed streams are known from the turn's own calls: every turn replays the run's
 * calls from the top.
 *
 * <p>Used by the turn's thread alone (the context is not handed to a fan's branches).
 */
public final class RunValueWrites {
  static final String SET_EVENT = "setEvent";
  static final String WRITE_STREAM = "writeStream";
  static final String CLOSE_STREAM = "closeStream";
  /** The longest key of an event or a stream, as {@code durable_run_values.name} holds it. */
  static final int MAX_KEY_LENGTH = 200;

  private final TurnContext context;
  private final TurnScope scope;
  private final Set<String> closedStreams = new HashSet<>();

  public RunValueWrites(TurnContext context, TurnScope scope) {
    this.context = context;
    this.scope = scope;
  }

  /**
   * {@code key}, if it can name an event or a stream: the rules of every key the engine stores
   * ({@link StoredText#requireKey}), up to {@value #MAX_KEY_LENGTH} characters.
   *
   * @param what "an event" or "a stream", for the error
   * @throws IllegalArgumentException if it is null, blank, too long, or holds a control character
   *     (a NUL, a newline) or a lone surrogate
   */
  static String requireKey(String key, String what) {
    return StoredText.requireKey(key, MAX_KEY_LENGTH, "the key of " + what);
  }

  /** {@code ctx.setEvent} at {@code seq}; returns the next position. */
  public int setEvent(int seq, String key, Object value) {
    scope.control().throwIfStopped();
    requireKey(key, "an event");
    requireValue(value, "event '" + key + "'");
    return record(seq, SET_EVENT, RunValue.Kind.EVENT, key, value, "the value of event");
  }

  /** {@code ctx.writeStream} at {@code seq}; returns the next position. */
  public int writeStream(int seq, String key, Object value) {
    scope.control().throwIfStopped();
    requireKey(key, "a stream");
    requireValue(value, "stream '" + key + "'");
    if (closedStreams.contains(key)) {
      throw new IllegalStateException("stream '" + key + "' of run " + scope.run().runId()
          + " was closed by an earlier ctx.closeStream(\"" + key + "\"): it takes no more"
          + " values; write to another key, or close it after its last value");
    }
    return record(seq, WRITE_STREAM, RunValue.Kind.STREAM, key, value, "a value of stream");
  }

  /**
   * {@code ctx.closeStream} at {@code seq}; returns the next position. Closing a closed stream does
   * nothing and takes no position.
   */
  public int closeStream(int seq, String key) {
    scope.control().throwIfStopped();
    requireKey(key, "a stream");
    if (closedStreams.contains(key)) {
      return seq;
    }
    int next = record(seq, CLOSE_STREAM, RunValue.Kind.STREAM, key, null, null);
    closedStreams.add(key);
    return next;
  }

  private static void requireValue(Object value, String what) {
    if (value == null) {
      throw new IllegalArgumentException("the value of " + what + " must not be null; write a"
          + " value that says there is none (an empty Optional, an empty list, a record)");
    }
  }

  /**
   * Matches the call to its checkpoint at {@code seq}, or, on the first execution, encodes {@code
   * value} (null: the end of a stream) and holds the checkpoint and the value to be written with
   * the turn's next write.
   */
  private int record(
      int seq, String call, RunValue.Kind kind, String key, Object value, String what) {
    CheckpointRecord recorded = scope.control().replayed(() -> match(seq, call, key));
    scope.progress().publishes();
    if (recorded != null) {
      return seq + 1;
    }
    String payload = value == null ? null : context.payloads().encode(
        new Payload(what + " '" + key + "'",
            TypeFactory.defaultInstance().constructType(value.getClass()), false),
        value);
    Instant now = context.time().now();
    Transition made =
        StepTransitions.next(StepTransitions.State.NEW, StepTransitions.Event.VALUE_RECORDED);
    scope.progress().holdValue(
        new Commit.CheckpointWrite(
            scope.log().checkpoint(seq, CheckpointKind.VALUE, call).status(made.status())
                .input(key).startedAt(now).updatedAt(now).build(),
            made.inserts()),
        new RunValue(scope.run().runId(), kind, key, seq, payload, now));
    return seq + 1;
  }

  /**
   * The checkpoint of {@code call} with {@code key} at {@code seq}, or null if none was recorded
   * there.
   *
   * @throws NonDeterminismException if something else was recorded there
   */
  private CheckpointRecord match(int seq, String call, String key) {
    String called = "ctx." + call + "(\"" + key + "\")";
    CheckpointRecord recorded = scope.log().match(seq, CheckpointKind.VALUE, call, called);
    if (recorded != null && !key.equals(recorded.input())) {
      throw new NonDeterminismException(
          "run " + scope.run().runId() + " of " + scope.run().workflow() + " called " + called
              + " at position " + seq + ", where it had recorded " + ReplayLog.describe(recorded)
              + ": the workflow's code changed under a running version; deploy the old code for"
              + " this version, or give the changed workflow a new version");
    }
    return recorded;
  }
}
