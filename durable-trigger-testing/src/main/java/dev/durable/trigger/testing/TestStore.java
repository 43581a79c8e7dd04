package dev.durable.trigger.testing;

import dev.durable.runtime.DurableEngine;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.UUID;

/**
 * The store of one test: a schema of its own in the PostgreSQL database {@code DURABLE_PG_URL}
 * names when it is set (the second half of the build), else a private in-memory H2 database.
 * Engines built from it share it.
 */
public final class TestStore implements AutoCloseable {
  private final String baseUrl;
  private final String url;
  private final String schema;

  private TestStore(String baseUrl, String url, String schema) {
    this.baseUrl = baseUrl;
    this.url = url;
    this.schema = schema;
  }

  public static TestStore open() {
    return open("jdbc:h2:mem:trigger-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
  }

  /**
   * A store that another process can open too: on H2 a file database in {@code directory} (one
   * process at a time), on PostgreSQL as {@link #open()}.
   */
  public static TestStore openShared(Path directory) {
    return open("jdbc:h2:file:" + directory.resolve("durable").toAbsolutePath());
  }

  private static TestStore open(String h2Url) {
    String pg = System.getenv("DURABLE_PG_URL");
    if (pg == null || pg.isBlank()) {
      return new TestStore(h2Url, h2Url, null);
    }
    String schema = "durable_trigger_" + UUID.randomUUID().toString().replace("-", "");
    execute(pg, "CREATE SCHEMA " + schema);
    return new TestStore(pg, pg + (pg.contains("?") ? "&" : "?") + "currentSchema=" + schema,
        schema);
  }

  /** An engine's builder on this store, discovering nothing, polling often. */
  public DurableEngine.Builder engine() {
    return DurableEngine.builder().jdbcUrl(url).discover(false)
        .pollInterval(Duration.ofMillis(100));
  }

  /** The store's JDBC URL, for another process. */
  public String url() {
    return url;
  }

  /** A data source on this store that the test can cut off ({@link CuttableDataSource}). */
  public CuttableDataSource cuttable() {
    return new CuttableDataSource(url);
  }

  @Override
  public void close() {
    execute(baseUrl, schema == null ? "SHUTDOWN" : "DROP SCHEMA " + schema + " CASCADE");
  }

  private static void execute(String url, String sql) {
    try (Connection connection = DriverManager.getConnection(url);
        Statement statement = connection.createStatement()) {
      statement.execute(sql);
    } catch (SQLException e) {
      throw new IllegalStateException("cannot " + sql + " on " + url + ": " + e.getMessage(), e);
    }
  }
}
