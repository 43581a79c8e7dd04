package dev.durable.runtime.internal.turn;

import dev.durable.runtime.RunError;
import dev.durable.runtime.StepState;
import dev.durable.runtime.internal.model.CheckpointKind;
import dev.durable.runtime.internal.model.CheckpointRecord;
import java.time.Instant;
import java.util.Objects;

/**
 * Makes a checkpoint to write, naming each field it sets; a field not set is null (0 attempts).
 * Every checkpoint the engine writes is made whole here: one that replaces another does not carry
 * the other's output, error or wake-up time over unless told to.
 */
public final class CheckpointBuilder {
  private final String runId;
  private final int seq;
  private final CheckpointKind kind;
  private final String name;
  private StepState status;
  private int attempts;
  private String input;
  private String output;
  private RunError error;
  private Instant wakeAt;
  private Instant startedAt;
  private Instant updatedAt;
  private Integer group;

  private CheckpointBuilder(String runId, int seq, CheckpointKind kind, String name) {
    this.runId = runId;
    this.seq = seq;
    this.kind = kind;
    this.name = name;
  }

  /** A checkpoint of {@code kind} named {@code name} at position {@code seq} of a run. */
  static CheckpointBuilder at(String runId, int seq, CheckpointKind kind, String name) {
    return new CheckpointBuilder(runId, seq, kind, name);
  }

  /** {@code recorded} as it is, to change some of its fields. */
  static CheckpointBuilder copyOf(CheckpointRecord recorded) {
    return at(recorded.runId(), recorded.seq(), recorded.kind(), recorded.name())
        .status(recorded.status())
        .attempts(recorded.attempts())
        .input(recorded.input())
        .output(recorded.output())
        .error(recorded.error())
        .wakeAt(recorded.wakeAt())
        .startedAt(recorded.startedAt())
        .updatedAt(recorded.updatedAt())
        .group(recorded.groupSeq());
  }

  public CheckpointBuilder status(StepState status) {
    this.status = status;
    return this;
  }

  /** The attempts made (or, for a pending dispatched step, the attempt it waits for). */
  public CheckpointBuilder attempts(int attempts) {
    this.attempts = attempts;
    return this;
  }

  /** The step's arguments as stored; null where they could not be encoded. */
  public CheckpointBuilder input(String input) {
    this.input = input;
    return this;
  }

  public CheckpointBuilder output(String output) {
    this.output = output;
    return this;
  }

  /** The latest attempt's error. */
  public CheckpointBuilder error(RunError error) {
    this.error = error;
    return this;
  }

  /** When a timer ends, or a retrying step's next attempt is due. */
  public CheckpointBuilder wakeAt(Instant wakeAt) {
    this.wakeAt = wakeAt;
    return this;
  }

  public CheckpointBuilder startedAt(Instant startedAt) {
    this.startedAt = startedAt;
    return this;
  }

  public CheckpointBuilder updatedAt(Instant updatedAt) {
    this.updatedAt = updatedAt;
    return this;
  }

  /** The position of the first branch of the group it belongs to; null for none. */
  CheckpointBuilder group(Integer group) {
    this.group = group;
    return this;
  }

  public CheckpointRecord build() {
    return new CheckpointRecord(
        runId, seq, kind, name, Objects.requireNonNull(status, "status"), attempts, input, output,
        error, wakeAt, startedAt, updatedAt, group);
  }
}
