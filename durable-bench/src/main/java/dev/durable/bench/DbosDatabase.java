package dev.durable.bench;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A PostgreSQL database of its own for DBOS Transact (phase (h)) on the server of the base URL,
 * dropped on close or when the JVM exits. DBOS's migrations create its system tables in a schema
 * ({@code dbos}), but also the extension {@code uuid-ossp} in the database, and trigger functions
 * that {@code NOTIFY}; dropping a database of its own takes all of it away, and keeps DBOS's
 * sessions and commits out of the database Durable is measured in.
 */
final class DbosDatabase implements AutoCloseable {
  private final String baseUrl;
  private final String name;
  private final AtomicBoolean removed = new AtomicBoolean();
  private final Thread removeOnExit = new Thread(this::removeOnExit, "durable-bench-dbos-cleanup");

  DbosDatabase(String baseUrl) throws SQLException {
    this.baseUrl = baseUrl;
    this.name =
        "durable_bench_dbos_"
            + DateTimeFormatter.ofPattern("yyyyMMdd_HHmmss").format(OffsetDateTime.now())
            + "_" + UUID.randomUUID().toString().substring(0, 4);
    try (Connection connection = DriverManager.getConnection(baseUrl);
        Statement statement = connection.createStatement()) {
      statement.execute("CREATE DATABASE " + name);
    }
    Runtime.getRuntime().addShutdownHook(removeOnExit);
  }

  /** Where DBOS's tables are, in a few words. */
  String where() {
    return "database " + name + " (dropped afterwards) on the same server";
  }

  /** The base URL with this database in place of the base URL's, its parameters kept. */
  String jdbcUrl() {
    int query = baseUrl.indexOf('?');
    String path = query < 0 ? baseUrl : baseUrl.substring(0, query);
    String parameters = query < 0 ? "" : baseUrl.substring(query);
    int slash = path.lastIndexOf('/');
    if (slash < "jdbc:postgresql://".length()) {
      throw new IllegalArgumentException(
          "DURABLE_PG_URL must name host and database (jdbc:postgresql://host/db), but was "
              + baseUrl);
    }
    return path.substring(0, slash + 1) + name + parameters;
  }

  /**
   * The user the base URL names ({@code user=}), which DBOS requires apart from the URL when it
   * opens its own pool; the JDBC driver's default, the operating system's user name, if none.
   */
  String user() {
    return parameter("user").orElse(System.getProperty("user.name"));
  }

  /** The password the base URL gives ({@code password=}), or an empty one, which DBOS takes. */
  String password() {
    return parameter("password").orElse("");
  }

  private Optional<String> parameter(String key) {
    int query = baseUrl.indexOf('?');
    if (query < 0) {
      return Optional.empty();
    }
    for (String pair : baseUrl.substring(query + 1).split("&")) {
      int equals = pair.indexOf('=');
      if (equals > 0 && pair.substring(0, equals).equals(key)) {
        return Optional.of(URLDecoder.decode(pair.substring(equals + 1), StandardCharsets.UTF_8));
      }
    }
    return Optional.empty();
  }

  /**
   * A pool of {@code size} connections, all opened before this returns, with the settings DBOS
   * gives the pool it opens itself for a URL ({@code SystemDatabase.createDataSource}: 60 s
   * lifetime, 30 s keep-alive, TCP keep-alive, batched inserts rewritten) but sized as Durable's
   * engine's pool rather than DBOS's 10, so that 16 clients never wait for a connection. The pool
   * name is also the PostgreSQL application name.
   */
  HikariDataSource pool(String poolName, int size) throws InterruptedException {
    HikariConfig config = new HikariConfig();
    config.setJdbcUrl(jdbcUrl());
    config.setPoolName(poolName);
    config.setMaximumPoolSize(size);
    config.setMinimumIdle(size);
    config.setMaxLifetime(60_000);
    config.setKeepaliveTime(30_000);
    config.setConnectionTimeout(10_000);
    config.setValidationTimeout(2_000);
    config.addDataSourceProperty("ApplicationName", poolName);
    config.addDataSourceProperty("tcpKeepAlive", "true");
    config.addDataSourceProperty("connectTimeout", "10");
    config.addDataSourceProperty("socketTimeout", "60");
    config.addDataSourceProperty("reWriteBatchedInserts", "true");
    return Database.filled(config);
  }

  @Override
  public void close() throws SQLException {
    try {
      Runtime.getRuntime().removeShutdownHook(removeOnExit);
    } catch (IllegalStateException shuttingDown) {
      // the hook runs, or ran, instead
    }
    if (removed.compareAndSet(false, true)) {
      remove();
    }
  }

  /** Drops the database, ending any session DBOS left open in it (PostgreSQL 13 and later). */
  private void remove() throws SQLException {
    try (Connection connection = DriverManager.getConnection(baseUrl);
        Statement statement = connection.createStatement()) {
      statement.execute("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
    }
  }

  private void removeOnExit() {
    if (removed.compareAndSet(false, true)) {
      try {
        remove();
      } catch (SQLException e) {
        System.err.println("could not drop the DBOS database " + name + ": " + e.getMessage());
      }
    }
  }
}
