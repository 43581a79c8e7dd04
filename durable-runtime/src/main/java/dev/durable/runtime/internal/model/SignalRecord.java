package dev.durable.runtime.internal.model;

/**
 * A signal sent to a run and not taken yet.
 *
 * @param id its place in the order of signals
 * @param payload its value, as JSON
 */
public record SignalRecord(long id, String payload) {}
