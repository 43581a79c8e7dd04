package dev.durable.runtime.internal.model;

/**
 * A schedule's identity in {@code durable_schedules}: every engine that has the workflow registered
 * with this expression and zone shares its row, whatever version it runs.
 */
public record ScheduleKey(String workflowName, String cron, String zone) {
  @Override
  public String toString() {
    return "schedule '" + cron + "' (" + zone + ") of workflow '" + workflowName + "'";
  }
}
