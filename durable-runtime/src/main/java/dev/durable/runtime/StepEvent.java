package dev.durable.runtime;

import java.time.Instant;

/** What a step hook is told: which step of which run, at which attempt, and when. */
public record StepEvent(
    String runId, String workflowName, String stepName, int position, int attempt, Instant at) {}
