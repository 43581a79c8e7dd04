package dev.durable.runtime.internal.store;

import dev.durable.runtime.StoreException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.stream.Collectors;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;
import org.flywaydb.core.api.MigrationInfo;
import org.flywaydb.core.api.MigrationInfoService;
import org.flywaydb.core.api.output.MigrateResult;

/** Durable's tables created or upgraded by Flyway, from {@code db/durable/common}. */
final class Migrations {
  /** What to do about a schema that is missing or behind, for a store that must not migrate. */
  static final String WHAT_TO_DO = "run 'durable-cli migrate' (with the same URL and schema) or"
      + " build one engine with migrate(true) as the role that owns the schema, then start"
      + " this one again";

  private Migrations() {}

  /**
   * Creates or upgrades the tables, in {@code schema} (created if missing) or, when it is null,
   * in the connection's current schema. The history table is {@code durable_schema_history}, so
   * it lives beside an application's own Flyway history; a database that already holds other
   * tables is baselined below Durable's first migration.
   *
   * @return what was done, in a sentence that names the schema
   */
  static String migrate(DataSource dataSource, String schema) {
    try {
      MigrateResult result = flyway(dataSource, schema).migrate();
      String where = schema != null ? "schema " + schema : currentSchema(dataSource);
      return result.migrationsExecuted == 0
          ? where + " is up to date at version " + result.initialSchemaVersion
          : where + ": applied " + result.migrationsExecuted + " migration(s), from version "
              + (result.initialSchemaVersion == null ? "none" : result.initialSchemaVersion)
              + " to " + result.targetSchemaVersion;
    } catch (FlywayException e) {
      throw new StoreException(
          "could not create or upgrade Durable's tables: " + e.getMessage()
              + "; check that the database is reachable and the user may create tables",
          e);
    }
  }

  /**
   * The schema a connection works in when none is named, as a migration's sentence names it: the
   * database's default (H2's {@code PUBLIC}; PostgreSQL's {@code current_schema()}, the first of
   * the search path that exists, which a URL's {@code currentSchema} sets). Flyway's result does
   * not name it.
   */
  private static String currentSchema(DataSource dataSource) {
    try (Connection connection = dataSource.getConnection()) {
      String current = connection.getSchema();
      return current == null ? "the connection's current schema"
          : "schema " + current + " (the connection's current schema)";
    } catch (SQLException e) {
      return "the connection's current schema";
    }
  }

  /**
   * Throws, saying what to do, unless the tables are at the version this runtime needs: the
   * check of a store that must not change the schema. Changes nothing.
   */
  static void requireCurrent(DataSource dataSource, String schema) {
    MigrationInfoService info;
    try {
      info = flyway(dataSource, schema).info();
    } catch (FlywayException e) {
      throw new StoreException("could not read the version of Durable's tables: "
          + e.getMessage() + "; check that the database is reachable", e);
    }
    String where = schema != null ? "schema '" + schema + "'" : "the connection's schema";
    MigrationInfo current = info.current();
    MigrationInfo[] pending = info.pending();
    if (current == null) {
      throw new StoreException(where + " holds no Durable tables, and this engine was built"
          + " with migrate(false), which never changes the schema: " + WHAT_TO_DO, null, true);
    }
    if (pending.length > 0) {
      throw new StoreException(where + " holds Durable's tables at version " + current.getVersion()
          + ", but this runtime needs version " + pending[pending.length - 1].getVersion()
          + " (missing: " + Arrays.stream(pending).map(m -> m.getVersion().toString())
              .collect(Collectors.joining(", "))
          + "), and it was built with migrate(false), which never changes the schema: "
          + WHAT_TO_DO, null, true);
    }
  }

  private static Flyway flyway(DataSource dataSource, String schema) {
    var configuration = Flyway.configure(Migrations.class.getClassLoader())
        // Flyway's own choice falls back to java.util.logging, which prints its INFO lines on
        // the console, when no SLF4J provider is present; its log goes where the engine's goes
        .loggers("slf4j")
        .dataSource(dataSource)
        .locations("classpath:db/durable/common")
        .table("durable_schema_history")
        .baselineOnMigrate(true)
        .baselineVersion("0");
    if (schema != null) {
      configuration.schemas(schema).createSchemas(true);
    }
    return configuration.load();
  }
}
