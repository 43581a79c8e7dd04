package dev.durable.runtime.store;

import dev.durable.runtime.RunError;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Writes progress with plain statements in one transaction, each kind of statement as one JDBC
 * batch: the run updates (the fence), then checkpoint inserts and updates, then events. Used for
 * H2, where statements are in-process calls.
 */
final class PortableProgressWriter implements ProgressWriter {
  static final String TOUCH_RUN =
      "UPDATE durable_runs SET updated_at = ? WHERE run_id = ? AND epoch = ?";
  /**
   * Suspends a run, unless it was woken while it executed ({@code woken_at}): then it is due at
   * once, at its last update, an instant of the engines' clock.
   */
  static final String SLEEP_RUN =
      "UPDATE durable_runs SET status = CASE WHEN woken_at IS NULL THEN 'SLEEPING' ELSE 'PENDING'"
          + " END, wake_at = ?, due_at = CASE WHEN woken_at IS NULL THEN ? ELSE updated_at END,"
          + " woken_at = NULL, lease_owner = NULL, lease_until = NULL, updated_at = ?"
          + " WHERE run_id = ? AND epoch = ?";
  static final String COMPLETE_RUN =
      "UPDATE durable_runs SET status = 'COMPLETED', output = ?, wake_at = NULL, due_at = NULL,"
          + " lease_owner = NULL, lease_until = NULL, updated_at = ? WHERE run_id = ? AND epoch = ?";
  static final String FAIL_RUN =
      "UPDATE durable_runs SET status = 'FAILED', error_message = ?, error_code = ?,"
          + " error_type = ?, error_step = ?, wake_at = NULL, due_at = NULL, lease_owner = NULL,"
          + " lease_until = NULL, updated_at = ? WHERE run_id = ? AND epoch = ?";
  private static final String INSERT_CHECKPOINT =
      "INSERT INTO durable_steps (" + Rows.CHECKPOINT_COLUMNS + ")"
          + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
  private static final String UPDATE_CHECKPOINT =
      "UPDATE durable_steps SET status = ?, attempts = ?, output = ?, error_message = ?,"
          + " error_code = ?, error_type = ?, wake_at = ?, updated_at = ?"
          + " WHERE run_id = ? AND seq = ?";

  @Override
  public boolean isSingleStatement() {
    return false;
  }

  @Override
  public boolean[] write(Connection connection, List<Commit> commits, Instant now)
      throws SQLException {
    boolean[] written = fence(connection, commits, now);
    List<Commit.CheckpointWrite> inserts = new ArrayList<>();
    List<Commit.CheckpointWrite> updates = new ArrayList<>();
    List<EventLog.Entry> events = new ArrayList<>();
    for (int i = 0; i < commits.size(); i++) {
      if (!written[i]) {
        continue;
      }
      Commit commit = commits.get(i);
      for (Commit.CheckpointWrite checkpoint : commit.checkpoints()) {
        (checkpoint.insert() ? inserts : updates).add(checkpoint);
      }
      for (NewEvent event : commit.events()) {
        events.add(new EventLog.Entry(commit.fence().runId(), event));
      }
    }
    insertCheckpoints(connection, inserts);
    updateCheckpoints(connection, updates);
    EventLog.append(connection, events);
    for (int i = 0; i < commits.size(); i++) {
      if (written[i]) {
        for (TaskRecord task : commits.get(i).tasks()) {
          TaskQueue.insert(connection, task);
        }
      }
    }
    return written;
  }

  /** Applies each commit's run change where its epoch still holds; one batch per kind. */
  private static boolean[] fence(Connection connection, List<Commit> commits, Instant now)
      throws SQLException {
    Map<RunChange.Kind, List<Integer>> byKind = new EnumMap<>(RunChange.Kind.class);
    for (int i = 0; i < commits.size(); i++) {
      byKind.computeIfAbsent(commits.get(i).change().kind(), k -> new ArrayList<>()).add(i);
    }
    boolean[] written = new boolean[commits.size()];
    for (Map.Entry<RunChange.Kind, List<Integer>> kind : byKind.entrySet()) {
      try (PreparedStatement update = connection.prepareStatement(sql(kind.getKey()))) {
        for (int index : kind.getValue()) {
          bind(update, commits.get(index), now);
          update.addBatch();
        }
        int[] counts = update.executeBatch();
        for (int j = 0; j < counts.length; j++) {
          written[kind.getValue().get(j)] = counts[j] == 1;
        }
      }
    }
    return written;
  }

  private static String sql(RunChange.Kind kind) {
    return switch (kind) {
      case TOUCH -> TOUCH_RUN;
      case SLEEPING -> SLEEP_RUN;
      case COMPLETED -> COMPLETE_RUN;
      case FAILED -> FAIL_RUN;
    };
  }

  private static void bind(PreparedStatement update, Commit commit, Instant now)
      throws SQLException {
    RunChange change = commit.change();
    int i = 1;
    switch (change.kind()) {
      case TOUCH -> {}
      case SLEEPING -> {
        Rows.setInstant(update, i++, change.wakeAt());
        Rows.setInstant(update, i++, change.wakeAt());
      }
      case COMPLETED -> update.setString(i++, change.output());
      case FAILED -> {
        RunError error = change.error();
        update.setString(i++, error.message());
        update.setString(i++, error.code());
        update.setString(i++, error.type());
        update.setString(i++, error.step().orElse(null));
      }
    }
    Rows.setInstant(update, i++, now);
    update.setString(i++, commit.fence().runId());
    update.setLong(i, commit.fence().epoch());
  }

  private static void insertCheckpoints(
      Connection connection, List<Commit.CheckpointWrite> inserts) throws SQLException {
    if (inserts.isEmpty()) {
      return;
    }
    try (PreparedStatement insert = connection.prepareStatement(INSERT_CHECKPOINT)) {
      for (Commit.CheckpointWrite write : inserts) {
        CheckpointRecord c = write.record();
        RunError error = c.error();
        insert.setString(1, c.runId());
        insert.setInt(2, c.seq());
        insert.setString(3, c.kind().name());
        insert.setString(4, c.name());
        insert.setString(5, c.status().name());
        insert.setInt(6, c.attempts());
        insert.setString(7, c.input());
        insert.setString(8, c.output());
        insert.setString(9, error == null ? null : error.message());
        insert.setString(10, error == null ? null : error.code());
        insert.setString(11, error == null ? null : error.type());
        Rows.setInstant(insert, 12, c.wakeAt());
        Rows.setInstant(insert, 13, c.startedAt());
        Rows.setInstant(insert, 14, c.updatedAt());
        insert.setObject(15, c.groupSeq(), Types.INTEGER);
        insert.addBatch();
      }
      insert.executeBatch();
    }
  }

  private static void updateCheckpoints(
      Connection connection, List<Commit.CheckpointWrite> updates) throws SQLException {
    if (updates.isEmpty()) {
      return;
    }
    try (PreparedStatement update = connection.prepareStatement(UPDATE_CHECKPOINT)) {
      for (Commit.CheckpointWrite write : updates) {
        CheckpointRecord c = write.record();
        RunError error = c.error();
        update.setString(1, c.status().name());
        update.setInt(2, c.attempts());
        update.setString(3, c.output());
        update.setString(4, error == null ? null : error.message());
        update.setString(5, error == null ? null : error.code());
        update.setString(6, error == null ? null : error.type());
        Rows.setInstant(update, 7, c.wakeAt());
        Rows.setInstant(update, 8, c.updatedAt());
        update.setString(9, c.runId());
        update.setInt(10, c.seq());
        update.addBatch();
      }
      for (int count : update.executeBatch()) {
        if (count != 1) {
          throw new SQLException("a checkpoint vanished while being updated");
        }
      }
    }
  }
}
