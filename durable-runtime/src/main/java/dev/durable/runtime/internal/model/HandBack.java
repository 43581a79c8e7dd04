package dev.durable.runtime.internal.model;

import java.time.Instant;
import java.util.List;

/**
 * Runs that a worker's outcomes, once stored, are to be leased straight to an engine of the
 * worker's process instead of woken for any engine to claim: the engine that handed the worker
 * their tasks, which reserved a slot for each ({@code TaskQueue#finish}).
 *
 * @param runIds the runs, each of a task among the outcomes
 * @param owner the engine they are leased to
 * @param leaseUntil the lease's end
 */
public record HandBack(List<String> runIds, String owner, Instant leaseUntil) {
  public HandBack {
    runIds = List.copyOf(runIds);
  }
}
