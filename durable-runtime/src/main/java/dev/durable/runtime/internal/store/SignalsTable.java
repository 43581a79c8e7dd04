package dev.durable.runtime.internal.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The SQL of {@code durable_signals}, the signals sent to runs: storing one, reading the oldest one
 * of a name that its run has not taken, and marking signals taken (alone, on H2, or in PostgreSQL's
 * progress statement, where they are marked from the fenced run row).
 */
final class SignalsTable {
  private static final String INSERT =
      "INSERT INTO durable_signals (run_id, name, payload, created_at) VALUES (?, ?, ?, ?)";
  private static final String SELECT_NEXT =
      "SELECT id, payload FROM durable_signals WHERE run_id = ? AND name = ?"
          + " AND consumed_seq IS NULL ORDER BY id LIMIT 1";
  /** Marks a signal taken by the wait at a position; {@link #bindTake} binds it. */
  static final String TAKE =
      "UPDATE durable_signals SET consumed_seq = ? WHERE id = ? AND run_id = ?"
          + " AND consumed_seq IS NULL";
  /** {@link #TAKE} in a PostgreSQL progress statement: only if the run's row was fenced. */
  static final String TAKE_FENCED = TAKE + " AND EXISTS (SELECT 1 FROM fenced) RETURNING 1";

  /** The {@code consumed_seq} of a signal no wait took: its value did not fit. */
  static final int REJECTED = -1;
  private static final String REJECT =
      "UPDATE durable_signals SET consumed_seq = " + REJECTED + " WHERE id = ? AND run_id = ?"
          + " AND consumed_seq IS NULL";

  private SignalsTable() {}

  /** Marks a signal rejected, if no wait took it; returns whether it did. */
  static boolean reject(Connection connection, String runId, long id) throws SQLException {
    try (PreparedStatement reject = connection.prepareStatement(REJECT)) {
      reject.setLong(1, id);
      reject.setString(2, runId);
      return reject.executeUpdate() == 1;
    }
  }

  /** A signal taken by the checkpoint {@code write}: its position, id and run. */
  static Params bindTake(Params params, Commit.CheckpointWrite write) {
    return params.int4(write.record().seq()).int8(write.takesSignal())
        .string(write.record().runId());
  }

  /** Stores a signal; it is taken in the order of the ids this assigns. */
  static void insert(
      Connection connection, String runId, String name, String payload, Instant now)
      throws SQLException {
    try (PreparedStatement insert = connection.prepareStatement(INSERT)) {
      insert.setString(1, runId);
      insert.setString(2, name);
      insert.setString(3, payload);
      Rows.setInstant(insert, 4, now);
      insert.executeUpdate();
    }
  }

  /** The oldest signal named {@code name} sent to the run and not taken yet. */
  static Optional<SignalRecord> next(Connection connection, String runId, String name)
      throws SQLException {
    try (PreparedStatement select = connection.prepareStatement(SELECT_NEXT)) {
      select.setString(1, runId);
      select.setString(2, name);
      try (ResultSet rows = select.executeQuery()) {
        return rows.next()
            ? Optional.of(new SignalRecord(rows.getLong(1), rows.getString(2)))
            : Optional.empty();
      }
    }
  }

  /**
   * Marks the signals the checkpoints {@code writes} take, as one batch.
   *
   * @throws SQLException if one of them was taken already: the commit must not be made
   */
  static void take(Connection connection, List<Commit.CheckpointWrite> writes)
      throws SQLException {
    if (writes.isEmpty()) {
      return;
    }
    try (PreparedStatement take = connection.prepareStatement(TAKE)) {
      for (Commit.CheckpointWrite write : writes) {
        bindTake(new Params(), write).bind(take);
        take.addBatch();
      }
      int[] counts = take.executeBatch();
      for (int i = 0; i < counts.length; i++) {
        if (counts[i] != 1) {
          throw new SQLException("signal " + writes.get(i).takesSignal() + " of run "
              + writes.get(i).record().runId() + " was taken already, or is gone");
        }
      }
    }
  }
}
