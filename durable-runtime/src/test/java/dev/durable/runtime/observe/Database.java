package dev.durable.runtime.observe;

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
 * A fresh database for one test: a private in-memory H2 database, or a private schema in the
 * PostgreSQL database that {@code DURABLE_PG_URL} names (the test is skipped when it is not set),
 * as the behaviour tests' {@code TestDatabase} does.
 */
final class Database implements AutoCloseable {
  enum Kind { H2, POSTGRESQL }

  /** Both kinds, or PostgreSQL alone in the PostgreSQL half of the build. */
  static List<Kind> kinds() {
    return StoreVariants.of(Kind.H2, Kind.POSTGRESQL);
  }

  private final Kind kind;
  private final String baseUrl;
  private final String url;
  private final String schema;

  private Database(Kind kind, String baseUrl, String url, String schema) {
    this.kind = kind;
    this.baseUrl = baseUrl;
    this.url = url;
    this.schema = schema;
  }

  static Database open(Kind kind) {
    if (kind == Kind.H2) {
      String url = "jdbc:h2:mem:observe-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1";
      return new Database(kind, url, url, null);
    }
    String base = System.getenv("DURABLE_PG_URL");
    assumeTrue(base != null && !base.isBlank(),
        "DURABLE_PG_URL is not set, so the PostgreSQL variant is skipped");
    String schema = "durable_observe_" + UUID.randomUUID().toString().replace("-", "");
    execute(base, "CREATE SCHEMA " + schema);
    return new Database(kind, base,
        base + (base.contains("?") ? "&" : "?") + "currentSchema=" + schema, schema);
  }

  /** A builder pointed at this database, discovering nothing. */
  DurableEngine.Builder engine() {
    return DurableEngine.builder().jdbcUrl(url).discover(false);
  }

  String url() {
    return url;
  }

  /** Runs one SQL statement, as a test's back door. */
  void execute(String sql) {
    execute(url, sql);
  }

  private static void execute(String url, String sql) {
    try (Connection connection = DriverManager.getConnection(url);
        Statement statement = connection.createStatement()) {
      statement.execute(sql);
    } catch (SQLException e) {
      throw new IllegalStateException("test SQL failed: " + sql, e);
    }
  }

  @Override
  public void close() {
    execute(baseUrl, kind == Kind.H2 ? "SHUTDOWN" : "DROP SCHEMA " + schema + " CASCADE");
  }
}
