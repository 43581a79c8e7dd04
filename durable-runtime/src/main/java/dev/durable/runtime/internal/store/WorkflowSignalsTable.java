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
  private static final Sql INSERT = Sql.of(
      "INSERT INTO durable_workflow_signals (workflow_name, workflow_version, signal_names,"
          + " updated_at) VALUES (:name, :version, :names, :now)");
  private static final Sql SELECT = Sql.of(
      "SELECT signal_names FROM durable_workflow_signals WHERE workflow_name = :name"
          + " AND workflow_version = :version");
  private static final Sql SELECT_LOCKED = Sql.of(
      "SELECT signal_names FROM durable_workflow_signals WHERE workflow_name = :name"
          + " AND workflow_version = :version FOR UPDATE");
  private static final Sql UPDATE = Sql.of(
      "UPDATE durable_workflow_signals SET signal_names = :names, updated_at = :now"
          + " WHERE workflow_name = :name AND workflow_version = :version");

  private WorkflowSignalsTable() {}

  /** Stores {@code names} as signals of {@code workflow}, beside those stored already. */
  static void declare(Transactions transactions, WorkflowKey workflow, Collection<String> names,
      Instant now) {
    Values values = new Values().string("name", workflow.name())
        .string("version", workflow.version()).string("names", join(new TreeSet<>(names)))
        .instant("now", now);
    boolean inserted = transactions.autocommit("declare the signals of " + workflow, c -> {
      try {
        return INSERT.update(c, values) > 0;
      } catch (SQLException e) {
        if (SqlErrors.isUniqueViolation(e)) {
          return false;
        }
        throw e;
      }
    });
    if (!inserted) {
      transactions.inTransaction("declare the signals of " + workflow, c -> {
        SortedSet<String> all = new TreeSet<>(names);
        SELECT_LOCKED.first(c, values, rows -> rows.getString(1)).ifPresent(
            stored -> all.addAll(split(stored)));
        return UPDATE.update(c, values.string("names", join(all)));
      });
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
