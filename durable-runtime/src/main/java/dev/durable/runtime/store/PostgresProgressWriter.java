package dev.durable.runtime.store;

import dev.durable.runtime.RunError;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Writes a whole batch of progress in one round trip and one commit: for each run, its fenced
 * update, its checkpoints and its events, as plain statements joined into one multi-statement
 * text. The driver sends them together and PostgreSQL runs everything up to the protocol's Sync in
 * one implicit transaction, so in autocommit mode the batch commits, or fails, as a whole.
 *
 * <p>Every statement reaches its rows through a primary key, so its plan does not depend on what
 * the planner guesses of the table's size (a join against an unnested array of run ids was planned
 * as a sequential scan of {@code durable_runs} while the table was young, and stayed so). The
 * checkpoints and events of a run are written only where its fence held: each carries {@code
 * EXISTS} on the run's epoch, which sees the run's update earlier in the same transaction, whose
 * row lock keeps any claim out until the commit.
 */
final class PostgresProgressWriter implements ProgressWriter {
  private static final String FENCE =
      " WHERE EXISTS (SELECT 1 FROM durable_runs WHERE run_id = ? AND epoch = ?)";
  private static final String INSERT_CHECKPOINT =
      "INSERT INTO durable_steps (" + Rows.CHECKPOINT_COLUMNS + ")"
          + " SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::timestamptz, ?::timestamptz,"
          + " ?::timestamptz" + FENCE;
  private static final String UPDATE_CHECKPOINT =
      "UPDATE durable_steps SET status = ?, attempts = ?, output = ?, error_message = ?,"
          + " error_code = ?, error_type = ?, wake_at = ?::timestamptz, updated_at = ?::timestamptz"
          + " WHERE run_id = ? AND seq = ? AND EXISTS"
          + " (SELECT 1 FROM durable_runs WHERE run_id = ? AND epoch = ?)";
  private static final String INSERT_EVENTS =
      "INSERT INTO durable_events (run_id, at, type, step, attempt, detail)"
          + " SELECT v.run_id, v.at, v.type, v.step, v.attempt, v.detail FROM (VALUES ";
  private static final String EVENT_ROW = "(?, ?::timestamptz, ?, ?, ?::int4, ?, ";

  @Override
  public boolean isSingleStatement() {
    return true;
  }

  @Override
  public boolean[] write(Connection connection, List<Commit> commits, Instant now)
      throws SQLException {
    StringBuilder sql = new StringBuilder();
    Params params = new Params();
    // the index, among the statements' results, of each commit's fenced run update
    int[] fenceResult = new int[commits.size()];
    // for each checkpoint update: its result's index and its commit's
    List<int[]> checkpointUpdates = new ArrayList<>();
    int results = 0;
    for (int i : canonicalOrder(commits)) {
      Commit commit = commits.get(i);
      fenceResult[i] = results++;
      updateRun(sql, params, commit, now);
      for (Commit.CheckpointWrite write : commit.checkpoints()) {
        if (!write.insert()) {
          checkpointUpdates.add(new int[] {results, i});
        }
        results++;
        writeCheckpoint(sql, params, commit.fence(), write);
      }
      if (!commit.events().isEmpty()) {
        results++;
        insertEvents(sql, params, commit);
      }
    }
    int[] counts = new int[results];
    try (PreparedStatement statement = connection.prepareStatement(sql.toString())) {
      params.bind(statement);
      boolean resultSet = statement.execute();
      int r = 0;
      while (true) {
        if (!resultSet) {
          int count = statement.getUpdateCount();
          if (count == -1) {
            break;
          }
          counts[r++] = count;
        }
        resultSet = statement.getMoreResults();
      }
      if (r != results) {
        throw new SQLException(
            "expected " + results + " statement results from the progress batch, got " + r);
      }
    }
    boolean[] written = new boolean[commits.size()];
    for (int i = 0; i < commits.size(); i++) {
      written[i] = counts[fenceResult[i]] == 1;
    }
    // a fenced-out run wrote nothing; a run whose fence held must have found its checkpoints
    for (int[] update : checkpointUpdates) {
      if (written[update[1]] && counts[update[0]] != 1) {
        throw new SQLException("a checkpoint vanished while being updated");
      }
    }
    return written;
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
    return shape.append('/').append(commit.events().size()).toString();
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
    sql.append(";\n");
    params.instant(now).string(commit.fence().runId()).int8(commit.fence().epoch());
  }

  private static void writeCheckpoint(
      StringBuilder sql, Params params, Fence fence, Commit.CheckpointWrite write) {
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
          .instant(c.updatedAt());
    } else {
      sql.append(UPDATE_CHECKPOINT);
      params.string(c.status().name()).int4(c.attempts()).string(c.output()).string(message)
          .string(code).string(type).instant(c.wakeAt()).instant(c.updatedAt())
          .string(c.runId()).int4(c.seq());
    }
    params.string(fence.runId()).int8(fence.epoch());
    sql.append(";\n");
  }

  private static void insertEvents(StringBuilder sql, Params params, Commit commit) {
    sql.append(INSERT_EVENTS);
    int ord = 0;
    for (NewEvent event : commit.events()) {
      if (ord > 0) {
        sql.append(", ");
      }
      sql.append(EVENT_ROW).append(ord++).append(')');
      params.string(commit.fence().runId()).instant(event.at()).string(event.type())
          .string(event.step()).int4(event.attempt()).string(event.detail());
    }
    sql.append(") AS v(run_id, at, type, step, attempt, detail, ord)").append(FENCE)
        .append(" ORDER BY v.ord;\n");
    params.string(commit.fence().runId()).int8(commit.fence().epoch());
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
}
