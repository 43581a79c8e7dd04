package dev.durable.runtime.internal.store.signal;

import dev.durable.runtime.internal.model.Commit;
import dev.durable.runtime.internal.model.SignalRecord;
import dev.durable.runtime.internal.store.sql.PayloadColumn;
import dev.durable.runtime.internal.store.sql.Schema;
import dev.durable.runtime.internal.store.sql.Sql;
import dev.durable.runtime.internal.store.sql.Values;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The catalogue of {@code durable_signals}, the signals sent to runs, built once per store with its
 * schema: storing one, reading the oldest one of a name that its run has not taken, and marking
 * signals taken (alone, on H2, or in PostgreSQL's progress statement, where they are marked from
 * the fenced run row).
 */
public final class SignalsTable {
  /** The column of the signals' values. */
  public final List<PayloadColumn> payloadColumns;
  public static final String NAME = "durable_signals";
  /** The {@code consumed_seq} of a signal no wait took: its value did not fit. */
  static final int REJECTED = -1;

  private final Sql insert;
  private final Sql selectNext;
  /** Marks a signal taken by the wait at a position; {@link #takeValues} binds it. */
  public final Sql take;
  /** {@link #take} in a PostgreSQL progress statement: only if the run's row was fenced. */
  public final Sql takeFenced;
  private final Sql reject;
  /** A deleted run's signals ({@code FinishedRuns}). */
  public final Sql deleteOfRun;

  public SignalsTable(Schema schema) {
    String table = schema.table(NAME);
    payloadColumns = PayloadColumn.of(table, List.of("id"), "payload");
    insert = Sql.of("INSERT INTO " + table + " (run_id, name, payload, created_at)"
        + " VALUES (:runId, :name, :payload, :now)");
    selectNext = Sql.of("SELECT id, payload FROM " + table + " WHERE run_id = :runId"
        + " AND name = :name AND consumed_seq IS NULL ORDER BY id LIMIT 1");
    take = Sql.of("UPDATE " + table + " SET consumed_seq = :seq WHERE id = :signalId"
        + " AND run_id = :runId AND consumed_seq IS NULL");
    takeFenced = Sql.of("UPDATE " + table + " SET consumed_seq = :seq WHERE id = :signalId"
        + " AND run_id = :runId AND consumed_seq IS NULL AND EXISTS (SELECT 1 FROM fenced)"
        + " RETURNING 1");
    reject = Sql.of("UPDATE " + table + " SET consumed_seq = " + REJECTED + " WHERE id = :signalId"
        + " AND run_id = :runId AND consumed_seq IS NULL");
    deleteOfRun = Sql.of("DELETE FROM " + table + " WHERE run_id = :runId");
  }

  /** Marks a signal rejected, if no wait took it; returns whether it did. */
  boolean reject(Connection connection, String runId, long id) throws SQLException {
    return reject.update(connection, new Values().int8("signalId", id).string("runId", runId))
        == 1;
  }

  /** A signal taken by the checkpoint {@code write}: its position, id and run. */
  public static Values takeValues(Values values, Commit.CheckpointWrite write) {
    return values.int4("seq", write.record().seq()).int8("signalId", write.takesSignal())
        .string("runId", write.record().runId());
  }

  /** Stores a signal; it is taken in the order of the ids this assigns. */
  void insert(
      Connection connection, String runId, String name, String payload, Instant now)
      throws SQLException {
    insert.update(connection, new Values().string("runId", runId).string("name", name)
        .string("payload", payload).instant("now", now));
  }

  /** The oldest signal named {@code name} sent to the run and not taken yet. */
  Optional<SignalRecord> next(Connection connection, String runId, String name)
      throws SQLException {
    return selectNext.first(connection, new Values().string("runId", runId).string("name", name),
        rows -> new SignalRecord(rows.getLong(1), rows.getString(2)));
  }
}
