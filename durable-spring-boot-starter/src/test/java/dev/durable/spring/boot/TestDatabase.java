package dev.durable.spring.boot;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.durable.build.StoreVariants;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.UUID;

/**
 * A fresh database for one test: a private in-memory H2 database (gone when the context closes
 * its pool), or a private schema in the
 * PostgreSQL database that {@code DURABLE_PG_URL} names (the test is skipped, saying so, without
 * it). Closing it drops the schema.
 */
final class TestDatabase implements AutoCloseable {
  static final String PG_URL_VARIABLE = "DURABLE_PG_URL";

  /** The databases a test runs on. */
  enum Kind {
    H2,
    POSTGRESQL
  }

  /** Both kinds, or PostgreSQL alone in the PostgreSQL half of the build. */
  static List<Kind> kinds() {
    return StoreVariants.of(Kind.H2, Kind.POSTGRESQL);
  }

  private final String url;
  private final String baseUrl;
  private final String schema;

  private TestDatabase(String url, String baseUrl, String schema) {
    this.url = url;
    this.baseUrl = baseUrl;
    this.schema = schema;
  }

  static TestDatabase open(Kind kind) {
    String name = "boot_" + UUID.randomUUID().toString().replace("-", "");
    if (kind == Kind.H2) {
      return new TestDatabase("jdbc:h2:mem:" + name, null, null);
    }
    String baseUrl = System.getenv(PG_URL_VARIABLE);
    assumeTrue(baseUrl != null && !baseUrl.isBlank(),
        PG_URL_VARIABLE + " is not set: the PostgreSQL variant is skipped");
    execute(baseUrl, "CREATE SCHEMA " + name);
    String url = baseUrl + (baseUrl.contains("?") ? "&" : "?") + "currentSchema=" + name;
    return new TestDatabase(url, baseUrl, name);
  }

  /** The JDBC URL, for {@code spring.datasource.url}. */
  String url() {
    return url;
  }

  @Override
  public void close() {
    if (schema != null) {
      execute(baseUrl, "DROP SCHEMA " + schema + " CASCADE");
    }
  }

  private static void execute(String url, String sql) {
    try (Connection connection = DriverManager.getConnection(url);
        Statement statement = connection.createStatement()) {
      statement.execute(sql);
    } catch (SQLException e) {
      throw new IllegalStateException("could not run " + sql + " on " + url, e);
    }
  }
}
