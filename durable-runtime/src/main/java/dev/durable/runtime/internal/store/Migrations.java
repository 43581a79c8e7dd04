package dev.durable.runtime.internal.store;

import dev.durable.runtime.StoreException;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;

/** Durable's tables created or upgraded by Flyway, from {@code db/durable/common}. */
final class Migrations {
  private Migrations() {}

  /**
   * Creates or upgrades the tables. The history table is {@code durable_schema_history}, so it
   * lives beside an application's own Flyway history; a database that already holds other tables
   * is baselined below Durable's first migration.
   */
  static void migrate(DataSource dataSource) {
    try {
      Flyway.configure(Store.class.getClassLoader())
          // Flyway's own choice falls back to java.util.logging, which prints its INFO lines on
          // the console, when no SLF4J provider is present; its log goes where the engine's goes
          .loggers("slf4j")
          .dataSource(dataSource)
          .locations("classpath:db/durable/common")
          .table("durable_schema_history")
          .baselineOnMigrate(true)
          .baselineVersion("0")
          .load()
          .migrate();
    } catch (FlywayException e) {
      throw new StoreException(
          "could not create or upgrade Durable's tables: " + e.getMessage()
              + "; check that the database is reachable and the user may create tables",
          e);
    }
  }
}
