package dev.durable.runtime.internal.store.task;

import dev.durable.runtime.TaskQueueInfo;
import dev.durable.runtime.WorkerInfo;
import dev.durable.runtime.internal.model.TaskRecord;
import dev.durable.runtime.internal.store.sql.Rows;
import dev.durable.runtime.internal.store.sql.Sql;
import dev.durable.runtime.internal.store.sql.Values;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The operators' reads of {@code durable_tasks}: a run's tasks, the open tasks per step, the
 * workers the tasks show, and the tasks that went silent. None is on the engine's path.
 */
final class TaskViews {
  private final Sql ofRun;
  private final Sql queues;
  private final Sql workers;
  private final Sql silent;

  private final TasksTable tasks;

  TaskViews(TasksTable tasks) {
    this.tasks = tasks;
    ofRun = Sql.of(
        tasks.select + " WHERE run_id = :runId ORDER BY seq, attempt, created_at, task_id");
    queues = Sql.of("SELECT step, SUM(CASE WHEN status = 'QUEUED' THEN 1 ELSE 0 END),"
        + " SUM(CASE WHEN status = 'RUNNING' THEN 1 ELSE 0 END),"
        + " MIN(CASE WHEN status = 'QUEUED' THEN created_at END)"
        + " FROM " + tasks.table + " WHERE status IN ('QUEUED', 'RUNNING')"
        + " GROUP BY step ORDER BY step");
    workers = Sql.of("SELECT worker_id, SUM(CASE WHEN status = 'RUNNING' THEN 1 ELSE 0 END),"
        + " MAX(claimed_at), MAX(heartbeat_at), MAX(finished_at)"
        + " FROM " + tasks.table + " WHERE worker_id IS NOT NULL"
        + " AND (status = 'RUNNING' OR finished_at >= :since) GROUP BY worker_id");
    silent = Sql.of(tasks.select
        + " WHERE (status = 'QUEUED' AND created_at < :before)"
        + " OR (status = 'RUNNING' AND COALESCE(heartbeat_at, claimed_at) < :before)"
        + " ORDER BY created_at, task_id");
  }

  List<TaskRecord> ofRun(Connection connection, String runId) throws SQLException {
    return ofRun.list(connection, new Values().string("runId", runId), tasks::task);
  }

  List<TaskQueueInfo> queues(Connection connection) throws SQLException {
    return queues.list(connection, new Values(), rows -> new TaskQueueInfo(rows.getString(1),
        rows.getInt(2), rows.getInt(3), Optional.ofNullable(Rows.instant(rows, 4))));
  }

  /** The workers holding a task, or that finished one since {@code since}; latest seen first. */
  List<WorkerInfo> workers(Connection connection, Instant since) throws SQLException {
    try (PreparedStatement select =
        workers.prepare(connection, new Values().instant("since", since))) {
      List<WorkerInfo> workers = new ArrayList<>();
      try (ResultSet rows = select.executeQuery()) {
        while (rows.next()) {
          Instant seen = null;
          for (int column = 3; column <= 5; column++) {
            Instant at = Rows.instant(rows, column);
            if (at != null && (seen == null || at.isAfter(seen))) {
              seen = at;
            }
          }
          workers.add(new WorkerInfo(rows.getString(1), rows.getInt(2), seen));
        }
      }
      workers.sort(Comparator.comparing(WorkerInfo::lastSeenAt).reversed()
          .thenComparing(WorkerInfo::workerId));
      return workers;
    }
  }

  /**
   * The open tasks with no sign of life since {@code before}: queued before it and unclaimed, or
   * claimed with neither a heartbeat nor the claim after it; oldest first.
   */
  List<TaskRecord> silent(Connection connection, Instant before) throws SQLException {
    return silent.list(connection, new Values().instant("before", before), tasks::task);
  }
}
