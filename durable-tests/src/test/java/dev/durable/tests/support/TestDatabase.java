package dev.durable.tests.support;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.durable.build.StoreVariants;
import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.DurableWorker;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;

/**
 * A fresh, empty database for one test: a private in-memory H2 database, or a private schema in
 * the PostgreSQL database named by {@code DURABLE_PG_URL} (skipped, with the reason shown, when it
 * is not set). Behaviour tests run once against each.
 */
public abstract class TestDatabase implements AutoCloseable {
  public static final String PG_URL_VARIABLE = "DURABLE_PG_URL";
  /** PgBouncer in transaction mode in front of {@link #PG_URL_VARIABLE}'s database (.ci/run). */
  public static final String PGBOUNCER_URL_VARIABLE = "DURABLE_PGBOUNCER_URL";

  /**
   * The stores every behaviour test class runs against: H2 and PostgreSQL, or PostgreSQL alone in
   * the PostgreSQL half of the build ({@link StoreVariants}).
   */
  public static List<Kind> all() {
    return StoreVariants.of(Kind.H2, Kind.POSTGRESQL);
  }

  /** The third variant: PostgreSQL through PgBouncer in transaction mode. */
  public static List<Kind> pooled() {
    return List.of(Kind.PGBOUNCER);
  }

  /** Which database. */
  public enum Kind {
    H2,
    POSTGRESQL,
    /**
     * A schema of its own in the PostgreSQL database, reached through PgBouncer in transaction
     * mode: engines and workers are poll-only, name the schema, and do not migrate (the schema
     * is migrated directly first, as an owner would with durable-cli migrate).
     */
    PGBOUNCER;

    /** Opens a fresh database of this kind, or skips the test when it is not available. */
    public TestDatabase open() {
      return switch (this) {
        case H2 -> new H2();
        case POSTGRESQL -> new Postgres();
        case PGBOUNCER -> {
          String url = System.getenv(PGBOUNCER_URL_VARIABLE);
          assumeTrue(url != null && !url.isBlank(), PGBOUNCER_URL_VARIABLE + " is not set, so"
              + " the PgBouncer variant is skipped; .ci/run starts PgBouncer in transaction mode"
              + " and sets it (e.g. jdbc:postgresql://127.0.0.1:6432/test?user=postgres"
              + "&prepareThreshold=0)");
          yield new Pooled(url);
        }
      };
    }
  }

  /** The JDBC URL of this database: its tables are the test's own. */
  public abstract String jdbcUrl();

  /**
   * The JDBC URL of the database without the test's schema: where a test puts Durable's tables in
   * a schema of its own choosing ({@code DurableEngine.Builder#schema}).
   */
  public String baseUrl() {
    return jdbcUrl();
  }

  /**
   * Drops {@code schema} and what it holds, when the test is over: a schema a test made in this
   * database (a private H2 database goes with the test).
   */
  public void dropAtClose(String schema) {}

  /** A builder pointed at this database, discovering nothing. */
  public DurableEngine.Builder engine() {
    return DurableEngine.builder().jdbcUrl(jdbcUrl()).discover(false);
  }

  /** A worker's builder pointed at this database. */
  public DurableWorker.Builder worker() {
    return DurableWorker.builder().jdbcUrl(jdbcUrl());
  }

  /** Runs one SQL statement against the database, as a test's back door. */
  public int execute(String sql) {
    try (Connection connection = DriverManager.getConnection(jdbcUrl());
        Statement statement = connection.createStatement()) {
      return statement.executeUpdate(sql);
    } catch (SQLException e) {
      throw new IllegalStateException("test SQL failed: " + sql, e);
    }
  }

  /** Runs one query against the database, as a test's back door: each row as its columns. */
  public List<List<Object>> query(String sql) {
    try (Connection connection = DriverManager.getConnection(jdbcUrl());
        Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery(sql)) {
      int columns = rows.getMetaData().getColumnCount();
      List<List<Object>> result = new ArrayList<>();
      while (rows.next()) {
        Object[] row = new Object[columns];
        for (int i = 0; i < columns; i++) {
          row[i] = rows.getObject(i + 1);
        }
        result.add(Arrays.asList(row));
      }
      return result;
    } catch (SQLException e) {
      throw new IllegalStateException("test SQL failed: " + sql, e);
    }
  }

  /** The one number {@code sql} selects. */
  public long queryLong(String sql) {
    return ((Number) query(sql).get(0).get(0)).longValue();
  }

  @Override
  public void close() {}

  private static final class H2 extends TestDatabase {
    private final String url =
        "jdbc:h2:mem:durable-test-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1";

    @Override
    public String jdbcUrl() {
      return url;
    }

    @Override
    public void close() {
      execute("SHUTDOWN");
    }

    @Override
    public String toString() {
      return "H2";
    }
  }

  private static class Postgres extends TestDatabase {
    final String baseUrl;
    final String schema = "durable_test_" + UUID.randomUUID().toString().replace("-", "");
    private final List<String> dropped = new ArrayList<>(List.of(schema));

    Postgres() {
      baseUrl = System.getenv(PG_URL_VARIABLE);
      assumeTrue(
          baseUrl != null && !baseUrl.isBlank(),
          PG_URL_VARIABLE + " is not set, so the PostgreSQL variant is skipped; set it to e.g."
              + " jdbc:postgresql://127.0.0.1:5432/test?user=postgres to run it");
      try (Connection connection = DriverManager.getConnection(baseUrl);
          Statement statement = connection.createStatement()) {
        statement.execute("CREATE SCHEMA " + schema);
      } catch (SQLException e) {
        throw new IllegalStateException(
            PG_URL_VARIABLE + " is set to " + baseUrl + " but cannot be used: " + e.getMessage(),
            e);
      }
    }

    @Override
    public String jdbcUrl() {
      return baseUrl + (baseUrl.contains("?") ? "&" : "?") + "currentSchema=" + schema;
    }

    @Override
    public String baseUrl() {
      return baseUrl;
    }

    @Override
    public void dropAtClose(String other) {
      dropped.add(other);
    }

    @Override
    public void close() {
      try (Connection connection = DriverManager.getConnection(baseUrl);
          Statement statement = connection.createStatement()) {
        for (String each : dropped) {
          statement.execute("DROP SCHEMA IF EXISTS " + each + " CASCADE");
        }
      } catch (SQLException e) {
        throw new IllegalStateException("could not drop test schemas " + dropped, e);
      }
    }

    @Override
    public String toString() {
      return "PostgreSQL";
    }
  }

  /** See {@link Kind#PGBOUNCER}; {@link #jdbcUrl()} stays the direct one, the tests' back door. */
  private static final class Pooled extends Postgres {
    private static final Duration POLL = Duration.ofMillis(100);
    private final String poolerUrl;

    Pooled(String poolerUrl) {
      this.poolerUrl = poolerUrl;
      try {
        DurableEngine.builder().jdbcUrl(baseUrl).schema(schema).discover(false).build().close();
      } catch (RuntimeException e) {
        close();
        throw e;
      }
    }

    @Override
    public DurableEngine.Builder engine() {
      return DurableEngine.builder().jdbcUrl(poolerUrl).schema(schema).pollOnly(true)
          .migrate(false).discover(false).pollInterval(POLL);
    }

    @Override
    public DurableWorker.Builder worker() {
      return DurableWorker.builder().jdbcUrl(poolerUrl).schema(schema).pollOnly(true)
          .migrate(false).pollInterval(POLL);
    }

    @Override
    public String toString() {
      return "PgBouncer";
    }
  }
}
