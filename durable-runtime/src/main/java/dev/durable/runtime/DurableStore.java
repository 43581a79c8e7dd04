package dev.durable.runtime;

import java.util.Objects;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * Durable's tables in a database, apart from any engine: {@link #migrate} creates them, or
 * upgrades them to this runtime's version, as {@code durable-cli migrate} does. For an installation
 * whose engines and workers are built with {@code migrate(false)} (a role with no DDL rights):
 * run it as the role that owns the schema, from a deploy step, before they start.
 *
 * <pre>{@code
 * String done = DurableStore.migrate(ownerDataSource, "durable");
 * // what it did: "schema durable: applied 3 migration(s), from version ... to ...",
 * // or "schema durable is up to date at version ..."
 * }</pre>
 */
public final class DurableStore {
  private DurableStore() {}

  /**
   * Creates or upgrades Durable's tables in the connection's current schema (H2's {@code PUBLIC},
   * PostgreSQL's {@code current_schema()}). The migrations' history table is {@code
   * durable_schema_history}, beside an application's own; the data source is not closed.
   *
   * @return what was done, in a sentence that names the schema
   * @throws StoreException if the database cannot be reached or the user may not create tables
   */
  public static String migrate(DataSource dataSource) {
    return migrator().migrate(Objects.requireNonNull(dataSource, "dataSource"), Optional.empty());
  }

  /**
   * Creates or upgrades Durable's tables in {@code schema}, which is created if missing: the schema
   * the engines and workers name with {@code schema(...)}.
   *
   * @return what was done, in a sentence that names the schema
   * @throws IllegalArgumentException if {@code schema} is not a schema name Durable accepts
   * @throws StoreException if the database cannot be reached or the user may not create tables
   */
  public static String migrate(DataSource dataSource, String schema) {
    Objects.requireNonNull(dataSource, "dataSource");
    return migrator().migrate(dataSource, Optional.of(Checks.schemaName(schema)));
  }

  private static Migrator migrator() {
    return Providers.load(Migrator.class);
  }

  /**
   * Migrates: the runtime's implementation, found in {@code META-INF/services} as the engine is.
   * Not for users: call {@link DurableStore#migrate}.
   */
  public interface Migrator {
    /** Creates or upgrades the tables, in {@code schema} or the connection's current one. */
    String migrate(DataSource dataSource, Optional<String> schema);
  }
}
