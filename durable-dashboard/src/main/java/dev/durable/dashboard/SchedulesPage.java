package dev.durable.dashboard;

import dev.durable.runtime.ScheduleInfo;
import dev.durable.runtime.StoredSchedule;
import java.util.List;
import java.util.Map;

/**
 * The schedules stored in the database ({@code /schedules}, {@code schedules.jte}), whichever
 * engines registered them, each with its next fire times and a link to the runs it started; a
 * scheduled run's page links to its schedule's row ({@link #rowPath}).
 */
record SchedulesPage(List<StoredSchedule> schedules) {
  /** The id of a workflow's schedule's row on the page. */
  static String rowId(String workflowName) {
    return "schedule-" + workflowName;
  }

  /** The page, scrolled to a workflow's schedule's row. */
  static String rowPath(String workflowName) {
    return "/schedules#" + Links.encode(rowId(workflowName));
  }

  /**
   * The runs a workflow's schedule started: their ids begin with {@link
   * ScheduleInfo#RUN_ID_PREFIX}, the workflow's name and a colon (the runs list's id prefix).
   */
  static String runsOf(String workflowName) {
    return Links.withQuery("/", Map.of("run", ScheduleInfo.RUN_ID_PREFIX + workflowName + ":"));
  }
}
