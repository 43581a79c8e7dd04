package dev.durable.runtime.internal.model;

import java.util.List;

/**
 * What storing a batch of workers' outcomes did ({@code TaskQueue#finish}).
 *
 * @param stored for each outcome, whether it was stored: false where the worker no longer held
 *     the task
 * @param runsWoken whether a run was woken for any engine to claim: one had no task left open, or a
 *     task of it failed
 * @param handedBack the runs of the {@link HandBack} that were so woken, leased to its engine
 *     instead, each with what its turn reads
 */
public record StoredOutcomes(boolean[] stored, boolean runsWoken, List<ClaimedRun> handedBack) {
  public StoredOutcomes {
    handedBack = List.copyOf(handedBack);
  }
}
