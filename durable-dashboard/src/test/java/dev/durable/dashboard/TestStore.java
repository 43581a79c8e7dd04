package dev.durable.dashboard;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.durable.build.StoreVariants;
import dev.durable.runtime.DurableEngine;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.UUID;

/**
 * A fresh, empty store for one test: a private in-memory H2 database, or a private schema in the
 * PostgreSQL database named by {@code DURABLE_PG_URL} (skipped, with the reason shown, when it is
 * not set), as durable-tests' TestDatabase does.
 */
enum TestStore {
  H2,
  POSTGRESQL;

  static final String PG_URL_VARIABLE = "DURABLE_PG_URL";

  /**
   * Both stores, for {@code @MethodSource}; PostgreSQL alone in the PostgreSQL half of the
   * build.
   */
  static List<TestStore> all() {
    return StoreVariants.of(H2, POSTGRESQL);
  }

  /** Opens a fresh database of this kind, or skips the test when it is not available. */
  Database open() {
    if (this == H2) {
      return new Database("jdbc:h2:mem:dashboard-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1",
          null, null);
    }
    String base = System.getenv(PG_URL_VARIABLE);
    assumeTrue(base != null && !base.isBlank(), PG_URL_VARIABLE
        + " is not set, so the PostgreSQL variant is skipped; set it to e.g."
        + " jdbc:postgresql://127.0.0.1:5432/test?user=postgres to run it");
    String schema = "durable_dashboard_" + UUID.randomUUID().toString().replace("-", "");
    sql(base, "CREATE SCHEMA " + schema);
    return new Database(base + (base.contains("?") ? "&" : "?") + "currentSchema=" + schema,
        base, schema);
  }

  /** An open test database; closing it drops it. */
  record Database(String jdbcUrl, String baseUrl, String schema) implements AutoCloseable {
    /** A builder pointed at this database, discovering nothing. */
    DurableEngine.Builder engine() {
      return DurableEngine.builder().jdbcUrl(jdbcUrl).discover(false);
    }

    @Override
    public void close() {
      if (schema == null) {
        sql(jdbcUrl, "SHUTDOWN");
      } else {
        sql(baseUrl, "DROP SCHEMA " + schema + " CASCADE");
      }
    }
  }

  private static void sql(String url, String statement) {
    try (Connection connection = DriverManager.getConnection(url);
        Statement s = connection.createStatement()) {
      s.execute(statement);
    } catch (SQLException e) {
      throw new IllegalStateException("test SQL failed on " + url + ": " + statement, e);
    }
  }
}
