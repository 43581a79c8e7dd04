package dev.durable.cli;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.DurableStore;
import picocli.CommandLine.Command;

/**
 * {@code migrate}: creates Durable's tables, or upgrades them to this version, as the role that
 * owns the schema; the one command that may create a store.
 */
@Command(
    name = "migrate",
    description = {
      "Creates Durable's tables (and the --schema, if missing) or upgrades them to this version,"
          + " and prints what it did.",
      "Run it as the role that owns the schema, before engines built with migrate(false) start;"
          + " the one command that creates a store.",
    })
final class MigrateCommand extends StoreCommand {
  /** What {@code --json} prints. */
  record Migrated(String done) {}

  @Override
  boolean opensEngine() {
    return false;
  }

  @Override
  void migrate(String url, String user, String password, String schema, Printer out) {
    HikariConfig config = new HikariConfig();
    config.setJdbcUrl(url);
    config.setUsername(user);
    config.setPassword(password);
    config.setMaximumPoolSize(2); // Flyway holds one for its history table and one to migrate
    config.setConnectionTimeout(5_000);
    config.setPoolName("durable-cli-migrate");
    String done;
    try (HikariDataSource pool = open(config, url)) {
      done = schema == null ? DurableStore.migrate(pool) : DurableStore.migrate(pool, schema);
    }
    if (out.json()) {
      out.printJson(new Migrated(done));
    } else {
      out.line(done);
    }
  }

  @Override
  void execute(DurableEngine engine, Printer out) {
    throw new UnsupportedOperationException("migrate opens no engine");
  }

  private static HikariDataSource open(HikariConfig config, String url) {
    try {
      return new HikariDataSource(config);
    } catch (RuntimeException e) {
      throw new CannotConnect("cannot connect to " + url + ": " + e.getMessage()
          + "; check the JDBC URL, the credentials and that the database is running", e);
    }
  }
}
