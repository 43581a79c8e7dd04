package dev.durable.runtime.internal.store;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.durable.runtime.EngineConfig;
import dev.durable.runtime.StoreException;
import java.util.Locale;

/** Opens the connection pool for a JDBC URL. */
public final class DataSources {
  private static final long CONNECTION_TIMEOUT_MS = 5_000;
  private static final String SOCKET_TIMEOUT_SECONDS = "10";
  private static final String CONNECT_TIMEOUT_SECONDS = "5";

  private DataSources() {}

  /**
   * The most connections an engine's own pool opens for its runs, whatever {@code
   * maxConcurrentRuns}: a run holds a connection only for a read or a commit, never while its step
   * executes, and its commits share the group commit's few writers, so a thousand runs in flight
   * need no more than a few dozen; more would only queue inside the database (and use up
   * PostgreSQL's 100 connections by default).
   */
  public static final int MAX_RUN_CONNECTIONS = 32;
  /** The poller, timers, lease renewal, commit writers, the listener and callers of the API. */
  static final int OTHER_CONNECTIONS = 8;

  /** An engine's own pool: {@link #poolSize} connections. */
  public static HikariDataSource pool(EngineConfig config, int maxConcurrentRuns, String engineId) {
    return pool(config.jdbcUrl(), config.user().orElse(null), config.password().orElse(null),
        poolSize(maxConcurrentRuns), "durable-" + engineId, config.pollOnly());
  }

  /**
   * The connections of an engine's own pool: one per run in flight up to {@link
   * #MAX_RUN_CONNECTIONS}, plus {@link #OTHER_CONNECTIONS}.
   */
  public static int poolSize(int maxConcurrentRuns) {
    return Math.min(maxConcurrentRuns, MAX_RUN_CONNECTIONS) + OTHER_CONNECTIONS;
  }

  /**
   * A pool of at most {@code size} connections to {@code jdbcUrl}; {@code pollOnly}: without
   * server-side prepared statements, which a pooler in transaction mode cannot keep (a statement
   * prepared on one server connection is executed on another).
   */
  public static HikariDataSource pool(
      String jdbcUrl, String user, String password, int size, String name, boolean pollOnly) {
    HikariConfig hikari = new HikariConfig();
    hikari.setJdbcUrl(jdbcUrl);
    if (user != null) {
      hikari.setUsername(user);
    }
    if (password != null) {
      hikari.setPassword(password);
    }
    hikari.setMaximumPoolSize(size);
    hikari.setMinimumIdle(1);
    hikari.setPoolName(name);
    // a database that went away must fail calls quickly, so that the engine retries and says so
    hikari.setConnectionTimeout(CONNECTION_TIMEOUT_MS);
    if (jdbcUrl.startsWith("jdbc:postgresql:")) {
      // without them a connection whose network silently dropped blocks its thread forever;
      // parameters in the JDBC URL take precedence over these
      hikari.addDataSourceProperty("socketTimeout", SOCKET_TIMEOUT_SECONDS);
      hikari.addDataSourceProperty("connectTimeout", CONNECT_TIMEOUT_SECONDS);
      hikari.addDataSourceProperty("tcpKeepAlive", "true");
      if (pollOnly) {
        hikari.addDataSourceProperty("prepareThreshold", "0");
      }
      // No forced generic plans: the claim's LIMIT (the free slots) is a parameter, and a generic
      // plan guesses a third of the table is due and hash-joins the claim against all of it, which
      // grows with the sleeping runs, where a plan made with the values reads only the due ones.
    }
    try {
      return new HikariDataSource(hikari);
    } catch (RuntimeException e) {
      throw new StoreException(
          "cannot connect to " + JdbcUrls.masked(jdbcUrl) + ": " + rootMessage(e)
              + "; check the JDBC URL, the credentials and that the database is running",
          e);
    }
  }

  /**
   * Whether only this process can use the database: an embedded H2 database (file or memory)
   * without AUTO_SERVER. Runs left leased in such a store were left by a process that is gone.
   */
  public static boolean isExclusive(EngineConfig config) {
    if (config.dataSource().isPresent()) {
      return false;
    }
    String url = config.jdbcUrl().toLowerCase(Locale.ROOT);
    return url.startsWith("jdbc:h2:")
        && !url.startsWith("jdbc:h2:tcp:")
        && !url.startsWith("jdbc:h2:ssl:")
        && !url.replace(" ", "").contains("auto_server=true");
  }

  private static String rootMessage(Throwable error) {
    Throwable root = error;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    return root.getMessage();
  }
}
