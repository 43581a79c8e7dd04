package dev.durable.runtime.internal.model;

/**
 * The lease a turn holds on a run: writes made under it succeed only while the run's epoch is
 * still {@code epoch}, that is, until another engine claims the run or it is cancelled or requeued.
 */
public record Fence(String runId, long epoch) {}
