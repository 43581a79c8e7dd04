package dev.durable.runtime.internal.store;

/** A task a worker served, and the outcome it stores for it. */
public record FinishedTask(TaskRecord task, TaskOutcome outcome) {}
