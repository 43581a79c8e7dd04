package dev.durable.runtime.internal.model;

import java.time.Instant;

/** A stored schedule's row: its key and how far its fire times are handled. */
public record ScheduleRow(String workflowName, String cron, String zone, Instant handledUntil) {}
