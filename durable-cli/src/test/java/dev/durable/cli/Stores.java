package dev.durable.cli;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.durable.build.StoreVariants;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.UUID;

/**
 * The databases the CLI is tested on: an H2 file database (the CLI opens it beside the test's
 * engine, so {@code AUTO_SERVER=TRUE}), and a private schema in the PostgreSQL database named by
 * {@code DURABLE_PG_URL} (skipped, with the reason, when it is not set).
 */
enum Stores {
  H2,
  POSTGRESQL;

  static final String PG_URL_VARIABLE = "DURABLE_PG_URL";

  /** Both stores, or PostgreSQL alone in the PostgreSQL half of the build. */
  static List<Stores> all() {
    return StoreVariants.of(H2, POSTGRESQL);
  }

  /** A fresh database of this kind. */
  Database open(Path directory) {
    if (this == H2) {
      return new Database(
          "jdbc:h2:file:" + directory.resolve("durable").toAbsolutePath() + ";AUTO_SERVER=TRUE",
          () -> { });
    }
    String base = System.getenv(PG_URL_VARIABLE);
    assumeTrue(base != null && !base.isBlank(), PG_URL_VARIABLE
        + " is not set, so the PostgreSQL variant is skipped; set it to e.g."
        + " jdbc:postgresql://127.0.0.1:5432/test?user=postgres to run it");
    String schema = "durable_cli_" + UUID.randomUUID().toString().replace("-", "");
    execute(base, "CREATE SCHEMA " + schema);
    return new Database(base + (base.contains("?") ? "&" : "?") + "currentSchema=" + schema,
        () -> execute(base, "DROP SCHEMA " + schema + " CASCADE"));
  }

  private static void execute(String url, String sql) {
    try (Connection connection = DriverManager.getConnection(url);
        Statement statement = connection.createStatement()) {
      statement.execute(sql);
    } catch (SQLException e) {
      throw new IllegalStateException(sql + " failed on " + url + ": " + e.getMessage(), e);
    }
  }

  /** A database for one test: its URL, and what drops it. */
  record Database(String url, Runnable drop) implements AutoCloseable {
    @Override
    public void close() {
      drop.run();
    }
  }
}
