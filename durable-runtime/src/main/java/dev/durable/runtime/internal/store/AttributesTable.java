package dev.durable.runtime.internal.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The catalogue of {@code durable_run_attributes} (migration V22), the runs' searchable attributes:
 * one row per run and key, holding the run's {@code created_at} too, so that the run search walks
 * the index {@code (name, val, created_at, run_id)} in its own order ({@link RunSearch}). Beside
 * its value ({@code val}) a row keeps the value its key had when the run's generation began
 * ({@code start_val}, V27; null for a key the run's code set first), which a fork carries ({@link
 * RunLineages#fork}).
 */
final class AttributesTable {
  static final String TABLE = "durable_run_attributes";
  /**
   * A start's attribute, in the start's transaction (H2), its value the start's too: {@code :now}
   * is the run's start.
   */
  static final Sql INSERT = Sql.of(
      "INSERT INTO durable_run_attributes (run_id, name, val, start_val, created_at)"
          + " VALUES (:runId, :name, :value, :value, :now)");
  /**
   * A recorded attribute as plain statements, first: the key's new value, where the run holds the
   * key; its start value stays.
   */
  static final Sql UPDATE_KEY = Sql.of(
      "UPDATE durable_run_attributes SET val = :value WHERE run_id = :runId AND name = :name");
  /**
   * A recorded attribute as plain statements, after {@link #UPDATE_KEY}: the row of a key the run
   * did not hold, with the run's start time read from its row. No upsert runs on both databases.
   */
  static final Sql INSERT_FROM_RUN = Sql.of(
      "INSERT INTO durable_run_attributes (run_id, name, val, created_at)"
          + " SELECT r.run_id, CAST(:name AS VARCHAR(200)), CAST(:value AS VARCHAR(400)),"
          + " r.created_at FROM durable_runs r WHERE r.run_id = :runId AND NOT EXISTS (SELECT 1"
          + " FROM durable_run_attributes a WHERE a.run_id = :runId AND a.name = :name)");
  /**
   * A recorded attribute in a progress statement (PostgreSQL), only where the commit's fence held:
   * inserted, or its value replaced (its start value stays).
   */
  static final Sql UPSERT_FENCED = Sql.of(
      "INSERT INTO durable_run_attributes (run_id, name, val, created_at)"
          + " SELECT r.run_id, CAST(:name AS VARCHAR(200)), CAST(:value AS VARCHAR(400)),"
          + " r.created_at FROM durable_runs r WHERE r.run_id = :runId"
          + " AND EXISTS (SELECT 1 FROM fenced)"
          + " ON CONFLICT (run_id, name) DO UPDATE SET val = EXCLUDED.val");
  /** A deleted run's attributes ({@link FinishedRuns}). */
  static final Sql DELETE_OF_RUN = Sql.of(
      "DELETE FROM durable_run_attributes WHERE run_id = :runId");
  private static final Sql SELECT_OF_RUN = Sql.of(
      "SELECT name, val FROM durable_run_attributes WHERE run_id = :runId");
  /** The attributes of a page of runs, served by the primary key. */
  private static final Sql SELECT_OF_RUNS = Sql.of(
      "SELECT run_id, name, val FROM durable_run_attributes WHERE run_id = ANY (:runIds)");
  /** How many runs hold an attribute, counted up to {@link #COUNTED} (a bounded index range). */
  private static final Sql COUNT_HOLDERS = Sql.of(
      "SELECT COUNT(*) FROM (SELECT run_id FROM durable_run_attributes"
          + " WHERE name = :name AND val = :value LIMIT :limit) held");
  /** The most holders {@link #holders} counts. */
  static final int COUNTED = 1000;
  /** The attributes of a run started in one text, by their count ({@link #insertInserted}). */
  private static final Map<Integer, String> INSERTED = new ConcurrentHashMap<>();

  private AttributesTable() {}

  /**
   * A {@code WITH} entry that inserts {@code count} attributes of the run a {@code WITH} before
   * inserted ({@code inserted}, with its {@code run_id}), {@code :attrName<i>} and {@code
   * :attrValue<i>} each, at {@code :now} (PostgreSQL's start of runs); nothing where the run's id
   * was taken.
   */
  static String insertInserted(int count) {
    return INSERTED.computeIfAbsent(count, n -> {
      StringBuilder sql = new StringBuilder("attributes AS (INSERT INTO durable_run_attributes")
          .append(" (run_id, name, val, start_val, created_at) SELECT i.run_id, v.name, v.val,")
          .append(" v.val,")
          .append(" CAST(:now AS TIMESTAMP WITH TIME ZONE) FROM inserted i CROSS JOIN (VALUES ");
      for (int a = 0; a < n; a++) {
        sql.append(a == 0 ? "" : ", ").append(String.format(
            "(CAST(:attrName%1$d AS VARCHAR(200)), CAST(:attrValue%1$d AS VARCHAR(400)))", a));
      }
      return sql.append(") AS v(name, val))").toString();
    });
  }

  /** The values of {@link #insertInserted} for {@code attributes}. */
  static Values insertedValues(Values values, Map<String, String> attributes) {
    int a = 0;
    for (Map.Entry<String, String> attribute : attributes.entrySet()) {
      values.string("attrName" + a, attribute.getKey())
          .string("attrValue" + a, attribute.getValue());
      a++;
    }
    return values;
  }

  /** The values of {@link #INSERT}, {@link #UPDATE_KEY} and the recorded forms for one key. */
  static Values values(String runId, String name, String value, Instant now) {
    return new Values().string("runId", runId).string("name", name).string("value", value)
        .instant("now", now);
  }

  /** Inserts the attributes of runs just inserted (H2's start of runs), as one batch. */
  static void insert(Connection connection, List<NewRun> runs) throws SQLException {
    if (runs.stream().allMatch(run -> run.attributes().isEmpty())) {
      return;
    }
    try (PreparedStatement insert = connection.prepareStatement(INSERT.text())) {
      for (NewRun run : runs) {
        for (Map.Entry<String, String> attribute : run.attributes().entrySet()) {
          INSERT.bind(insert,
              values(run.runId(), attribute.getKey(), attribute.getValue(), run.now()));
          insert.addBatch();
        }
      }
      insert.executeBatch();
    }
  }

  /**
   * How many runs hold attribute {@code name} = {@code value}, up to {@link #COUNTED}: what it
   * costs to walk its index is at most that many entries.
   */
  static int holders(Connection connection, String name, String value) throws SQLException {
    return COUNT_HOLDERS.first(connection, new Values().string("name", name)
        .string("value", value).int4("limit", COUNTED), rows -> rows.getInt(1)).orElse(0);
  }

  /** The run's attributes, sorted by key. */
  static Map<String, String> of(Connection connection, String runId) throws SQLException {
    Map<String, String> attributes = new TreeMap<>();
    SELECT_OF_RUN.list(connection, new Values().string("runId", runId),
        rows -> attributes.put(rows.getString(1), rows.getString(2)));
    return attributes;
  }

  /** The attributes of {@code runIds}, each run's sorted by key; a run without any is absent. */
  static Map<String, Map<String, String>> ofRuns(Connection connection, Collection<String> runIds)
      throws SQLException {
    Map<String, Map<String, String>> attributes = new HashMap<>();
    if (runIds.isEmpty()) {
      return attributes;
    }
    SELECT_OF_RUNS.list(connection, new Values().strings("runIds", runIds), rows -> attributes
        .computeIfAbsent(rows.getString(1), id -> new TreeMap<>())
        .put(rows.getString(2), rows.getString(3)));
    return attributes;
  }
}
