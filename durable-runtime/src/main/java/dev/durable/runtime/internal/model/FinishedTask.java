package dev.durable.runtime.internal.model;

/** A task a worker served, and the outcome it stores for it. */
public record FinishedTask(TaskRecord task, TaskOutcome outcome) {}
