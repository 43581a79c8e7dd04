package dev.durable.runtime.internal.store.values;

import dev.durable.runtime.internal.model.NewRun;
import dev.durable.runtime.internal.store.run.RunsTable;
import dev.durable.runtime.internal.store.sql.Schema;
import dev.durable.runtime.internal.store.sql.Sql;
import dev.durable.runtime.internal.store.sql.Values;
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
 * the index {@code (name, val, created_at, run_id)} in its own order ({@code RunSearch}). Beside
 * its value ({@code val}) a row keeps the value its key had when the run's generation began
 * ({@code start_val}, V27; null for a key the run's code set first), which a fork carries ({@link
 * RunLineages#fork}).
 */
public final class AttributesTable {
  public static final String NAME = "durable_run_attributes";
  /** The most holders {@link #holders} counts. */
  static final int COUNTED = 1000;

  /** The table's name in the store's schema, for the run search. */
  public final String table;
  /**
   * A start's attribute, in the start's transaction (H2), its value the start's too: {@code :now}
   * is the run's start.
   */
  private final Sql insert;
  /**
   * A recorded attribute as plain statements, first: the key's new value, where the run holds the
   * key; its start value stays.
   */
  public final Sql updateKey;
  /**
   * A recorded attribute as plain statements, after {@link #updateKey}: the row of a key the run
   * did not hold, with the run's start time read from its row. No upsert runs on both databases.
   */
  public final Sql insertFromRun;
  /**
   * A recorded attribute in a progress statement (PostgreSQL), only where the commit's fence held:
   * inserted, or its value replaced (its start value stays).
   */
  public final Sql upsertFenced;
  /** A deleted run's attributes ({@code FinishedRuns}). */
  public final Sql deleteOfRun;
  private final Sql selectOfRun;
  /** The attributes of a page of runs, served by the primary key. */
  private final Sql selectOfRuns;
  /** How many runs hold an attribute, counted up to {@link #COUNTED} (a bounded index range). */
  private final Sql countHolders;
  /** The attributes of a run started in one text, by their count ({@link #insertInserted}). */
  private final Map<Integer, String> inserted = new ConcurrentHashMap<>();

  public AttributesTable(Schema schema) {
    table = schema.table(NAME);
    String runs = schema.table(RunsTable.NAME);
    insert = Sql.of("INSERT INTO " + table + " (run_id, name, val, start_val, created_at)"
        + " VALUES (:runId, :name, :value, :value, :now)");
    updateKey = Sql.of(
        "UPDATE " + table + " SET val = :value WHERE run_id = :runId AND name = :name");
    insertFromRun = Sql.of("INSERT INTO " + table + " (run_id, name, val, created_at)"
        + " SELECT r.run_id, CAST(:name AS VARCHAR(200)), CAST(:value AS VARCHAR(400)),"
        + " r.created_at FROM " + runs + " r WHERE r.run_id = :runId AND NOT EXISTS (SELECT 1"
        + " FROM " + table + " a WHERE a.run_id = :runId AND a.name = :name)");
    upsertFenced = Sql.of("INSERT INTO " + table + " (run_id, name, val, created_at)"
        + " SELECT r.run_id, CAST(:name AS VARCHAR(200)), CAST(:value AS VARCHAR(400)),"
        + " r.created_at FROM " + runs + " r WHERE r.run_id = :runId"
        + " AND EXISTS (SELECT 1 FROM fenced)"
        + " ON CONFLICT (run_id, name) DO UPDATE SET val = EXCLUDED.val");
    deleteOfRun = Sql.of("DELETE FROM " + table + " WHERE run_id = :runId");
    selectOfRun = Sql.of("SELECT name, val FROM " + table + " WHERE run_id = :runId");
    selectOfRuns = Sql.of(
        "SELECT run_id, name, val FROM " + table + " WHERE run_id = ANY (:runIds)");
    countHolders = Sql.of("SELECT COUNT(*) FROM (SELECT run_id FROM " + table
        + " WHERE name = :name AND val = :value LIMIT :limit) held");
  }

  /**
   * A {@code WITH} entry that inserts {@code count} attributes of the run a {@code WITH} before
   * inserted ({@code inserted}, with its {@code run_id}), {@code :attrName<i>} and {@code
   * :attrValue<i>} each, at {@code :now} (PostgreSQL's start of runs); nothing where the run's id
   * was taken.
   */
  public String insertInserted(int count) {
    return inserted.computeIfAbsent(count, n -> {
      StringBuilder sql = new StringBuilder("attributes AS (INSERT INTO ").append(table)
          .append(" (run_id, name, val, start_val, created_at) SELECT i.run_id, v.name, v.val,")
          .append(" v.val,")
          .append(" CAST(:now AS TIMESTAMP WITH TIME ZONE) FROM inserted i CROSS JOIN (VALUES ");
      for (int a = 0; a < n; a++) {
        sql.append(a == 0 ? "" : ", ").append("(CAST(:attrName").append(a)
            .append(" AS VARCHAR(200)), CAST(:attrValue").append(a).append(" AS VARCHAR(400)))");
      }
      return sql.append(") AS v(name, val))").toString();
    });
  }

  /** The values of {@link #insertInserted} for {@code attributes}. */
  public static Values insertedValues(Values values, Map<String, String> attributes) {
    int a = 0;
    for (Map.Entry<String, String> attribute : attributes.entrySet()) {
      values.string("attrName" + a, attribute.getKey())
          .string("attrValue" + a, attribute.getValue());
      a++;
    }
    return values;
  }

  /** The values of {@link #insert}, {@link #updateKey} and the recorded forms for one key. */
  public static Values values(String runId, String name, String value, Instant now) {
    return new Values().string("runId", runId).string("name", name).string("value", value)
        .instant("now", now);
  }

  /** Inserts the attributes of runs just inserted (H2's start of runs), as one batch. */
  public void insert(Connection connection, List<NewRun> runs) throws SQLException {
    if (runs.stream().allMatch(run -> run.attributes().isEmpty())) {
      return;
    }
    try (PreparedStatement batch = connection.prepareStatement(insert.text())) {
      for (NewRun run : runs) {
        for (Map.Entry<String, String> attribute : run.attributes().entrySet()) {
          insert.bind(batch,
              values(run.runId(), attribute.getKey(), attribute.getValue(), run.now()));
          batch.addBatch();
        }
      }
      batch.executeBatch();
    }
  }

  /**
   * How many runs hold attribute {@code name} = {@code value}, up to {@link #COUNTED}: what it
   * costs to walk its index is at most that many entries.
   */
  public int holders(Connection connection, String name, String value) throws SQLException {
    return countHolders.first(connection, new Values().string("name", name)
        .string("value", value).int4("limit", COUNTED), rows -> rows.getInt(1)).orElse(0);
  }

  /** The run's attributes, sorted by key. */
  Map<String, String> of(Connection connection, String runId) throws SQLException {
    Map<String, String> attributes = new TreeMap<>();
    selectOfRun.list(connection, new Values().string("runId", runId),
        rows -> attributes.put(rows.getString(1), rows.getString(2)));
    return attributes;
  }

  /** The attributes of {@code runIds}, each run's sorted by key; a run without any is absent. */
  public Map<String, Map<String, String>> ofRuns(Connection connection, Collection<String> runIds)
      throws SQLException {
    Map<String, Map<String, String>> attributes = new HashMap<>();
    if (runIds.isEmpty()) {
      return attributes;
    }
    selectOfRuns.list(connection, new Values().strings("runIds", runIds), rows -> attributes
        .computeIfAbsent(rows.getString(1), id -> new TreeMap<>())
        .put(rows.getString(2), rows.getString(3)));
    return attributes;
  }
}
