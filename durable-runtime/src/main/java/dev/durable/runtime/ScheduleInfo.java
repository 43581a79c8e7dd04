package dev.durable.runtime;

import dev.durable.annotations.CatchUp;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Objects;

/**
 * One {@code @Schedule} of a workflow registered with an engine, as {@link
 * DurableEngine#schedules()} lists it.
 *
 * @param workflowName the workflow's name
 * @param workflowVersion the version registered with the engine
 * @param cron the cron expression (six fields, seconds first)
 * @param zone the zone it is read in
 * @param catchUp what happens to fire times missed while no engine ran
 * @param nextFireTimes the next fire times after now by the engine's clock, earliest first
 */
public record ScheduleInfo(
    String workflowName,
    String workflowVersion,
    String cron,
    ZoneId zone,
    CatchUp catchUp,
    List<Instant> nextFireTimes) {
  /**
   * How the ids of the runs schedules start begin ({@link #runId}): a start by a caller or a run
   * with an id that begins so is refused, so that no such run takes a fire time's id first.
   */
  public static final String RUN_ID_PREFIX = "schedule:";

  public ScheduleInfo {
    Objects.requireNonNull(workflowName, "workflowName");
    Objects.requireNonNull(workflowVersion, "workflowVersion");
    Objects.requireNonNull(cron, "cron");
    Objects.requireNonNull(zone, "zone");
    Objects.requireNonNull(catchUp, "catchUp");
    nextFireTimes = List.copyOf(nextFireTimes);
  }

  /**
   * The id of the run that a schedule of workflow {@code workflowName} starts for {@code
   * fireTime}: {@code schedule:<workflow name>:<fire time>}, the fire time in ISO-8601 UTC ({@code
   * schedule:nightly-report:2026-12-02T01:00:00Z}). Every engine derives the same id, which is what
   * makes a fire time start one run however many engines fire it; two schedules of one workflow
   * that fire at the same instant start one run.
   */
  public static String runId(String workflowName, Instant fireTime) {
    return RUN_ID_PREFIX + workflowName + ":" + fireTime;
  }
}
