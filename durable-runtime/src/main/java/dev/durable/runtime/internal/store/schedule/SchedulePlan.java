package dev.durable.runtime.internal.store.schedule;

import dev.durable.runtime.internal.model.NewRun;
import java.time.Instant;
import java.util.List;

/**
 * What firing a schedule does, decided from the instant its row says it has handled fire times
 * up to: the runs to start and the instant it has handled fire times up to afterwards.
 *
 * @param runs the runs to start, each with the fire time it serves
 * @param handledUntil the new {@code handled_until}; not after it, nothing is written
 */
public record SchedulePlan(List<Fire> runs, Instant handledUntil) {

  public SchedulePlan {
    runs = List.copyOf(runs);
  }

  /** A run to start for fire time {@code fireAt}. */
  public record Fire(NewRun run, Instant fireAt) {}
}
