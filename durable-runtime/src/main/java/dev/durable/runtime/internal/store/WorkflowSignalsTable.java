package dev.durable.runtime.internal.store;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Arrays;
import java.util.Collection;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The catalogue of {@code durable_workflow_signals} (V24): per workflow version, the names of the
 * signals it declares, as the engines that register it store them. Engines that register one
 * version with classes of different signals (a rolling deploy of a class that added one) store the
 * union: a name is refused only where no class of that version declares it.
 */
final class WorkflowSignalsTable {
  /**
   * The stored names ({@code t.signal_names}, newline-separated) with each of {@code :list} they
   * lack appended: the union, in one expression both dialects run. A name is looked for with a
   * newline either side, so that one never matches part of another.
   */
  private static final String UNION = "TRIM(LEADING '\n' FROM t.signal_names"
      + " || COALESCE((SELECT STRING_AGG('\n' || u.n, '') FROM UNNEST(:list) AS u(n)"
      + " WHERE POSITION('\n' || u.n || '\n' IN '\n' || t.signal_names || '\n') = 0), ''))";
  /** The names stored, or their union with those stored already (PostgreSQL). */
  private static final Sql UPSERT = Sql.of(
      "INSERT INTO durable_workflow_signals AS t (workflow_name, workflow_version, signal_names,"
          + " updated_at) VALUES (:name, :version, :names, :now)"
          + " ON CONFLICT (workflow_name, workflow_version) DO UPDATE SET signal_names = " + UNION
          + ", updated_at = EXCLUDED.updated_at");
  /** The same on H2. */
  private static final Sql MERGE = Sql.of(
      "MERGE INTO durable_workflow_signals t USING (VALUES (CAST(:name AS VARCHAR(200)),"
          + " CAST(:version AS VARCHAR(100)))) s (workflow_name, workflow_version)"
          + " ON t.workflow_name = s.workflow_name AND t.workflow_version = s.workflow_version"
          + " WHEN MATCHED THEN UPDATE SET signal_names = " + UNION + ", updated_at = :now"
          + " WHEN NOT MATCHED THEN INSERT (workflow_name, workflow_version, signal_names,"
          + " updated_at) VALUES (:name, :version, :names, :now)");
  private static final Sql SELECT = Sql.of(
      "SELECT signal_names FROM durable_workflow_signals WHERE workflow_name = :name"
          + " AND workflow_version = :version");

  private WorkflowSignalsTable() {}

  /**
   * Stores {@code names} as signals of {@code workflow}, beside those stored already: one
   * statement, {@code upsert}'s.
   */
  static void declare(Transactions transactions, Dialect.Upsert upsert, WorkflowKey workflow,
      Collection<String> names, Instant now) {
    SortedSet<String> sorted = new TreeSet<>(names);
    Values values = new Values().string("name", workflow.name())
        .string("version", workflow.version()).string("names", join(sorted))
        .strings("list", sorted).instant("now", now);
    transactions.autocommit("declare the signals of " + workflow, c -> switch (upsert) {
      case ON_CONFLICT -> UPSERT.update(c, values);
      case MERGE -> merge(c, values);
    });
  }

  /** {@link #MERGE}, once more where another engine inserted the row first: it updates then. */
  private static int merge(Connection connection, Values values) throws SQLException {
    try {
      return MERGE.update(connection, values);
    } catch (SQLException e) {
      if (!SqlErrors.isUniqueViolation(e)) {
        throw e;
      }
      return MERGE.update(connection, values);
    }
  }

  /** The signal names stored for {@code workflow}; empty if no engine stored them. */
  static Optional<SortedSet<String>> declared(Connection connection, WorkflowKey workflow)
      throws SQLException {
    return SELECT.first(connection, new Values().string("name", workflow.name())
        .string("version", workflow.version()), rows -> split(rows.getString(1)));
  }

  /** Names are joined by newlines: a signal's name has none. */
  private static String join(SortedSet<String> names) {
    return String.join("\n", names);
  }

  private static SortedSet<String> split(String stored) {
    return stored.isEmpty() ? new TreeSet<>() : new TreeSet<>(Arrays.asList(stored.split("\n")));
  }
}
