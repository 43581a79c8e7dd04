package dev.durable.runtime;

import java.util.Objects;

/**
 * Where a fork ({@link DurableEngine#fork}) comes from: its positions before {@code position}
 * replayed the results run {@code runId} recorded, and the later ones ran with the code deployed
 * when it was executed.
 *
 * @param runId the run it was forked from
 * @param position the first position it did not copy
 */
public record ForkPoint(String runId, int position) {
  public ForkPoint {
    Objects.requireNonNull(runId, "runId");
  }
}
