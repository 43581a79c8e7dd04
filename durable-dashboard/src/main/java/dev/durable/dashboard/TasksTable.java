package dev.durable.dashboard;

import dev.durable.runtime.TaskInfo;
import java.time.Instant;
import java.util.List;

/**
 * A table of dispatched tasks ({@code tasks.jte}), on a run's page and in the lost-dispatch view.
 *
 * @param withRun whether a column links each task's run
 * @param viewer who looks, for the redispatch buttons
 * @param back the page a redispatch returns to; null for no redispatch column
 */
record TasksTable(List<TaskInfo> tasks, Instant now, boolean withRun, Viewer viewer, String back) {
  /** Whether each task gets a button redispatching its run: the viewer can act. */
  boolean actions() {
    return back != null && viewer.canAct();
  }
}
