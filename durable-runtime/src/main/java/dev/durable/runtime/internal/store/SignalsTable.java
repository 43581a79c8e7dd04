package dev.durable.runtime.internal.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
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
  private static final Sql INSERT = Sql.of(
      "INSERT INTO durable_signals (run_id, name, payload, created_at)"
          + " VALUES (:runId, :name, :payload, :now)");
  private static final Sql SELECT_NEXT = Sql.of(
      "SELECT id, payload FROM durable_signals WHERE run_id = :runId AND name = :name"
          + " AND consumed_seq IS NULL ORDER BY id LIMIT 1");
  /** Marks a signal taken by the wait at a position; {@link #takeValues} binds it. */
  static final Sql TAKE = Sql.of(
      "UPDATE durable_signals SET consumed_seq = :seq WHERE id = :signalId AND run_id = :runId"
          + " AND consumed_seq IS NULL");
  /** {@link #TAKE} in a PostgreSQL progress statement: only if the run's row was fenced. */
  static final Sql TAKE_FENCED = Sql.of(
      "UPDATE durable_signals SET consumed_seq = :seq WHERE id = :signalId AND run_id = :runId"
          + " AND consumed_seq IS NULL AND EXISTS (SELECT 1 FROM fenced) RETURNING 1");

  /** The {@code consumed_seq} of a signal no wait took: its value did not fit. */
  static final int REJECTED = -1;
  private static final Sql REJECT = Sql.of(
      "UPDATE durable_signals SET consumed_seq = " + REJECTED + " WHERE id = :signalId"
          + " AND run_id = :runId AND consumed_seq IS NULL");
  /** A deleted run's signals ({@link FinishedRuns}). */
  static final Sql DELETE_OF_RUN = Sql.of("DELETE FROM durable_signals WHERE run_id = :runId");

  private SignalsTable() {}

  /** Marks a signal rejected, if no wait took it; returns whether it did. */
  static boolean reject(Connection connection, String runId, long id) throws SQLException {
    return REJECT.update(connection, new Values().int8("signalId", id).string("runId", runId))
        == 1;
  }

  /** A signal taken by the checkpoint {@code write}: its position, id and run. */
  static Values takeValues(Values values, Commit.CheckpointWrite write) {
    return values.int4("seq", write.record().seq()).int8("signalId", write.takesSignal())
        .string("runId", write.record().runId());
  }

  /** Stores a signal; it is taken in the order of the ids this assigns. */
  static void insert(
      Connection connection, String runId, String name, String payload, Instant now)
      throws SQLException {
    INSERT.update(connection, new Values().string("runId", runId).string("name", name)
        .string("payload", payload).instant("now", now));
  }

  /** The oldest signal named {@code name} sent to the run and not taken yet. */
  static Optional<SignalRecord> next(Connection connection, String runId, String name)
      throws SQLException {
    return SELECT_NEXT.first(connection, new Values().string("runId", runId).string("name", name),
        rows -> new SignalRecord(rows.getLong(1), rows.getString(2)));
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
    try (PreparedStatement take = connection.prepareStatement(TAKE.text())) {
      for (Commit.CheckpointWrite write : writes) {
        TAKE.bind(take, takeValues(new Values(), write));
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
