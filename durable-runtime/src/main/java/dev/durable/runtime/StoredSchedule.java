package dev.durable.runtime;

import java.time.Instant;
import java.time.ZoneId;
import java.util.List;

/**
 * A schedule as stored in the database by the engines that registered its workflow: what {@link
 * DurableEngine#storedSchedules()} lists, whichever engine it comes from.
 *
 * @param workflowName the workflow it starts
 * @param cron its cron expression (six fields, seconds first)
 * @param zone the zone it is read in
 * @param handledUntil every fire time up to this instant has had its run started (or was skipped
 *     by its catch-up policy)
 * @param nextFireTimes the next fire times after now by the engine's clock, earliest first
 */
public record StoredSchedule(
    String workflowName, String cron, ZoneId zone, Instant handledUntil,
    List<Instant> nextFireTimes) {
  public StoredSchedule {
    nextFireTimes = List.copyOf(nextFireTimes);
  }
}
