package dev.durable.runtime.internal.values;

import dev.durable.runtime.NonDeterminismException;
import dev.durable.runtime.RunAttributes;
import dev.durable.runtime.internal.common.Errors;
import dev.durable.runtime.internal.model.CheckpointKind;
import dev.durable.runtime.internal.model.CheckpointRecord;
import dev.durable.runtime.internal.model.RunRecord;
import dev.durable.runtime.internal.store.values.StoredAttributes;
import dev.durable.runtime.internal.turn.RecordedValues;
import dev.durable.runtime.internal.turn.ReplayLog;
import dev.durable.runtime.internal.turn.TurnControl;
import dev.durable.runtime.internal.turn.TurnScope;
import dev.durable.runtime.internal.turn.TurnStop;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The attributes a run sets through its context ({@code ctx.attribute}): each call recorded at its
 * position as a {@link CheckpointKind#VALUE} checkpoint named {@value StoredAttributes#CHECKPOINT}
 * ({@link RecordedValues#marker}), held and written with the turn's next write, which stores the
 * attribute in the same commit. A replay finds the checkpoint and stores nothing again.
 *
 * <p>The limit of {@link RunAttributes#MAX_PER_RUN} keys counts the keys the run holds already
 * (its start's and those of earlier turns, read from the store once, when the turn first records
 * one) and those this turn recorded.
 */
public final class RecordedAttributes {
  private final StoredAttributes attributes;
  private final RunRecord run;
  private final RecordedValues values;
  private final TurnControl control;
  private final ReplayLog log;
  /** The run's keys, stored and recorded in this turn; read when first needed. */
  private Set<String> keys;

  public RecordedAttributes(StoredAttributes attributes, TurnScope scope, RecordedValues values) {
    this.attributes = attributes;
    this.run = scope.run();
    this.values = values;
    this.control = scope.control();
    this.log = scope.log();
  }

  /**
   * Records attribute {@code key} = {@code value} at {@code seq}, or finds it recorded there.
   *
   * @throws IllegalArgumentException if the attribute breaks the rules or the limit: nothing is
   *     recorded, and the caller takes no position
   */
  public void record(int seq, String key, String value) {
    RunAttributes.check(key, value);
    // a replay that only replays (no store) stops here, where the run would record
    CheckpointRecord recorded =
        control.replayed(() -> log.matchValue(seq, StoredAttributes.CHECKPOINT));
    if (recorded == null) { // the first time the run comes here
      if (keys == null) {
        keys = new HashSet<>(attributes.of(run.runId()).keySet());
      }
      if (!keys.contains(key) && keys.size() >= RunAttributes.MAX_PER_RUN) {
        throw new IllegalArgumentException("run " + run.runId() + " holds "
            + RunAttributes.MAX_PER_RUN + " attributes already, the most a run may; attribute '"
            + key + "' was not set: replace the value of a key it has instead");
      }
    }
    String text = values.marker(
        seq, StoredAttributes.CHECKPOINT, StoredAttributes.encode(key, value), List.of());
    String recordedKey = StoredAttributes.decode(text).map(Map.Entry::getKey).orElse(null);
    if (!key.equals(recordedKey)) {
      throw control.stop(TurnStop.Reason.FAILED, Errors.engine(
          "run " + run.runId() + " set attribute '" + recordedKey + "' at position " + seq
              + " when it ran, but its code now sets '" + key + "' there: the code changed under"
              + " a running version; restore it, or start new runs on a new version",
          Errors.NON_DETERMINISM, NonDeterminismException.class), null);
    }
    if (keys != null) {
      keys.add(key);
    }
  }
}
