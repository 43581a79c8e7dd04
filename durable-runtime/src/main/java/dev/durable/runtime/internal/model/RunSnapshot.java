package dev.durable.runtime.internal.model;

import java.util.List;

/** A run and its checkpoints, read together at one moment. */
public record RunSnapshot(RunRecord run, List<CheckpointRecord> checkpoints) {}
