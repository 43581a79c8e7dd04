package dev.durable.runtime.internal.store;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * An operator's changes to a run's course, each in the caller's transaction: cancelling it (and
 * the runs it started), and requeueing a failed run.
 */
final class RunControl {
  private RunControl() {}

  /**
   * Cancels a run that has not ended, moving its epoch on so that a turn in flight cannot write
   * again. On PostgreSQL the engines listening are told the run's id (see {@link
   * Store#listenForRuns}), so that the one executing it, if another, stops its step at once. Its
   * dispatched steps' open tasks are given up, as a timeout gives one up: no worker claims them
   * any more, and one serving a task learns it at its next heartbeat.
   *
   * @return the ids of the runs cancelled now: the run, then its children, depth first
   */
  static List<String> cancel(Connection connection, Dialect dialect, String runId, Instant now)
      throws SQLException {
    List<String> cancelled = new ArrayList<>();
    cancelWithChildren(connection, dialect, runId, null, now, cancelled);
    if (!cancelled.isEmpty()) {
      // a parent awaiting it learns that it ended
      String parent = RunsTable.select(connection, runId).map(RunRecord::parentRunId)
          .orElse(null);
      if (parent != null) {
        RunsTable.wake(connection, parent, now);
        dialect.wakeEngines(connection);
      }
    }
    return cancelled;
  }

  /**
   * Cancels the runs that {@code parentRunId} started and that have not ended, with theirs: its
   * run timeout ended it.
   *
   * @return the ids of the runs cancelled
   */
  static List<String> cancelChildren(
      Connection connection, Dialect dialect, String parentRunId, Instant now)
      throws SQLException {
    List<String> cancelled = new ArrayList<>();
    for (String child : RunsTable.openChildren(connection, parentRunId)) {
      cancelWithChildren(connection, dialect, child, parentRunId, now, cancelled);
    }
    return cancelled;
  }

  /** Cancels run {@code runId} if it has not ended, and then its open children, depth first. */
  private static void cancelWithChildren(Connection connection, Dialect dialect, String runId,
      String because, Instant now, List<String> cancelled) throws SQLException {
    if (!RunsTable.cancel(connection, runId, now)) {
      return;
    }
    cancelled.add(runId);
    TasksTable.giveUpOpen(connection, runId, now);
    EventsTable.append(connection, runId, List.of(EventType.RUN_CANCELLED.run(
        because == null ? null : "its parent run " + because + " ended", now)));
    dialect.announceCancelled(connection, runId);
    for (String child : RunsTable.openChildren(connection, runId)) {
      cancelWithChildren(connection, dialect, child, runId, now, cancelled);
    }
  }

  /**
   * Makes a failed run due again, deleting the failed checkpoints at its end so that those steps
   * get a fresh retry budget; earlier checkpoints, completed or failed-and-caught, stay.
   *
   * @param dropFrom if not null, the checkpoints from this position on are deleted first: those of
   *     a failure's handling, which the retry must not replay
   * @param deadlineAt the end of its fresh run timeout; null if it has none
   * @return whether the run had failed and was requeued
   */
  static boolean requeue(Connection connection, Dialect dialect, String runId, Integer dropFrom,
      Instant deadlineAt, Instant now) throws SQLException {
    if (!RunsTable.requeue(connection, runId, deadlineAt, now)) {
      return false;
    }
    if (dropFrom != null) {
      StepsTable.deleteFrom(connection, runId, dropFrom);
    }
    int reset = StepsTable.resetFailed(connection, runId, now);
    TasksTable.deleteReset(connection, runId);
    EventsTable.append(
        connection,
        runId,
        List.of(EventType.RUN_REQUEUED.run(reset + " failed step(s) reset", now)));
    dialect.wakeEngines(connection);
    return true;
  }
}
