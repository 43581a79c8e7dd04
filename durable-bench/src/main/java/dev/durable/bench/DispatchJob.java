package dev.durable.bench;

/** What {@link DispatchBenchWorkflow} does: one dispatched step on {@code x}, or a fan of them. */
public record DispatchJob(int x, int fan) {}
