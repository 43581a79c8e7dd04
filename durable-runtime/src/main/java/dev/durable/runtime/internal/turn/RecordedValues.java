package dev.durable.runtime.internal.turn;

import dev.durable.runtime.StoredText;
import dev.durable.runtime.internal.common.Errors;
import dev.durable.runtime.internal.model.CheckpointKind;
import dev.durable.runtime.internal.model.CheckpointRecord;
import dev.durable.runtime.internal.model.Commit;
import dev.durable.runtime.internal.model.NewEvent;
import dev.durable.runtime.internal.model.RunRecord;
import dev.durable.runtime.internal.run.ProgressBuffer;
import dev.durable.runtime.internal.turn.StepTransitions.Transition;
import java.time.Instant;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The values a workflow draws through its context ({@code ctx.now()}, {@code ctx.randomUUID()},
 * {@code ctx.random()}): drawn on a run's first execution, recorded at the call's position as a
 * {@link CheckpointKind#VALUE} checkpoint named after the call, and answered from that checkpoint
 * on every replay.
 *
 * <p>A value's checkpoint is held in the {@link ProgressBuffer} like a completed step's: it rides
 * on the turn's next write, which comes before the turn's next side effect (a step's attempt, a
 * timer, a dispatch, the run's end; {@link ProgressBuffer#holdsSteps} counts it as a step's, so
 * a step never runs before the value it may be given is durable). If the engine dies before that
 * write, the value is drawn again on the next turn: nothing durable depended on it yet.
 *
 * <p>Stored as text in the checkpoint's output: an instant and a UUID in their ISO forms, a seed
 * as a decimal number.
 */
public final class RecordedValues {
  static final String NOW = "now";
  static final String RANDOM_UUID = "randomUUID";
  static final String RANDOM = "random";
  private static final int MAX_PATCH_ID_LENGTH = 100;

  private final TurnContext context;
  private final RunRecord run;
  private final ReplayLog log;
  private final ProgressBuffer progress;
  private final TurnControl control;

  RecordedValues(
      TurnContext context, TurnScope scope) {
    this.context = context;
    this.run = scope.run();
    this.log = scope.log();
    this.progress = scope.progress();
    this.control = scope.control();
  }

  /** The engine clock's time, recorded at {@code seq}. */
  Instant now(int seq) {
    return value(seq, NOW, () -> context.time().now(), Instant::toString, Instant::parse);
  }

  /** A random UUID, recorded at {@code seq}. */
  UUID randomUUID(int seq) {
    return value(seq, RANDOM_UUID, UUID::randomUUID, UUID::toString, UUID::fromString);
  }

  /** A generator seeded with a seed recorded at {@code seq}: it replays the same sequence. */
  Random random(int seq) {
    long seed = value(seq, RANDOM, () -> ThreadLocalRandom.current().nextLong(),
        seedValue -> Long.toString(seedValue), Long::parseLong);
    return new Random(seed);
  }

  /**
   * Whether the run takes patch {@code patchId} at {@code seq}: yes if its marker is recorded
   * there, or if nothing is (the run reaches this point for the first time: the marker is held, to
   * be written with the turn's next write); no if something else is recorded there (the run passed
   * this point before the patch was deployed). The caller moves on to the next position only on
   * yes.
   */
  boolean patched(int seq, String patchId) {
    if (patchId == null || patchId.isBlank() || patchId.length() > MAX_PATCH_ID_LENGTH) {
      throw new IllegalArgumentException("a patch id must be 1 to " + MAX_PATCH_ID_LENGTH
          + " characters, not blank; was '" + StoredText.echo(patchId) + "'");
    }
    String name = ReplayLog.PATCHED + patchId;
    CheckpointRecord recorded = log.at(seq);
    if (recorded != null) {
      return recorded.kind() == CheckpointKind.VALUE && recorded.name().equals(name);
    }
    value(seq, name, () -> Boolean.TRUE, String::valueOf, Boolean::valueOf);
    return true;
  }

  /**
   * The text of the marker {@code name} recorded at {@code seq}; if none is, records {@code text}
   * there, with {@code events}, to be written with the turn's next write, and returns it.
   */
  /**
   * The value recorded at {@code seq} under {@code name}, or, the first time the run comes here,
   * {@code draw}'s, recorded: a value the run must see the same on every replay (a signal token).
   */
  public String recorded(int seq, String name, Supplier<String> draw) {
    return value(seq, name, draw, Function.identity(), Function.identity());
  }

  public String marker(int seq, String name, String text, List<NewEvent> events) {
    return value(seq, name, () -> text, Function.identity(), Function.identity(), events);
  }

  private <T> T value(
      int seq, String name, Supplier<T> draw, Function<T, String> encode,
      Function<String, T> decode) {
    return value(seq, name, draw, encode, decode, List.of());
  }

  private <T> T value(
      int seq, String name, Supplier<T> draw, Function<T, String> encode,
      Function<String, T> decode, List<NewEvent> events) {
    CheckpointRecord recorded = control.replayed(() -> log.matchValue(seq, name));
    if (recorded != null) {
      return recorded(name, recorded, decode);
    }
    T value = draw.get();
    Instant now = context.time().now();
    Transition drawn =
        StepTransitions.next(StepTransitions.State.NEW, StepTransitions.Event.VALUE_RECORDED);
    progress.holdCompleted(
        new Commit.CheckpointWrite(
            log.checkpoint(seq, CheckpointKind.VALUE, name).status(drawn.status())
                .output(encode.apply(value)).startedAt(now).updatedAt(now).build(),
            drawn.inserts()),
        events,
        null);
    return value;
  }

  /** A recorded value; stops the turn, failing the run, if it cannot be read. */
  private <T> T recorded(String name, CheckpointRecord recorded, Function<String, T> decode) {
    try {
      return decode.apply(recorded.output());
    } catch (RuntimeException e) { // a parse error, or no text at all
      throw control.stop(
          TurnStop.Reason.FAILED,
          Errors.engine(
              "cannot read the value of ctx." + name + "() recorded at position "
                  + recorded.seq() + " of run " + run.runId() + " ('" + recorded.output()
                  + "'): the row was changed by hand; restore it or cancel the run",
              Errors.PAYLOAD_UNDECODABLE,
              e.getClass()),
          e);
    }
  }
}
