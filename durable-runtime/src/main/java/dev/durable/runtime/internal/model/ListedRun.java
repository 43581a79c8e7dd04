package dev.durable.runtime.internal.model;

import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/**
 * A run as {@code listRuns} reads it: without its input and output, with the fire time it serves
 * if a schedule started it, and its attributes, sorted by key.
 */
public record ListedRun(
    RunRecord run, Optional<Instant> scheduledAt, Map<String, String> attributes) {}
