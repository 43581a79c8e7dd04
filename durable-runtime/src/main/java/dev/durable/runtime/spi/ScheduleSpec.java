package dev.durable.runtime.spi;

import dev.durable.annotations.CatchUp;
import java.util.Objects;

/**
 * One {@code @Schedule} of a workflow, as the generated {@code WORKFLOW} constant carries it: the
 * engine reads it from there, never from the annotation.
 *
 * @param cron the cron expression: six fields, seconds first (Spring 5.3 style)
 * @param zone the {@code java.time.ZoneId} it is read in
 * @param catchUp what happens to fire times missed while no engine ran
 */
public record ScheduleSpec(String cron, String zone, CatchUp catchUp) {

  public ScheduleSpec {
    Objects.requireNonNull(cron, "cron");
    Objects.requireNonNull(zone, "zone");
    Objects.requireNonNull(catchUp, "catchUp");
  }

  @Override
  public String toString() {
    return "'" + cron + "' in " + zone + " (catch up " + catchUp + ")";
  }
}
