package dev.durable.runtime.internal.store;

import dev.durable.runtime.RunError;
import dev.durable.runtime.StepState;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The SQL of {@code durable_steps}, the checkpoints: inserting and updating them (alone, or in
 * PostgreSQL's progress statement, where they are written from the fenced run row), reading them,
 * and resetting failed ones for a requeue.
 */
final class StepsTable {
  static final String COLUMNS =
      "run_id, seq, kind, name, status, attempts, input, output, error_message, error_code,"
          + " error_type, wake_at, started_at, updated_at, group_seq";
  /** A new checkpoint; {@link #bindInsert} binds it. */
  static final String INSERT = insert("?", "?", " VALUES (", ")");
  /**
   * {@link #INSERT} in a PostgreSQL progress statement: written only if the run's row was fenced
   * (the {@code fenced} CTE returned it). Its instants and group are cast, as parameters in a
   * {@code SELECT} list have no column to take their type from.
   */
  static final String INSERT_FENCED =
      insert("?::timestamptz", "?::int4", " SELECT ", " FROM fenced");

  /**
   * {@link #INSERT_FENCED} of a checkpoint that carries its step's two events ({@link
   * Commit.CheckpointWrite#carriesEvents}): they take the ids numbered {@code started} and {@code
   * started + 1} of the statement's {@code numbered} ids, in the log's order.
   */
  static String insertFencedCarrying(int started) {
    return "INSERT INTO durable_steps (" + COLUMNS + ", started_event, completed_event) SELECT"
        + " ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::timestamptz, ?::timestamptz, ?::timestamptz,"
        + " ?::int4, (SELECT id FROM numbered WHERE n = " + started + "), (SELECT id FROM numbered"
        + " WHERE n = " + (started + 1) + ") FROM fenced";
  }
  /** A checkpoint's new state; {@link #bindUpdate} binds it. */
  static final String UPDATE = update("?", "");
  /** {@link #UPDATE} in a PostgreSQL progress statement: only if the run's row was fenced. */
  static final String UPDATE_FENCED =
      update("?::timestamptz", " AND EXISTS (SELECT 1 FROM fenced) RETURNING 1");
  static final String SELECT =
      "SELECT " + COLUMNS + " FROM durable_steps WHERE run_id = ? ORDER BY seq";
  /**
   * The checkpoints of the runs a claim just leased ({@link RunsTable#JUST_CLAIMED}), by run and
   * in order.
   */
  static final String OF_JUST_CLAIMED =
      "SELECT " + COLUMNS + " FROM durable_steps WHERE run_id IN (" + RunsTable.JUST_CLAIMED + ")"
          + " ORDER BY run_id, seq";
  private static final String SELECT_SNAPSHOT =
      "SELECT " + Rows.prefixed("s.", COLUMNS) + ", " + Rows.prefixed("r.", RunsTable.COLUMNS)
          + " FROM durable_runs r LEFT JOIN durable_steps s ON s.run_id = r.run_id"
          + " WHERE r.run_id = ? ORDER BY s.seq";
  /** Where the run's columns begin in a snapshot row: after the checkpoint's. */
  private static final int SNAPSHOT_RUN_COLUMNS_FROM = COLUMNS.split(",").length + 1;
  private static final String DELETE_FROM = "DELETE FROM durable_steps WHERE run_id = ? AND seq >= ?";
  private static final String DELETE_TRAILING_FAILED =
      "DELETE FROM durable_steps WHERE run_id = ? AND status = 'FAILED' AND seq >"
          + " (SELECT COALESCE(MAX(seq), -1) FROM durable_steps"
          + " WHERE run_id = ? AND status <> 'FAILED')";
  /**
   * The failed branches of the group that failed the run (the group of its last checkpoint) start
   * over in place, with a fresh budget: the group's other branches keep their results.
   */
  private static final String RESET_FAILED_BRANCHES =
      "UPDATE durable_steps SET status = CASE WHEN kind = 'REMOTE' THEN 'RETRYING' ELSE 'PENDING'"
          + " END, attempts = 0, error_message = NULL, error_code = NULL, error_type = NULL,"
          + " wake_at = NULL, updated_at = ? WHERE run_id = ? AND status = 'FAILED' AND group_seq ="
          + " (SELECT s.group_seq FROM durable_steps s WHERE s.run_id = ? AND s.seq ="
          + " (SELECT MAX(m.seq) FROM durable_steps m WHERE m.run_id = ?))";

  private StepsTable() {}

  private static String insert(String instant, String int4, String open, String close) {
    return "INSERT INTO durable_steps (" + COLUMNS + ")" + open
        + "?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, " + instant + ", " + instant + ", " + instant + ", "
        + int4 + close;
  }

  private static String update(String instant, String condition) {
    return "UPDATE durable_steps SET status = ?, attempts = ?, output = ?, error_message = ?,"
        + " error_code = ?, error_type = ?, wake_at = " + instant + ", updated_at = " + instant
        + " WHERE run_id = ? AND seq = ?" + condition;
  }

  /** The values of {@link #INSERT} for {@code c}. */
  static Params bindInsert(Params params, CheckpointRecord c) {
    RunError error = c.error();
    return params.string(c.runId()).int4(c.seq()).string(c.kind().name()).string(c.name())
        .string(c.status().name()).int4(c.attempts()).string(c.input()).string(c.output())
        .string(error == null ? null : error.message())
        .string(error == null ? null : error.code())
        .string(error == null ? null : error.type())
        .instant(c.wakeAt()).instant(c.startedAt()).instant(c.updatedAt())
        .nullableInt4(c.groupSeq());
  }

  /** The values of {@link #UPDATE} for {@code c}. */
  static Params bindUpdate(Params params, CheckpointRecord c) {
    RunError error = c.error();
    return params.string(c.status().name()).int4(c.attempts()).string(c.output())
        .string(error == null ? null : error.message())
        .string(error == null ? null : error.code())
        .string(error == null ? null : error.type())
        .instant(c.wakeAt()).instant(c.updatedAt()).string(c.runId()).int4(c.seq());
  }

  /** Inserts checkpoints, as one batch. */
  static void insert(Connection connection, List<CheckpointRecord> inserts) throws SQLException {
    if (inserts.isEmpty()) {
      return;
    }
    try (PreparedStatement insert = connection.prepareStatement(INSERT)) {
      for (CheckpointRecord c : inserts) {
        bindInsert(new Params(), c).bind(insert);
        insert.addBatch();
      }
      insert.executeBatch();
    }
  }

  /** Updates checkpoints, as one batch; each must exist. */
  static void update(Connection connection, List<CheckpointRecord> updates) throws SQLException {
    if (updates.isEmpty()) {
      return;
    }
    try (PreparedStatement update = connection.prepareStatement(UPDATE)) {
      for (CheckpointRecord c : updates) {
        bindUpdate(new Params(), c).bind(update);
        update.addBatch();
      }
      for (int count : update.executeBatch()) {
        if (count != 1) {
          throw new SQLException("a checkpoint vanished while being updated");
        }
      }
    }
  }

  /** The run's checkpoints, in order. */
  static List<CheckpointRecord> select(Connection connection, String runId) throws SQLException {
    try (PreparedStatement select = connection.prepareStatement(SELECT)) {
      select.setString(1, runId);
      try (ResultSet rows = select.executeQuery()) {
        return readAll(rows);
      }
    }
  }

  /** The checkpoints in {@code rows}, selected by {@link #SELECT}. */
  static List<CheckpointRecord> readAll(ResultSet rows) throws SQLException {
    List<CheckpointRecord> checkpoints = new ArrayList<>();
    while (rows.next()) {
      checkpoints.add(read(rows, false));
    }
    return checkpoints;
  }

  /**
   * The run and its checkpoints as of one moment: one statement, so that a step and the run it
   * belongs to are never seen at different points of a transition.
   */
  static Optional<RunSnapshot> snapshot(Connection connection, String runId)
      throws SQLException {
    try (PreparedStatement select = connection.prepareStatement(SELECT_SNAPSHOT)) {
      select.setString(1, runId);
      RunRecord run = null;
      List<CheckpointRecord> checkpoints = new ArrayList<>();
      try (ResultSet rows = select.executeQuery()) {
        while (rows.next()) {
          if (run == null) {
            run = RunsTable.read(rows, SNAPSHOT_RUN_COLUMNS_FROM);
          }
          if (rows.getString(1) != null) {
            checkpoints.add(read(rows, true));
          }
        }
      }
      return run == null ? Optional.empty() : Optional.of(new RunSnapshot(run, checkpoints));
    }
  }

  /**
   * Gives the failed steps at the end of a requeued run a fresh start: the failed branches of its
   * last group start over in place, and the failed checkpoints after its last good one are
   * deleted.
   *
   * @return how many steps were reset
   */
  static int resetFailed(Connection connection, String runId, Instant now)
      throws SQLException {
    int reset;
    try (PreparedStatement branches = connection.prepareStatement(RESET_FAILED_BRANCHES)) {
      Rows.setInstant(branches, 1, now);
      branches.setString(2, runId);
      branches.setString(3, runId);
      branches.setString(4, runId);
      reset = branches.executeUpdate();
    }
    try (PreparedStatement delete = connection.prepareStatement(DELETE_TRAILING_FAILED)) {
      delete.setString(1, runId);
      delete.setString(2, runId);
      reset += delete.executeUpdate();
    }
    return reset;
  }

  /**
   * Deletes the run's checkpoints from position {@code seq} on; the events they carry stay in the
   * run's history as rows of the log.
   */
  static void deleteFrom(Connection connection, String runId, int seq) throws SQLException {
    EventsTable.keepCarried(connection, runId, seq);
    try (PreparedStatement delete = connection.prepareStatement(DELETE_FROM)) {
      delete.setString(1, runId);
      delete.setInt(2, seq);
      delete.executeUpdate();
    }
  }

  /**
   * A checkpoint row of {@link #COLUMNS}; one whose kind or status this version does not know is
   * read, when {@code lenient}, as a failed step whose error says what is wrong.
   *
   * @throws UnreadableRowException if its kind or status is not one this version knows, and not
   *     {@code lenient}
   */
  static CheckpointRecord read(ResultSet rows, boolean lenient) throws SQLException {
    String runId = rows.getString(1);
    int seq = rows.getInt(2);
    String name = rows.getString(4);
    String errorMessage = rows.getString(9);
    RunError error =
        errorMessage == null
            ? null
            : new RunError(
                errorMessage, rows.getString(10), rows.getString(11), Optional.of(name));
    String where = " of step '" + name + "' at position " + seq + " of run " + runId;
    CheckpointKind kind;
    StepState status;
    try {
      kind = Rows.parse(CheckpointKind.class, rows.getString(3), "durable_steps.kind" + where);
      status = Rows.parse(StepState.class, rows.getString(5), "durable_steps.status" + where);
    } catch (UnreadableRowException e) {
      if (!lenient) {
        throw e;
      }
      kind = CheckpointKind.STEP;
      status = StepState.FAILED;
      error = Rows.unreadable(e, Optional.of(name));
    }
    return new CheckpointRecord(
        runId,
        seq,
        kind,
        name,
        status,
        rows.getInt(6),
        rows.getString(7),
        rows.getString(8),
        error,
        Rows.instant(rows, 12),
        Rows.instant(rows, 13),
        Rows.instant(rows, 14),
        rows.getObject(15, Integer.class));
  }
}
