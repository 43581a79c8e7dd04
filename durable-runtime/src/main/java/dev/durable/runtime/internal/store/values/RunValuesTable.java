package dev.durable.runtime.internal.store.values;

import dev.durable.runtime.RunState;
import dev.durable.runtime.internal.model.RunValue;
import dev.durable.runtime.internal.store.run.RunsTable;
import dev.durable.runtime.internal.store.sql.PayloadColumn;
import dev.durable.runtime.internal.store.sql.Schema;
import dev.durable.runtime.internal.store.sql.Sql;
import dev.durable.runtime.internal.store.sql.Values;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The catalogue of {@code durable_run_values} (V21), built once per store with its schema: the
 * events runs set and the values they write to their streams, for readers outside the runs. Not to
 * be confused with {@code EventsTable}, the runs' histories. Rows are inserted with a turn's
 * progress ({@code ProgressWriter}: alone, on H2, or in PostgreSQL's progress statement, from the
 * fenced run row), read by key, and deleted with their run ({@code FinishedRuns}).
 *
 * <p>The order of the rows is their id, which the database assigns in the order they are inserted:
 * a run's commits are made one after the other, and the rows of one commit are inserted in order,
 * so a reader that asks for the rows after the last id it saw misses none of a run's.
 */
public final class RunValuesTable {
  public static final String NAME = "durable_run_values";

  public final Sql insert;
  /** A deleted run's values ({@code FinishedRuns}). */
  public final Sql deleteOfRun;
  /**
   * The run's state and the latest value of its event {@code :name}, in one statement: one
   * snapshot, so that a run seen ended has every value it wrote. No row: no such run.
   */
  private final Sql latestEvent;
  /**
   * The run's state and up to {@code :limit} values of its stream {@code :name} after id {@code
   * :after}, in order, in one statement (see {@link #latestEvent}); one row with a null id when
   * there are none. No row: no such run.
   */
  private final Sql streamAfter;
  /**
   * The run's state and the ids of up to {@code :limit} rows of its stream {@code :name} after id
   * {@code :after}, each with whether it ends the stream, in one statement (see {@link
   * #streamAfter}); the values themselves are not read.
   */
  private final Sql streamIdsAfter;
  private final String table;
  /** The column of the events' and streams' values. */
  public final List<PayloadColumn> payloadColumns;
  private final Map<Integer, Sql> fencedInserts = new ConcurrentHashMap<>();

  /** A row of a stream, without its value: its id, and whether it ends the stream. */
  private record Place(long id, boolean closes) {}

  public RunValuesTable(Schema schema) {
    table = schema.table(NAME);
    payloadColumns = PayloadColumn.of(table, List.of("id"), "payload");
    String runs = schema.table(RunsTable.NAME);
    insert = Sql.of("INSERT INTO " + table + " (run_id, kind, name, seq, payload, created_at)"
        + " VALUES (:runId, :kind, :name, :seq, :payload, :createdAt)");
    deleteOfRun = Sql.of("DELETE FROM " + table + " WHERE run_id = :runId");
    latestEvent = Sql.of("SELECT r.status, (SELECT v.payload FROM " + table + " v"
        + " WHERE v.run_id = r.run_id AND v.kind = 'EVENT' AND v.name = :name"
        + " ORDER BY v.id DESC LIMIT 1) FROM " + runs + " r WHERE r.run_id = :runId");
    String stream = " FROM " + runs + " r LEFT JOIN " + table + " v ON v.run_id = r.run_id"
        + " AND v.kind = 'STREAM' AND v.name = :name AND v.id > :after"
        + " WHERE r.run_id = :runId ORDER BY v.id LIMIT :limit";
    streamAfter = Sql.of("SELECT r.status, v.id, v.seq, v.payload" + stream);
    streamIdsAfter = Sql.of("SELECT r.status, v.id, v.payload IS NULL" + stream);
  }

  /** The values of {@link #insert} for {@code value}. */
  public static Values insertValues(Values values, RunValue value) {
    return values.string("runId", value.runId()).string("kind", value.kind().name())
        .string("name", value.name()).int4("seq", value.seq()).string("payload", value.payload())
        .instant("createdAt", value.createdAt());
  }

  /**
   * Inserts {@code count} values of the run of a progress statement's {@code fenced} row, in
   * order (their ids follow it): {@code :kind<i>, :name<i>, :seq<i>, :payload<i>, :createdAt<i>}
   * for each ({@link #fencedValues}).
   */
  public Sql insertFenced(int count) {
    return fencedInserts.computeIfAbsent(count, n -> {
      StringBuilder sql = new StringBuilder("INSERT INTO " + table
          + " (run_id, kind, name, seq, payload, created_at)"
          + " SELECT f.run_id, v.kind, v.name, v.seq, v.payload, v.created_at"
          + " FROM fenced f CROSS JOIN (VALUES ");
      for (int i = 0; i < n; i++) {
        sql.append(i == 0 ? "" : ", ").append("(:kind").append(i).append(", :name").append(i)
            .append(", :seq").append(i).append("::int4, :payload").append(i)
            .append(", :createdAt").append(i).append("::timestamptz, ").append(i).append(')');
      }
      return Sql.of(sql.append(") AS v(kind, name, seq, payload, created_at, ord)")
          .append(" ORDER BY v.ord").toString());
    });
  }

  /** The values of {@link #insertFenced} for {@code values}, in order. */
  public static Values fencedValues(Values bound, List<RunValue> values) {
    for (int i = 0; i < values.size(); i++) {
      RunValue value = values.get(i);
      bound.string("kind" + i, value.kind().name()).string("name" + i, value.name())
          .int4("seq" + i, value.seq()).string("payload" + i, value.payload())
          .instant("createdAt" + i, value.createdAt());
    }
    return bound;
  }

  /** The run's state and its event's latest value (null: none yet); empty if no such run. */
  Optional<ValueReads.EventRead> latestEvent(
      Connection connection, String runId, String name) throws SQLException {
    return latestEvent.first(connection, new Values().string("runId", runId).string("name", name),
        rows -> new ValueReads.EventRead(RunState.valueOf(rows.getString(1)), rows.getString(2)));
  }

  /**
   * The run's state and up to {@code limit} values of its stream after id {@code after}, in order;
   * empty if no such run.
   */
  Optional<ValueReads.StreamRead> streamAfter(
      Connection connection, String runId, String name, long after, int limit)
      throws SQLException {
    List<String> status = new ArrayList<>(1);
    List<ValueReads.StreamValue> values = streamAfter.list(connection,
        new Values().string("runId", runId).string("name", name).int8("after", after)
            .int4("limit", limit),
        rows -> {
          if (status.isEmpty()) {
            status.add(rows.getString(1));
          }
          long id = rows.getLong(2);
          return rows.wasNull()
              ? null
              : new ValueReads.StreamValue(id, rows.getInt(3), rows.getString(4));
        });
    if (status.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(new ValueReads.StreamRead(RunState.valueOf(status.get(0)),
        values.stream().filter(value -> value != null).toList()));
  }

  /**
   * The run's state and the place after the next {@code count} values of its stream after id
   * {@code after}, or where fewer were written, or the stream's end; empty if no such run.
   */
  Optional<ValueReads.StreamSkip> skipStream(
      Connection connection, String runId, String name, long after, int count)
      throws SQLException {
    List<String> status = new ArrayList<>(1);
    List<Place> rows = streamIdsAfter.list(connection,
        new Values().string("runId", runId).string("name", name).int8("after", after)
            .int4("limit", count),
        row -> {
          if (status.isEmpty()) {
            status.add(row.getString(1));
          }
          long id = row.getLong(2);
          return row.wasNull() ? null : new Place(id, row.getBoolean(3));
        });
    if (status.isEmpty()) {
      return Optional.empty();
    }
    long last = after;
    int skipped = 0;
    for (Place row : rows) {
      if (row == null) {
        continue;
      }
      if (row.closes()) {
        return Optional.of(new ValueReads.StreamSkip(
            RunState.valueOf(status.get(0)), last, skipped, true));
      }
      last = row.id();
      skipped++;
    }
    return Optional.of(
        new ValueReads.StreamSkip(RunState.valueOf(status.get(0)), last, skipped, false));
  }
}
