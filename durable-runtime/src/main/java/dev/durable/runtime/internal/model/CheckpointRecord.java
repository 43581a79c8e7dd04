package dev.durable.runtime.internal.model;

import dev.durable.runtime.RunError;
import dev.durable.runtime.StepState;
import java.time.Instant;

/**
 * A row of {@code durable_steps}: a step's checkpoint or a timer. Nullable fields are null where the
 * column is.
 *
 * @param groupSeq for a branch of a fan or parallel group, the position of the group's first branch;
 *     null for a step called on its own
 */
public record CheckpointRecord(
    String runId,
    int seq,
    CheckpointKind kind,
    String name,
    StepState status,
    int attempts,
    String input,
    String output,
    RunError error,
    Instant wakeAt,
    Instant startedAt,
    Instant updatedAt,
    Integer groupSeq) {

  /** A checkpoint of a step called on its own, or a timer. */
  public CheckpointRecord(
      String runId, int seq, CheckpointKind kind, String name, StepState status, int attempts,
      String input, String output, RunError error, Instant wakeAt, Instant startedAt,
      Instant updatedAt) {
    this(runId, seq, kind, name, status, attempts, input, output, error, wakeAt, startedAt,
        updatedAt, null);
  }

  /** This checkpoint, as a branch of the group whose first branch is at {@code groupSeq}. */
  public CheckpointRecord inGroup(Integer groupSeq) {
    return new CheckpointRecord(runId, seq, kind, name, status, attempts, input, output, error,
        wakeAt, startedAt, updatedAt, groupSeq);
  }
}
