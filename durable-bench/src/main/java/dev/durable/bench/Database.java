package dev.durable.bench;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A fresh, empty database for one benchmark run, removed when closed or when the JVM exits, and
 * what differs between H2 and PostgreSQL: the DDL of the baseline table, the bulk insert of
 * sleeping runs, EXPLAIN, and the server's own commit counter.
 */
abstract class Database implements AutoCloseable {
  private static final Duration POOL_FILL_TIMEOUT = Duration.ofSeconds(30);
  private static final String INSUFFICIENT_PRIVILEGE = "42501";

  private final AtomicBoolean removed = new AtomicBoolean();
  private final Thread removeOnExit = new Thread(this::removeOnExit, "durable-bench-cleanup");
  private volatile boolean checkpoints = true;
  private final List<String> alsoMaintained = new CopyOnWriteArrayList<>();

  /** Opens a fresh database of the kind named {@code pg} or {@code h2}. */
  static Database open(String id, BenchConfig config) throws SQLException {
    return id.equals("pg") ? new PostgresDatabase(config.pgUrl()) : new H2Database();
  }

  /** {@code pg} or {@code h2}. */
  abstract String id();

  /** The product and version, as the driver reports them. */
  final String product() throws SQLException {
    try (Connection connection = connect()) {
      return connection.getMetaData().getDatabaseProductName() + " "
          + connection.getMetaData().getDatabaseProductVersion();
    }
  }

  /** Where the database is, in a few words. */
  abstract String where();

  abstract String jdbcUrl();

  final Connection connect() throws SQLException {
    return DriverManager.getConnection(jdbcUrl());
  }

  /**
   * A HikariCP pool of {@code size} connections, all opened before this returns, so that no phase
   * measures connection set-up. The pool name is also the PostgreSQL application name.
   */
  final HikariDataSource pool(String name, int size) throws InterruptedException {
    HikariConfig config = new HikariConfig();
    config.setJdbcUrl(jdbcUrl());
    config.setMaximumPoolSize(size);
    config.setMinimumIdle(size);
    config.setPoolName(name);
    configure(config, name);
    return filled(config);
  }

  /**
   * Opens the pool {@code config} describes and returns once it holds its {@code
   * maximumPoolSize} connections.
   */
  static HikariDataSource filled(HikariConfig config) throws InterruptedException {
    int size = config.getMaximumPoolSize();
    HikariDataSource pool = new HikariDataSource(config);
    long deadline = System.nanoTime() + POOL_FILL_TIMEOUT.toNanos();
    while (pool.getHikariPoolMXBean().getTotalConnections() < size) {
      if (System.nanoTime() > deadline) {
        pool.close();
        throw new IllegalStateException("pool " + config.getPoolName() + " did not open " + size
            + " connections within " + POOL_FILL_TIMEOUT);
      }
      Thread.sleep(10);
    }
    return pool;
  }

  void configure(HikariConfig config, String name) {}

  /**
   * Brings the database to the footing a database in service stands on before each phase, round
   * and probe: vacuumed and analyzed where the server's autovacuum would be but is off ({@link
   * #maintain}, here and in the databases {@link #alsoMaintain} names), then written out ({@code
   * CHECKPOINT}), so that each starts without a checkpoint in progress. A PostgreSQL user without
   * the right to checkpoint is told once and goes on without.
   */
  final void settle() throws SQLException {
    try (Connection connection = connect()) {
      maintain(connection);
    }
    for (String url : alsoMaintained) {
      try (Connection connection = DriverManager.getConnection(url)) {
        maintain(connection);
      }
    }
    if (!checkpoints) {
      return;
    }
    try (Connection connection = connect()) {
      execute(connection, "CHECKPOINT");
    } catch (SQLException e) {
      if (!INSUFFICIENT_PRIVILEGE.equals(e.getSQLState())) {
        throw e;
      }
      checkpoints = false;
      System.err.println("[" + id() + "] this user may not CHECKPOINT, so phases may overlap a"
          + " checkpoint in progress: " + e.getMessage());
    }
  }

  /**
   * Has {@link #settle} maintain the database at {@code jdbcUrl} too, another engine's beside
   * this one, until {@link #stopMaintaining} it.
   */
  final void alsoMaintain(String jdbcUrl) {
    alsoMaintained.add(jdbcUrl);
  }

  /** Leaves the database at {@code jdbcUrl} alone again, before it is dropped. */
  final void stopMaintaining(String jdbcUrl) {
    alsoMaintained.remove(jdbcUrl);
  }

  /**
   * Does on {@code connection}'s database what the server's own maintenance would have done by
   * now, if it does none; nothing by default.
   */
  void maintain(Connection connection) throws SQLException {}

  /** Sets a connection up as the engine sets up its store: H2 needs durable commits turned on. */
  void prepare(Connection connection) throws SQLException {}

  /**
   * Sets up a connection of the run search phase: H2 must not hand back the previous result of a
   * query whose tables have not changed since, as it does by default (a live store changes).
   */
  void prepareSearch(Connection connection) throws SQLException {}

  /** The DDL that creates {@code bench_commit(id, v)}, the baseline's table, unless it exists. */
  abstract String createCommitTable();

  /**
   * The INSERT of sleeping runs {@code sleeping-<n>} of workflow {@code bench} version 1;
   * parameters: created at (twice), first wake time (twice; run n wakes n seconds after it), first
   * n, last n.
   */
  abstract String insertSleepingRuns();

  /** The rows {@code x} from {@code first} to {@code last}, as a FROM item with column {@code x}. */
  abstract String series(String first, String last);

  /** The timestamp {@code timestamp} plus {@code seconds} seconds, in SQL. */
  abstract String plusSeconds(String timestamp, String seconds);

  /** The MD5 of the text of {@code number}, as 32 lower-case hex digits, in SQL. */
  abstract String md5Hex(String number);

  /**
   * The statement that updates the planner's statistics of the runs table after the bulk insert
   * (on PostgreSQL it vacuums too, as autovacuum would, but not while the poll is timed).
   */
  abstract String analyzeRuns();

  /** The plan of {@code sql} run with {@code params}, as the database explains it. */
  abstract List<String> explain(Connection connection, String sql, Object[] params)
      throws SQLException;

  /**
   * How many executions of {@code sql}, prepared on the server by this connection, ran a generic
   * plan (planned once) and how many a custom plan (planned afresh each time).
   */
  record PlanUse(long generic, long custom) {
    PlanUse minus(PlanUse earlier) {
      return new PlanUse(generic - earlier.generic, custom - earlier.custom);
    }
  }

  /** The {@link PlanUse} of {@code sql} on this connection; empty where the database won't tell. */
  Optional<PlanUse> planUse(Connection connection, String sql) throws SQLException {
    return Optional.empty();
  }

  /** Transactions committed in this database so far, by the server's count; empty for H2. */
  OptionalLong committedTransactions() throws SQLException {
    return OptionalLong.empty();
  }

  /**
   * Waits until the server has no session left of the pool named {@code name}, so that their
   * statistics are in its counters.
   */
  void awaitDisconnected(String name) throws SQLException, InterruptedException {}

  static List<String> rows(PreparedStatement statement) throws SQLException {
    List<String> lines = new ArrayList<>();
    try (ResultSet rows = statement.executeQuery()) {
      while (rows.next()) {
        lines.addAll(List.of(rows.getString(1).split("\n")));
      }
    }
    return lines;
  }

  static void execute(Connection connection, String sql) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      statement.execute(sql);
    }
  }

  /** Removes the database at exit too (Ctrl-C, kill) if it was not closed; call once created. */
  final void removeAtExit() {
    Runtime.getRuntime().addShutdownHook(removeOnExit);
  }

  /** Drops the schema or deletes the files. */
  abstract void remove() throws Exception;

  @Override
  public final void close() throws Exception {
    try {
      Runtime.getRuntime().removeShutdownHook(removeOnExit);
    } catch (IllegalStateException shuttingDown) {
      // the hook runs, or ran, instead
    }
    if (removed.compareAndSet(false, true)) {
      remove();
    }
  }

  private void removeOnExit() {
    if (removed.compareAndSet(false, true)) {
      try {
        remove();
      } catch (Exception e) {
        System.err.println("could not remove the " + where() + ": " + e.getMessage());
      }
    }
  }
}
