package dev.durable.runtime.internal.store.signal;

import dev.durable.runtime.internal.model.WorkflowKey;
import dev.durable.runtime.internal.store.sql.Schema;
import dev.durable.runtime.internal.store.sql.Sql;
import dev.durable.runtime.internal.store.sql.Values;
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
public final class WorkflowSignalsTable {
  public static final String NAME = "durable_workflow_signals";
  /**
   * The stored names ({@code t.signal_names}, newline-separated) with each of {@code :list} they
   * lack appended: the union, in one expression both dialects run in their upserts ({@link
   * Dialect#signalNamesUpsert}). A name is looked for with a newline either side, so that one
   * never matches part of another.
   */
  public static final String UNION = "TRIM(LEADING '\n' FROM t.signal_names"
      + " || COALESCE((SELECT STRING_AGG('\n' || u.n, '') FROM UNNEST(:list) AS u(n)"
      + " WHERE POSITION('\n' || u.n || '\n' IN '\n' || t.signal_names || '\n') = 0), ''))";

  private final Sql select;

  public WorkflowSignalsTable(Schema schema) {
    select = Sql.of("SELECT signal_names FROM " + schema.table(NAME)
        + " WHERE workflow_name = :name AND workflow_version = :version");
  }

  /** The values of the upsert that stores {@code names} as signals of {@code workflow}. */
  static Values declared(WorkflowKey workflow, Collection<String> names, Instant now) {
    SortedSet<String> sorted = new TreeSet<>(names);
    return new Values().string("name", workflow.name())
        .string("version", workflow.version()).string("names", join(sorted))
        .strings("list", sorted).instant("now", now);
  }

  /** The signal names stored for {@code workflow}; empty if no engine stored them. */
  Optional<SortedSet<String>> declared(Connection connection, WorkflowKey workflow)
      throws SQLException {
    return select.first(connection, new Values().string("name", workflow.name())
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
