package dev.durable.runtime.store;

import dev.durable.runtime.RunError;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Writes a whole batch of progress in one round trip and one commit: one statement per run, joined
 * into one multi-statement text. The driver sends them together and PostgreSQL runs everything up
 * to the protocol's Sync in one implicit transaction, so in autocommit mode the batch commits, or
 * fails, as a whole.
 *
 * <p>A run's statement updates its row where its epoch still holds (the fence) and writes its
 * checkpoints and events from the row that update returned, so nothing is written where the fence
 * failed; the updated row stays locked until the commit, which keeps any claim out. Every row is
 * reached through a primary key, so the plans do not depend on what the planner guesses of the
 * tables' sizes (a join against an unnested array of run ids was planned as a sequential scan of
 * {@code durable_runs} while the table was young, and stayed so).
 */
final class PostgresProgressWriter implements ProgressWriter {
  private static final String INSERT_CHECKPOINT =
      "INSERT INTO durable_steps (" + Rows.CHECKPOINT_COLUMNS + ")"
          + " SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::timestamptz, ?::timestamptz,"
          + " ?::timestamptz, ?::int4 FROM fenced";
  private static final String UPDATE_CHECKPOINT =
      "UPDATE durable_steps SET status = ?, attempts = ?, output = ?, error_message = ?,"
          + " error_code = ?, error_type = ?, wake_at = ?::timestamptz, updated_at = ?::timestamptz"
          + " WHERE run_id = ? AND seq = ? AND EXISTS (SELECT 1 FROM fenced) RETURNING 1";
  private static final String INSERT_EVENTS =
      "INSERT INTO durable_events (run_id, at, type, step, attempt, detail)"
          + " SELECT f.run_id, v.at, v.type, v.step, v.attempt, v.detail FROM fenced f"
          + " CROSS JOIN (VALUES ";
  private static final String EVENT_ROW = "(?::timestamptz, ?, ?, ?::int4, ?, ";
  private static final String INSERT_TASK =
      "INSERT INTO durable_tasks (task_id, run_id, seq, step, attempt, input, status, created_at,"
          + " window_ms) SELECT ?, ?, ?, ?, ?, ?, 'QUEUED', ?::timestamptz, ?::int8 FROM fenced";

  /** How many parameters {@code commit}'s statement binds, at most. */
  static int parameters(Commit commit) {
    int count = 7; // the fenced update of the run, at most
    for (Commit.CheckpointWrite write : commit.checkpoints()) {
      count += write.insert() ? 15 : 10;
    }
    return count + 5 * commit.events().size() + 8 * commit.tasks().size();
  }

  @Override
  public boolean isSingleStatement() {
    return true;
  }

  @Override
  public boolean[] write(Connection connection, List<Commit> commits, Instant now)
      throws SQLException {
    StringBuilder sql = new StringBuilder();
    Params params = new Params();
    Integer[] order = canonicalOrder(commits);
    for (int i : order) {
      write(sql, params, commits.get(i), now);
    }
    if (commits.stream().anyMatch(commit -> !commit.tasks().isEmpty())) {
      sql.append("NOTIFY ").append(Listener.TASKS_CHANNEL).append(";\n"); // after the results
    }
    boolean[] written = new boolean[commits.size()];
    try (PreparedStatement statement = connection.prepareStatement(sql.toString())) {
      params.bind(statement);
      statement.execute();
      for (int i : order) {
        try (ResultSet row = statement.getResultSet()) {
          if (row == null || !row.next()) {
            throw new SQLException("a statement of the progress batch returned no row");
          }
          written[i] = row.getInt(1) == 1;
          long updates = commits.get(i).checkpoints().stream().filter(c -> !c.insert()).count();
          // a run whose fence held must have found the checkpoints it updates
          if (written[i] && row.getInt(2) != updates) {
            throw new SQLException("a checkpoint of run " + commits.get(i).fence().runId()
                + " vanished while being updated");
          }
        }
        statement.getMoreResults();
      }
    }
    return written;
  }

  /**
   * One statement for one commit: the fenced update of its run, then its checkpoints and events,
   * each written from the fenced row, so nothing is written where the fence failed. Returns one
   * row: whether the fence held, and how many checkpoints were updated.
   */
  private static void write(StringBuilder sql, Params params, Commit commit, Instant now) {
    sql.append("WITH fenced AS (");
    updateRun(sql, params, commit, now);
    sql.append(" RETURNING run_id)");
    int updates = 0;
    int part = 0;
    for (Commit.CheckpointWrite write : commit.checkpoints()) {
      String name = write.insert() ? "i" + part++ : "u" + updates++;
      sql.append(", ").append(name).append(" AS (");
      writeCheckpoint(sql, params, write);
      sql.append(')');
    }
    if (!commit.events().isEmpty()) {
      sql.append(", logged AS (");
      insertEvents(sql, params, commit);
      sql.append(')');
    }
    int queued = 0;
    for (TaskRecord task : commit.tasks()) {
      sql.append(", t").append(queued++).append(" AS (").append(INSERT_TASK).append(')');
      params.string(task.taskId()).string(task.runId()).int4(task.seq()).string(task.step())
          .int4(task.attempt()).string(task.input()).instant(task.createdAt())
          .int8(task.windowMs());
    }
    sql.append(" SELECT (SELECT count(*) FROM fenced), 0");
    for (int u = 0; u < updates; u++) {
      sql.append(" + (SELECT count(*) FROM u").append(u).append(')');
    }
    sql.append(";\n");
  }

  /**
   * The commits' indices ordered by their shape (run change, checkpoint writes, event count), so
   * that the batch's text depends only on how many commits of each shape it carries. Texts that
   * recur are prepared once by the driver and planned once by the server; a text in arrival order
   * would be new nearly every time, and parsed and planned statement by statement.
   */
  private static Integer[] canonicalOrder(List<Commit> commits) {
    Integer[] order = new Integer[commits.size()];
    String[] shapes = new String[commits.size()];
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
      shapes[i] = shape(commits.get(i));
    }
    Arrays.sort(order, Comparator.comparing(i -> shapes[i]));
    return order;
  }

  private static String shape(Commit commit) {
    StringBuilder shape = new StringBuilder().append(commit.change().kind().ordinal());
    for (Commit.CheckpointWrite write : commit.checkpoints()) {
      shape.append(write.insert() ? 'i' : 'u');
    }
    return shape.append('/').append(commit.events().size()).append('/')
        .append(commit.tasks().size()).toString();
  }

  private static void updateRun(StringBuilder sql, Params params, Commit commit, Instant now) {
    RunChange change = commit.change();
    switch (change.kind()) {
      case TOUCH -> sql.append(PortableProgressWriter.TOUCH_RUN);
      case SLEEPING -> {
        sql.append(PortableProgressWriter.SLEEP_RUN);
        params.instant(change.wakeAt()).instant(change.wakeAt());
      }
      case COMPLETED -> {
        sql.append(PortableProgressWriter.COMPLETE_RUN);
        params.string(change.output());
      }
      case FAILED -> {
        sql.append(PortableProgressWriter.FAIL_RUN);
        RunError error = change.error();
        params.string(error.message()).string(error.code()).string(error.type())
            .string(error.step().orElse(null));
      }
    }
    params.instant(now).string(commit.fence().runId()).int8(commit.fence().epoch());
  }

  private static void writeCheckpoint(
      StringBuilder sql, Params params, Commit.CheckpointWrite write) {
    CheckpointRecord c = write.record();
    RunError error = c.error();
    String message = error == null ? null : error.message();
    String code = error == null ? null : error.code();
    String type = error == null ? null : error.type();
    if (write.insert()) {
      sql.append(INSERT_CHECKPOINT);
      params.string(c.runId()).int4(c.seq()).string(c.kind().name()).string(c.name())
          .string(c.status().name()).int4(c.attempts()).string(c.input()).string(c.output())
          .string(message).string(code).string(type).instant(c.wakeAt()).instant(c.startedAt())
          .instant(c.updatedAt()).nullableInt4(c.groupSeq());
    } else {
      sql.append(UPDATE_CHECKPOINT);
      params.string(c.status().name()).int4(c.attempts()).string(c.output()).string(message)
          .string(code).string(type).instant(c.wakeAt()).instant(c.updatedAt())
          .string(c.runId()).int4(c.seq());
    }
  }

  private static void insertEvents(StringBuilder sql, Params params, Commit commit) {
    sql.append(INSERT_EVENTS);
    int ord = 0;
    for (NewEvent event : commit.events()) {
      if (ord > 0) {
        sql.append(", ");
      }
      sql.append(EVENT_ROW).append(ord++).append(')');
      params.instant(event.at()).string(event.type()).string(event.step()).int4(event.attempt())
          .string(event.detail());
    }
    sql.append(") AS v(at, type, step, attempt, detail, ord) ORDER BY v.ord");
  }

  /** The parameters of the batch's statements, in order. */
  private static final class Params {
    private final List<Object> values = new ArrayList<>();

    Params string(String value) {
      values.add(value == null ? NullString.INSTANCE : value);
      return this;
    }

    Params int4(int value) {
      values.add(value);
      return this;
    }

    Params nullableInt4(Integer value) {
      values.add(value == null ? NullInt.INSTANCE : value);
      return this;
    }

    Params int8(long value) {
      values.add(value);
      return this;
    }

    Params instant(Instant value) {
      values.add(value == null ? NullInstant.INSTANCE : value);
      return this;
    }

    void bind(PreparedStatement statement) throws SQLException {
      for (int i = 0; i < values.size(); i++) {
        Object value = values.get(i);
        int index = i + 1;
        if (value instanceof String text) {
          statement.setString(index, text);
        } else if (value instanceof Integer number) {
          statement.setInt(index, number);
        } else if (value instanceof Long number) {
          statement.setLong(index, number);
        } else if (value instanceof Instant instant) {
          Rows.setInstant(statement, index, instant);
        } else if (value == NullInstant.INSTANCE) {
          Rows.setInstant(statement, index, null);
        } else if (value == NullInt.INSTANCE) {
          statement.setNull(index, Types.INTEGER);
        } else {
          statement.setNull(index, Types.VARCHAR);
        }
      }
    }
  }

  private enum NullString {
    INSTANCE
  }

  private enum NullInstant {
    INSTANCE
  }

  private enum NullInt {
    INSTANCE
  }
}
