package dev.durable.processor.model;

import java.util.Objects;

/**
 * One {@code @Schedule} of a workflow.
 *
 * @param cron the cron expression, as written
 * @param zone the zone it is read in
 * @param catchUp the name of its {@code CatchUp} constant
 */
public record ScheduleModel(String cron, String zone, String catchUp) {

  public ScheduleModel {
    Objects.requireNonNull(cron, "cron");
    Objects.requireNonNull(zone, "zone");
    Objects.requireNonNull(catchUp, "catchUp");
  }
}
