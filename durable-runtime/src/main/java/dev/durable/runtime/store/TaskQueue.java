package dev.durable.runtime.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The SQL of {@code durable_tasks}: queueing a task, claiming queued tasks for a worker and storing
 * their outcomes. Storing an outcome also makes the run that waits for it due, so that whichever
 * engine polls next (or, on PostgreSQL, is notified) resumes it.
 */
final class TaskQueue {
  private static final String COLUMNS =
      "task_id, run_id, seq, step, attempt, input, status, output, error_message, error_code,"
          + " error_type, retryable, worker_id, created_at, claimed_at, finished_at, heartbeat_at,"
          + " progress, window_ms";
  private static final String INSERT =
      "INSERT INTO durable_tasks (task_id, run_id, seq, step, attempt, input, status, created_at,"
          + " window_ms) VALUES (?, ?, ?, ?, ?, ?, 'QUEUED', ?, ?)";
  private static final String SELECT = "SELECT " + COLUMNS + " FROM durable_tasks";
  /** PostgreSQL: one statement; concurrent workers skip each other's rows. */
  private static final String CLAIM_SKIP_LOCKED =
      "WITH picked AS ("
          + "  SELECT task_id AS picked_id FROM durable_tasks"
          + "  WHERE status = 'QUEUED' AND step = ANY (?)"
          + "  ORDER BY created_at LIMIT ? FOR UPDATE SKIP LOCKED"
          + ") UPDATE durable_tasks SET status = 'RUNNING', worker_id = ?, claimed_at = ?"
          + " FROM picked WHERE task_id = picked.picked_id RETURNING " + COLUMNS;
  /** H2: candidates first, then a compare-and-set on each. */
  private static final String CANDIDATES =
      SELECT + " WHERE status = 'QUEUED' AND step = ANY (?) ORDER BY created_at LIMIT ?";
  private static final String CLAIM_ONE =
      "UPDATE durable_tasks SET status = 'RUNNING', worker_id = ?, claimed_at = ?"
          + " WHERE task_id = ? AND status = 'QUEUED'";
  private static final String FINISH =
      "UPDATE durable_tasks SET status = ?, output = ?, error_message = ?, error_code = ?,"
          + " error_type = ?, retryable = ?, finished_at = ?"
          + " WHERE task_id = ? AND status = 'RUNNING' AND worker_id = ?";
  /**
   * Wakes a run. One that sleeps comes due, at its last update, an instant of the engines' clock,
   * so that a worker's clock running ahead of theirs cannot delay it. One that is executing, or due
   * and about to be claimed, is marked woken ({@code woken_at}), and its row stays locked until
   * this outcome is committed: a claim waits for it (and clears the mark, as the turn it starts
   * reads the outcome), while a turn already under way, which may have read the task before, finds
   * the mark when it suspends and makes the run due instead of asleep.
   */
  private static final String WAKE_RUN =
      "UPDATE durable_runs SET"
          + " status = CASE WHEN status = 'SLEEPING' THEN 'PENDING' ELSE status END,"
          + " due_at = CASE WHEN status = 'SLEEPING' THEN updated_at ELSE due_at END,"
          + " woken_at = CASE WHEN status = 'SLEEPING' THEN woken_at ELSE ? END,"
          + " updated_at = CASE WHEN status = 'SLEEPING' THEN ? ELSE updated_at END"
          + " WHERE run_id = ? AND (status IN ('RUNNING', 'PENDING')"
          + " OR status = 'SLEEPING' AND (due_at IS NULL OR due_at > updated_at))";

  private TaskQueue() {}

  static void insert(Connection connection, TaskRecord task) throws SQLException {
    try (PreparedStatement insert = connection.prepareStatement(INSERT)) {
      insert.setString(1, task.taskId());
      insert.setString(2, task.runId());
      insert.setInt(3, task.seq());
      insert.setString(4, task.step());
      insert.setInt(5, task.attempt());
      insert.setString(6, task.input());
      Rows.setInstant(insert, 7, task.createdAt());
      insert.setLong(8, task.windowMs());
      insert.executeUpdate();
    }
  }

  /** Claims up to {@code limit} queued tasks of {@code steps}, oldest first. */
  static List<TaskRecord> claim(
      Connection connection, Dialect dialect, List<String> steps, int limit, String workerId,
      Instant now) throws SQLException {
    List<TaskRecord> claimed = new ArrayList<>();
    if (dialect == Dialect.POSTGRESQL) {
      try (PreparedStatement claim = connection.prepareStatement(CLAIM_SKIP_LOCKED)) {
        claim.setArray(1, connection.createArrayOf("varchar", steps.toArray()));
        claim.setInt(2, limit);
        claim.setString(3, workerId);
        Rows.setInstant(claim, 4, now);
        try (ResultSet rows = claim.executeQuery()) {
          while (rows.next()) {
            claimed.add(task(rows));
          }
        }
      }
      return claimed;
    }
    List<TaskRecord> candidates = new ArrayList<>();
    try (PreparedStatement select = connection.prepareStatement(CANDIDATES)) {
      select.setArray(1, connection.createArrayOf("VARCHAR", steps.toArray()));
      select.setInt(2, limit);
      try (ResultSet rows = select.executeQuery()) {
        while (rows.next()) {
          candidates.add(task(rows));
        }
      }
    }
    try (PreparedStatement claim = connection.prepareStatement(CLAIM_ONE)) {
      for (TaskRecord task : candidates) {
        claim.setString(1, workerId);
        Rows.setInstant(claim, 2, now);
        claim.setString(3, task.taskId());
        if (claim.executeUpdate() == 1) {
          claimed.add(new TaskRecord(task.taskId(), task.runId(), task.seq(), task.step(),
              task.attempt(), task.input(), "RUNNING", null, null, null, null, null, workerId,
              task.createdAt(), now, null, null, null, task.windowMs()));
        }
      }
    }
    return claimed;
  }

  /**
   * Stores the outcome of a task this worker holds and makes its run due.
   *
   * @return false if the worker no longer holds the task (it was finished or taken back)
   */
  static boolean finish(
      Connection connection, TaskRecord task, String workerId, TaskOutcome outcome, Instant now)
      throws SQLException {
    String taskId = task.taskId();
    try (PreparedStatement finish = connection.prepareStatement(FINISH)) {
      finish.setString(1, outcome.succeeded() ? "SUCCEEDED" : "FAILED");
      finish.setString(2, outcome.output());
      finish.setString(3, outcome.errorMessage());
      finish.setString(4, outcome.errorCode());
      finish.setString(5, outcome.errorType());
      finish.setObject(6, outcome.succeeded() ? null : outcome.retryable(), Types.BOOLEAN);
      Rows.setInstant(finish, 7, now);
      finish.setString(8, taskId);
      finish.setString(9, workerId);
      if (finish.executeUpdate() == 0) {
        return false;
      }
    }
    wakeRun(connection, task.runId(), now);
    return true;
  }

  /** Wakes run {@code runId}: see {@link #WAKE_RUN}. */
  static void wakeRun(Connection connection, String runId, Instant now) throws SQLException {
    try (PreparedStatement wake = connection.prepareStatement(WAKE_RUN)) {
      Rows.setInstant(wake, 1, now);
      Rows.setInstant(wake, 2, now);
      wake.setString(3, runId);
      wake.executeUpdate();
    }
  }

  /** The open tasks of a run: queued, or claimed by a worker that has not answered. */
  private static final String OPEN_TASKS =
      SELECT + " WHERE run_id = ? AND status IN ('QUEUED', 'RUNNING') ORDER BY seq, created_at";
  /**
   * Gives a task up, unless it changed since it was read: a worker's outcome, claim or heartbeat
   * stored meanwhile wins.
   */
  private static final String GIVE_UP =
      "UPDATE durable_tasks SET status = 'LOST', finished_at = ? WHERE task_id = ? AND status = ?"
          + " AND heartbeat_at IS NOT DISTINCT FROM ?";
  /** Gives up every task of a run that waits for a worker or is being served: it was cancelled. */
  private static final String GIVE_UP_OPEN =
      "UPDATE durable_tasks SET status = 'LOST', finished_at = ?"
          + " WHERE run_id = ? AND status IN ('QUEUED', 'RUNNING')";
  private static final String HEARTBEAT =
      "UPDATE durable_tasks SET heartbeat_at = ?, progress = ?"
          + " WHERE task_id = ? AND status = 'RUNNING' AND worker_id = ?";
  private static final String ANY_FINISHED =
      "SELECT 1 FROM durable_tasks WHERE task_id = ANY (?)"
          + " AND status NOT IN ('QUEUED', 'RUNNING') LIMIT 1";
  /** The deliveries of some steps of a run that are not lost, oldest first. */
  private static final String CURRENT =
      SELECT + " WHERE run_id = ? AND seq BETWEEN ? AND ? AND status <> 'LOST'"
          + " ORDER BY created_at, task_id";

  /**
   * Gives up the open tasks of a run as lost and queues each again, as a new delivery of the same
   * attempt ({@code <taskId>/r<n>}); a worker still holding a lost task cannot store its outcome.
   *
   * @return the new deliveries
   */
  static List<TaskRecord> redispatch(Connection connection, String runId, Instant now)
      throws SQLException {
    List<TaskRecord> open = new ArrayList<>();
    try (PreparedStatement select = connection.prepareStatement(OPEN_TASKS)) {
      select.setString(1, runId);
      try (ResultSet rows = select.executeQuery()) {
        while (rows.next()) {
          open.add(task(rows));
        }
      }
    }
    List<TaskRecord> queued = new ArrayList<>();
    for (TaskRecord task : open) {
      redeliver(connection, task, now).ifPresent(queued::add);
    }
    return queued;
  }

  /**
   * Gives {@code task} up as lost and queues its next delivery, unless it changed since it was read.
   *
   * @return the new delivery, or empty if the task had changed
   */
  static Optional<TaskRecord> redeliver(Connection connection, TaskRecord task, Instant now)
      throws SQLException {
    if (!giveUp(connection, task, now)) {
      return Optional.empty();
    }
    TaskRecord again = task.redelivered(now);
    insert(connection, again);
    return Optional.of(again);
  }

  /**
   * Gives {@code task} up as lost, so that its worker can no longer store an outcome, unless it
   * changed since it was read (claimed, heard from or answered).
   *
   * @return whether it was given up
   */
  /**
   * Gives up the run's open tasks: queued ones are never claimed, and the worker serving one learns
   * at its next heartbeat that its outcome will not be stored.
   */
  static int giveUpOpen(Connection connection, String runId, Instant now) throws SQLException {
    try (PreparedStatement update = connection.prepareStatement(GIVE_UP_OPEN)) {
      Rows.setInstant(update, 1, now);
      update.setString(2, runId);
      return update.executeUpdate();
    }
  }

  static boolean giveUp(Connection connection, TaskRecord task, Instant now)
      throws SQLException {
    try (PreparedStatement lose = connection.prepareStatement(GIVE_UP)) {
      Rows.setInstant(lose, 1, now);
      lose.setString(2, task.taskId());
      lose.setString(3, task.status());
      Rows.setInstant(lose, 4, task.heartbeatAt());
      return lose.executeUpdate() == 1;
    }
  }

  /**
   * Records a heartbeat of the worker that holds a task.
   *
   * @return false if the worker no longer holds it (it was given up)
   */
  static boolean heartbeat(
      Connection connection, String taskId, String workerId, String progress, Instant now)
      throws SQLException {
    try (PreparedStatement beat = connection.prepareStatement(HEARTBEAT)) {
      Rows.setInstant(beat, 1, now);
      beat.setString(2, progress);
      beat.setString(3, taskId);
      beat.setString(4, workerId);
      return beat.executeUpdate() == 1;
    }
  }

  static boolean anyFinished(Connection connection, List<String> taskIds) throws SQLException {
    try (PreparedStatement select = connection.prepareStatement(ANY_FINISHED)) {
      select.setArray(1, connection.createArrayOf("varchar", taskIds.toArray()));
      try (ResultSet rows = select.executeQuery()) {
        return rows.next();
      }
    }
  }

  /** The deliveries of the steps at {@code fromSeq} to {@code toSeq} that are not lost. */
  static List<TaskRecord> current(Connection connection, String runId, int fromSeq, int toSeq)
      throws SQLException {
    List<TaskRecord> tasks = new ArrayList<>();
    try (PreparedStatement select = connection.prepareStatement(CURRENT)) {
      select.setString(1, runId);
      select.setInt(2, fromSeq);
      select.setInt(3, toSeq);
      try (ResultSet rows = select.executeQuery()) {
        while (rows.next()) {
          tasks.add(task(rows));
        }
      }
    }
    return tasks;
  }

  private static TaskRecord task(ResultSet rows) throws SQLException {
    Boolean retryable = rows.getObject(12) == null ? null : rows.getBoolean(12);
    return new TaskRecord(
        rows.getString(1),
        rows.getString(2),
        rows.getInt(3),
        rows.getString(4),
        rows.getInt(5),
        rows.getString(6),
        rows.getString(7),
        rows.getString(8),
        rows.getString(9),
        rows.getString(10),
        rows.getString(11),
        retryable,
        rows.getString(13),
        Rows.instant(rows, 14),
        Rows.instant(rows, 15),
        Rows.instant(rows, 16),
        Rows.instant(rows, 17),
        rows.getString(18),
        rows.getLong(19));
  }
}
