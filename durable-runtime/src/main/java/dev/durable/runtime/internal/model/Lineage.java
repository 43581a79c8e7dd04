package dev.durable.runtime.internal.model;

/**
 * Where a run's current input and checkpoints come from: its generation (1, then one more at each
 * {@code continueAsNew}), and, for a fork, the run and position it was forked from.
 *
 * @param generation the run's generation, from 1
 * @param forkedFrom the run it was forked from; null if it is not a fork
 * @param forkedAt the position from which the fork ran with the code deployed then; null if it is
 *     not a fork
 */
public record Lineage(int generation, String forkedFrom, Integer forkedAt) {
  /** A run's first generation, not forked. */
  public static final Lineage FIRST = new Lineage(1, null, null);
}
