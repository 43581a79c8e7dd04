package dev.durable.runtime.internal.store;

import java.sql.Array;
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
 * The SQL of {@code durable_tasks}: queueing a task (alone, or in PostgreSQL's progress statement),
 * the parts of the dialects' claims, storing outcomes and heartbeats, and giving tasks up.
 */
final class TasksTable {
  static final String COLUMNS =
      "task_id, run_id, seq, step, attempt, input, status, output, error_message, error_code,"
          + " error_type, retryable, worker_id, created_at, claimed_at, finished_at, heartbeat_at,"
          + " progress, window_ms, trace_context";
  private static final String INSERT_INTO =
      "INSERT INTO durable_tasks (task_id, run_id, seq, step, attempt, input, status, worker_id,"
          + " created_at, claimed_at, window_ms, trace_context)";
  /**
   * A new task: queued, or already claimed by a worker of the engine's process ({@code
   * EagerDispatch}); {@link #bindInsert} binds it.
   */
  private static final String INSERT = INSERT_INTO + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
  /** {@link #INSERT} in a PostgreSQL progress statement: only if the run's row was fenced. */
  static final String INSERT_FENCED =
      INSERT_INTO + " SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?::timestamptz, ?::timestamptz, ?::int8, ?"
          + " FROM fenced";
  static final String SELECT = "SELECT " + COLUMNS + " FROM durable_tasks";
  /** The tasks a claim picks from, after {@code WHERE}: the queued tasks of some steps. */
  static final String QUEUED_OF_STEPS = "status = 'QUEUED' AND step = ANY (?)";
  /** A claim takes the oldest first, up to a limit. */
  static final String OLDEST = "ORDER BY created_at LIMIT ?";
  /** What a claim sets: the worker and when; before the rows it claims. */
  static final String CLAIM =
      "UPDATE durable_tasks SET status = 'RUNNING', worker_id = ?, claimed_at = ?";
  private static final String FINISH =
      "UPDATE durable_tasks SET status = ?, output = ?, error_message = ?, error_code = ?,"
          + " error_type = ?, retryable = ?, finished_at = ?"
          + " WHERE task_id = ? AND status = 'RUNNING' AND worker_id = ?";
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
  private static final String GIVE_UP_OPEN_SET = "UPDATE durable_tasks SET status = 'LOST'";
  private static final String OPEN = " AND status IN ('QUEUED', 'RUNNING')";
  private static final String GIVE_UP_OPEN =
      GIVE_UP_OPEN_SET + ", finished_at = ? WHERE run_id = ?" + OPEN;
  /** {@link #GIVE_UP_OPEN} of the run a progress statement's {@code fenced} row names. */
  static final String GIVE_UP_OPEN_FENCED =
      GIVE_UP_OPEN_SET + ", finished_at = ?::timestamptz"
          + " WHERE run_id = (SELECT run_id FROM fenced)" + OPEN;
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
   * The deliveries, not lost, of the run's dispatched steps whose checkpoints wait for a worker,
   * oldest first: what a resumed turn looks at. The run's tasks are found through their index,
   * and each one's checkpoint through its key, by a correlated {@code EXISTS} that H2 plans as
   * PostgreSQL does.
   */
  static final String WAITING = waiting("t.run_id = ?");
  /**
   * The tasks among some ({@code task_id = ANY (?)}) whose outcomes a worker ({@code ?}) stored:
   * after {@code WHERE}.
   */
  static final String STORED_BY =
      "task_id = ANY (?) AND worker_id = ? AND status IN ('SUCCEEDED', 'FAILED')";
  /**
   * The runs to wake after a worker stored outcomes ({@link #STORED_BY}): those with no task left
   * waiting for a worker or being served, and those of a failed task (its retry is the engine's to
   * schedule). A fan's run is woken once, by its last answer, not by each: every turn of it would
   * replay the fan and read all of its checkpoints. To be read after the runs' rows are locked, in
   * a statement of its own, so that of two answers at once the second sees the first.
   *
   * <p>The search for a task still open starts from the run's newest: workers take a fan's tasks
   * oldest first, so every answer before the last finds one at once. A search from the oldest
   * walked past every task answered before, and on PostgreSQL past each one's dead row versions
   * too: a fan of 100 spent about 2 ms in each of its 27 outcome transactions, holding its run's
   * lock, against 0.2 ms now, and the whole fan took twice as long.
   */
  static final String ANSWERED =
      "SELECT DISTINCT run_id FROM durable_tasks t WHERE " + STORED_BY
          + " AND (status = 'FAILED' OR (SELECT o.seq FROM durable_tasks o"
          + " WHERE o.run_id = t.run_id AND o.status IN ('QUEUED', 'RUNNING')"
          + " ORDER BY o.run_id DESC, o.seq DESC, o.attempt DESC LIMIT 1) IS NULL)";

  /** {@link #WAITING} of the runs a claim just leased ({@link RunsTable#JUST_CLAIMED}). */
  static final String WAITING_OF_JUST_CLAIMED =
      waiting("t.run_id IN (" + RunsTable.JUST_CLAIMED + ")");

  /** The tasks of dispatched steps whose checkpoints a requeue reset: their attempts start over. */
  private static final String DELETE_RESET =
      "DELETE FROM durable_tasks WHERE run_id = ? AND (seq NOT IN"
          + " (SELECT seq FROM durable_steps WHERE run_id = ?) OR seq IN"
          + " (SELECT seq FROM durable_steps WHERE run_id = ? AND attempts = 0))";

  private TasksTable() {}

  /** {@link #WAITING} of the runs that {@code runs}, a condition on {@code t.run_id}, selects. */
  private static String waiting(String runs) {
    return "SELECT " + Rows.prefixed("t.", COLUMNS) + " FROM durable_tasks t"
        + " WHERE " + runs + " AND t.status <> 'LOST' AND EXISTS (SELECT 1 FROM durable_steps s"
        + " WHERE s.run_id = t.run_id AND s.seq = t.seq AND s.kind = 'REMOTE'"
        + " AND s.status IN ('PENDING', 'RUNNING'))"
        + " ORDER BY t.created_at, t.task_id";
  }

  /** The values of {@link #INSERT} for {@code task}. */
  static Params bindInsert(Params params, TaskRecord task) {
    return params.string(task.taskId()).string(task.runId()).int4(task.seq())
        .string(task.step()).int4(task.attempt()).string(task.input())
        .string(task.status().name()).string(task.workerId()).instant(task.createdAt())
        .instant(task.claimedAt()).int8(task.windowMs()).string(task.traceContext());
  }

  /** Inserts {@code tasks}, queued or claimed, as one JDBC batch. */
  static void insert(Connection connection, List<TaskRecord> tasks) throws SQLException {
    if (tasks.isEmpty()) {
      return;
    }
    try (PreparedStatement insert = connection.prepareStatement(INSERT)) {
      for (TaskRecord task : tasks) {
        bindInsert(new Params(), task).bind(insert);
        insert.addBatch();
      }
      insert.executeBatch();
    }
  }

  /** The tasks {@code select} returns. */
  static List<TaskRecord> read(PreparedStatement select) throws SQLException {
    try (ResultSet rows = select.executeQuery()) {
      return readAll(rows);
    }
  }

  /** The tasks in {@code rows}, selected with {@link #COLUMNS}. */
  static List<TaskRecord> readAll(ResultSet rows) throws SQLException {
    List<TaskRecord> tasks = new ArrayList<>();
    while (rows.next()) {
      tasks.add(task(rows));
    }
    return tasks;
  }

  /** The tasks {@link #WAITING} of run {@code runId}. */
  static List<TaskRecord> waiting(Connection connection, String runId) throws SQLException {
    try (PreparedStatement select = connection.prepareStatement(WAITING)) {
      select.setString(1, runId);
      return read(select);
    }
  }

  /**
   * Stores the outcome of a task this worker holds.
   *
   * @return false if the worker no longer holds the task (it was finished or taken back)
   */
  static boolean finish(
      Connection connection, TaskRecord task, String workerId, TaskOutcome outcome, Instant now)
      throws SQLException {
    try (PreparedStatement finish = connection.prepareStatement(FINISH)) {
      finish.setString(
          1, (outcome.succeeded() ? TaskStatus.SUCCEEDED : TaskStatus.FAILED).name());
      finish.setString(2, outcome.output());
      finish.setString(3, outcome.errorMessage());
      finish.setString(4, outcome.errorCode());
      finish.setString(5, outcome.errorType());
      finish.setObject(6, outcome.succeeded() ? null : outcome.retryable(), Types.BOOLEAN);
      Rows.setInstant(finish, 7, now);
      finish.setString(8, task.taskId());
      finish.setString(9, workerId);
      return finish.executeUpdate() > 0;
    }
  }

  /**
   * Gives up the open tasks of a run as lost and queues each again, as a new delivery of the same
   * attempt ({@code <taskId>/r<n>}); a worker still holding a lost task cannot store its outcome.
   *
   * @return the new deliveries
   */
  static List<TaskRecord> redispatch(Connection connection, String runId, Instant now)
      throws SQLException {
    List<TaskRecord> open;
    try (PreparedStatement select = connection.prepareStatement(OPEN_TASKS)) {
      select.setString(1, runId);
      open = read(select);
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
    insert(connection, List.of(again));
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
      lose.setString(3, task.status().name());
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

  /** The runs {@link #ANSWERED} after {@code workerId} stored the outcomes of {@code taskIds}. */
  static List<String> answered(Connection connection, String[] taskIds, String workerId)
      throws SQLException {
    try (PreparedStatement select = connection.prepareStatement(ANSWERED)) {
      Array ids = connection.createArrayOf("VARCHAR", taskIds);
      select.setArray(1, ids);
      select.setString(2, workerId);
      List<String> runs = new ArrayList<>();
      try (ResultSet rows = select.executeQuery()) {
        while (rows.next()) {
          runs.add(rows.getString(1));
        }
      }
      return runs;
    }
  }

  /** Deletes the tasks of the steps a requeue reset (see {@link #DELETE_RESET}). */
  static void deleteReset(Connection connection, String runId) throws SQLException {
    try (PreparedStatement delete = connection.prepareStatement(DELETE_RESET)) {
      delete.setString(1, runId);
      delete.setString(2, runId);
      delete.setString(3, runId);
      delete.executeUpdate();
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
    try (PreparedStatement select = connection.prepareStatement(CURRENT)) {
      select.setString(1, runId);
      select.setInt(2, fromSeq);
      select.setInt(3, toSeq);
      return read(select);
    }
  }

  static TaskRecord task(ResultSet rows) throws SQLException {
    Boolean retryable = rows.getObject(12) == null ? null : rows.getBoolean(12);
    return new TaskRecord(
        rows.getString(1),
        rows.getString(2),
        rows.getInt(3),
        rows.getString(4),
        rows.getInt(5),
        rows.getString(6),
        Rows.parse(TaskStatus.class, rows.getString(7),
            "durable_tasks.status of task " + rows.getString(1)),
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
        rows.getLong(19),
        rows.getString(20));
  }
}
