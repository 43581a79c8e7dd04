package dev.durable.bench;

import com.zaxxer.hikari.HikariConfig;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.UUID;

/** A schema of its own in the PostgreSQL database at the base URL, dropped on close. */
final class PostgresDatabase extends Database {
  private static final Duration DISCONNECT_TIMEOUT = Duration.ofSeconds(30);

  private final String baseUrl;
  private final String schema;
  /** Whether the server runs autovacuum; the bench stands in for it where it does not. */
  private final boolean autovacuum;

  PostgresDatabase(String baseUrl) throws SQLException {
    this.baseUrl = baseUrl;
    this.schema =
        "durable_bench_"
            + DateTimeFormatter.ofPattern("yyyyMMdd_HHmmss").format(OffsetDateTime.now())
            + "_" + UUID.randomUUID().toString().substring(0, 4);
    try (Connection connection = DriverManager.getConnection(baseUrl)) {
      execute(connection, "CREATE SCHEMA " + schema);
      try (PreparedStatement show = connection.prepareStatement("SHOW autovacuum")) {
        this.autovacuum = "on".equals(rows(show).get(0));
      }
    }
    removeAtExit();
  }

  @Override
  String id() {
    return "pg";
  }

  @Override
  String where() {
    return "schema " + schema + " (dropped afterwards) of " + baseUrl.replaceAll("\\?.*", "")
        + (autovacuum ? "" : "; the server's autovacuum is off, so the bench runs VACUUM (ANALYZE)"
            + " before each warm-up, round and probe, as autovacuum keeps a database in service");
  }

  /**
   * {@code VACUUM (ANALYZE)} of the whole database where the server runs no autovacuum: without
   * it, every update of the runs' rows leaves a dead row version and index entry behind, and with
   * tables never analyzed the planner keeps the plans it chose for empty ones (a claim of due runs
   * read every run through the workflow's index). One dispatched step's p50, runs one at a time,
   * rose from 7 ms over the first 1,000 runs to 12 ms over the fourth 1,000 that way, and stayed at
   * 5.4-5.8 ms with the database vacuumed after each 1,000 (2026-12-02).
   */
  @Override
  void maintain(Connection connection) throws SQLException {
    if (!autovacuum) {
      execute(connection, "VACUUM (ANALYZE)");
    }
  }

  @Override
  String jdbcUrl() {
    return baseUrl + (baseUrl.contains("?") ? "&" : "?") + "currentSchema=" + schema;
  }

  @Override
  void configure(HikariConfig config, String name) {
    config.addDataSourceProperty("ApplicationName", name);
    // the same connection settings an engine gives the pool it opens for a PostgreSQL URL
    config.addDataSourceProperty("socketTimeout", "10");
    config.addDataSourceProperty("connectTimeout", "5");
    config.addDataSourceProperty("tcpKeepAlive", "true");
  }

  @Override
  String createCommitTable() {
    return "CREATE TABLE IF NOT EXISTS bench_commit (id BIGSERIAL PRIMARY KEY, v INT)";
  }

  @Override
  String insertSleepingRuns() {
    return "INSERT INTO durable_runs (run_id, workflow_name, workflow_version, status, input,"
        + " created_at, updated_at, wake_at, due_at, epoch)"
        + " SELECT 'sleeping-' || n, 'bench', '1', 'SLEEPING', '[0]', CAST(? AS TIMESTAMPTZ),"
        + " CAST(? AS TIMESTAMPTZ), CAST(? AS TIMESTAMPTZ) + n * INTERVAL '1 second',"
        + " CAST(? AS TIMESTAMPTZ) + n * INTERVAL '1 second', 1"
        + " FROM generate_series(CAST(? AS BIGINT), CAST(? AS BIGINT)) AS n";
  }

  @Override
  String series(String first, String last) {
    return "generate_series(" + first + ", " + last + ") AS x";
  }

  @Override
  String plusSeconds(String timestamp, String seconds) {
    return "(" + timestamp + " + (" + seconds + ") * INTERVAL '1 second')";
  }

  @Override
  String md5Hex(String number) {
    return "md5(CAST(" + number + " AS TEXT))";
  }

  @Override
  String analyzeRuns() {
    return "VACUUM (ANALYZE) durable_runs";
  }

  /**
   * Two plans: the custom plan, made for the bound values (what the first executions of a
   * statement get), and the generic plan, which PostgreSQL may switch a prepared statement to after
   * five executions (the JDBC driver prepares a statement on the server from its fifth use).
   */
  @Override
  List<String> explain(Connection connection, String sql, Object[] params) throws SQLException {
    List<String> lines = new ArrayList<>();
    lines.add("-- custom plan (values bound):");
    try (PreparedStatement explain =
        connection.prepareStatement("EXPLAIN (ANALYZE, BUFFERS) " + sql)) {
      for (int i = 0; i < params.length; i++) {
        explain.setObject(i + 1, params[i]);
      }
      lines.addAll(rows(explain));
    }
    lines.add("-- generic plan (plan_cache_mode = force_generic_plan):");
    execute(connection, "PREPARE bench_due AS " + numbered(sql));
    try {
      execute(connection, "SET plan_cache_mode = force_generic_plan");
      try (PreparedStatement explain =
          connection.prepareStatement(
              "EXPLAIN (ANALYZE, BUFFERS) EXECUTE bench_due(" + literals(params) + ")")) {
        lines.addAll(rows(explain));
      }
    } finally {
      execute(connection, "RESET plan_cache_mode");
      execute(connection, "DEALLOCATE bench_due");
    }
    return lines;
  }

  private static String numbered(String sql) {
    StringBuilder out = new StringBuilder();
    int n = 0;
    for (char c : sql.toCharArray()) {
      if (c == '?') {
        out.append('$').append(++n);
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }

  private static String literals(Object[] params) {
    List<String> literals = new ArrayList<>();
    for (Object param : params) {
      literals.add(
          param instanceof Number ? param.toString()
              : "'" + param.toString().replace("'", "''") + "'");
    }
    return String.join(", ", literals);
  }

  /**
   * From {@code pg_prepared_statements}, for the statement the JDBC driver prepared on the server
   * (from its fifth use on a connection).
   */
  @Override
  Optional<PlanUse> planUse(Connection connection, String sql) throws SQLException {
    try (PreparedStatement select =
        connection.prepareStatement(
            "SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE statement = ?")) {
      select.setString(1, numbered(sql));
      try (ResultSet rows = select.executeQuery()) {
        if (!rows.next()) {
          return Optional.empty();
        }
        return Optional.of(new PlanUse(rows.getLong(1), rows.getLong(2)));
      }
    }
  }

  @Override
  OptionalLong committedTransactions() throws SQLException {
    try (Connection connection = DriverManager.getConnection(baseUrl);
        PreparedStatement select =
            connection.prepareStatement(
                "SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()");
        ResultSet rows = select.executeQuery()) {
      rows.next();
      return OptionalLong.of(rows.getLong(1));
    }
  }

  /**
   * A session flushes its statistics as it exits; the new connection that then reads them takes
   * far longer to open than the flush that follows the session's leaving {@code pg_stat_activity}.
   */
  @Override
  void awaitDisconnected(String name) throws SQLException, InterruptedException {
    long deadline = System.nanoTime() + DISCONNECT_TIMEOUT.toNanos();
    try (Connection connection = DriverManager.getConnection(baseUrl);
        PreparedStatement count =
            connection.prepareStatement(
                "SELECT COUNT(*) FROM pg_stat_activity WHERE application_name = ?")) {
      count.setString(1, name);
      while (true) {
        try (ResultSet rows = count.executeQuery()) {
          rows.next();
          if (rows.getLong(1) == 0) {
            return;
          }
        }
        if (System.nanoTime() > deadline) {
          throw new IllegalStateException(
              "sessions of " + name + " still open " + DISCONNECT_TIMEOUT + " after closing it");
        }
        Thread.sleep(10);
      }
    }
  }

  /** Drops the schema; at exit, sessions still open may hold locks, hence the timeout. */
  @Override
  void remove() throws SQLException {
    try (Connection connection = DriverManager.getConnection(baseUrl)) {
      execute(connection, "SET lock_timeout = '10s'");
      execute(connection, "DROP SCHEMA " + schema + " CASCADE");
    }
  }
}
