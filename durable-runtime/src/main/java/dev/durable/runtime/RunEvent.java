package dev.durable.runtime;

import java.time.Instant;

/** What a run hook is told: which run, of which workflow, and when. */
public record RunEvent(String runId, String workflowName, String workflowVersion, Instant at) {}
