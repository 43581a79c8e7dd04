package dev.durable.runtime.store;

import dev.durable.runtime.RunError;
import dev.durable.runtime.StepState;
import java.time.Instant;

/**
 * A row of {@code durable_steps}: a step's checkpoint or a timer. Nullable fields are null where the
 * column is.
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
    Instant updatedAt) {}
