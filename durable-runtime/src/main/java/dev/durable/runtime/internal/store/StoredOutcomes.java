package dev.durable.runtime.internal.store;

/**
 * What storing a batch of workers' outcomes did ({@link TaskQueue#finish}).
 *
 * @param stored for each outcome, whether it was stored: false where the worker no longer held
 *     the task
 * @param runsWoken whether a run was woken: one had no task left open, or a task of it failed
 */
public record StoredOutcomes(boolean[] stored, boolean runsWoken) {}
