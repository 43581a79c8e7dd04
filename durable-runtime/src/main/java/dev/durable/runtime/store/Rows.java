package dev.durable.runtime.store;

import dev.durable.runtime.RunError;
import dev.durable.runtime.RunState;
import dev.durable.runtime.StepState;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.Optional;

/** The column lists of the run and checkpoint rows, and reading and binding them. */
final class Rows {
  static final String RUN_COLUMNS =
      "run_id, workflow_name, workflow_version, status, input, output, error_message, error_code,"
          + " error_type, error_step, created_at, updated_at, wake_at, due_at, lease_owner,"
          + " lease_until, epoch";
  static final String CHECKPOINT_COLUMNS =
      "run_id, seq, kind, name, status, attempts, input, output, error_message, error_code,"
          + " error_type, wake_at, started_at, updated_at, group_seq";

  /** The code of the error of a run, or a step, whose row cannot be understood. */
  static final String UNREADABLE_CODE = "storage_unreadable";

  private static final String SELECT_RUN =
      "SELECT " + RUN_COLUMNS + " FROM durable_runs WHERE run_id = ?";

  private Rows() {}

  /** The run with this id. */
  static Optional<RunRecord> selectRun(Connection connection, String runId) throws SQLException {
    try (PreparedStatement select = connection.prepareStatement(SELECT_RUN)) {
      select.setString(1, runId);
      try (ResultSet rows = select.executeQuery()) {
        return rows.next() ? Optional.of(run(rows, 1)) : Optional.empty();
      }
    }
  }

  /** A run row whose {@link #RUN_COLUMNS} start at column {@code first}. */
  static RunRecord run(ResultSet rows, int first) throws SQLException {
    int c = first;
    String runId = rows.getString(c);
    WorkflowKey workflow = new WorkflowKey(rows.getString(c + 1), rows.getString(c + 2));
    String input = rows.getString(c + 4);
    String output = rows.getString(c + 5);
    String errorMessage = rows.getString(c + 6);
    RunError error =
        errorMessage == null
            ? null
            : new RunError(
                errorMessage,
                rows.getString(c + 7),
                rows.getString(c + 8),
                Optional.ofNullable(rows.getString(c + 9)));
    RunState status;
    try {
      status = parse(RunState.class, rows.getString(c + 3), "durable_runs.status of run " + runId);
    } catch (UnreadableRowException e) {
      // reported as failed, with what is wrong: the status API answers instead of throwing
      status = RunState.FAILED;
      error = new RunError(e.getMessage(), UNREADABLE_CODE, e.getClass().getName(),
          Optional.empty());
    }
    return new RunRecord(
        runId,
        workflow,
        status,
        input,
        output,
        error,
        instant(rows, c + 10),
        instant(rows, c + 11),
        instant(rows, c + 12),
        instant(rows, c + 13),
        rows.getString(c + 14),
        instant(rows, c + 15),
        rows.getLong(c + 16));
  }

  /**
   * A checkpoint row of {@link #CHECKPOINT_COLUMNS}.
   *
   * @throws UnreadableRowException if its kind or status is not one this version knows
   */
  static CheckpointRecord checkpoint(ResultSet rows) throws SQLException {
    return checkpoint(rows, false);
  }

  /**
   * A checkpoint row of {@link #CHECKPOINT_COLUMNS}; one whose kind or status this version does
   * not know is read, when {@code lenient}, as a failed step whose error says what is wrong.
   */
  static CheckpointRecord checkpoint(ResultSet rows, boolean lenient) throws SQLException {
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
      kind = parse(CheckpointKind.class, rows.getString(3), "durable_steps.kind" + where);
      status = parse(StepState.class, rows.getString(5), "durable_steps.status" + where);
    } catch (UnreadableRowException e) {
      if (!lenient) {
        throw e;
      }
      kind = CheckpointKind.STEP;
      status = StepState.FAILED;
      error = new RunError(e.getMessage(), UNREADABLE_CODE, e.getClass().getName(),
          Optional.of(name));
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
        instant(rows, 12),
        instant(rows, 13),
        instant(rows, 14),
        rows.getObject(15, Integer.class));
  }

  /** The constant of {@code type} named {@code value}, which {@code column} holds. */
  static <E extends Enum<E>> E parse(Class<E> type, String value, String column) {
    for (E constant : type.getEnumConstants()) {
      if (constant.name().equals(value)) {
        return constant;
      }
    }
    throw new UnreadableRowException(
        column + " is " + (value == null ? "NULL" : "'" + value + "'") + ", which is not one of "
            + Arrays.toString(type.getEnumConstants()) + ": the row was changed by hand or by"
            + " another version of Durable; correct the row and requeue the run, or cancel it");
  }

  static void setInstant(PreparedStatement statement, int index, Instant instant)
      throws SQLException {
    if (instant == null) {
      statement.setNull(index, Types.TIMESTAMP_WITH_TIMEZONE);
    } else {
      statement.setObject(index, OffsetDateTime.ofInstant(instant, ZoneOffset.UTC));
    }
  }

  static Instant instant(ResultSet rows, int index) throws SQLException {
    OffsetDateTime value = rows.getObject(index, OffsetDateTime.class);
    return value == null ? null : value.toInstant();
  }

  /** An instant as ISO-8601 text, for PostgreSQL arrays cast to {@code timestamptz[]}. */
  static String text(Instant instant) {
    return instant == null ? null : instant.toString();
  }
}
