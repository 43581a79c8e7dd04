package dev.durable.bench;

import com.zaxxer.hikari.HikariDataSource;
import dev.durable.runtime.internal.model.RunRecord;
import dev.durable.runtime.internal.model.WorkflowKey;
import dev.durable.runtime.internal.store.Stores;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;

/**
 * Phase (d): the time of the engine's poll, {@link Store#claimDue}, with a handful of due
 * runs among 1,000 and then among a million runs sleeping far in the future, inserted with SQL.
 * Each call is what one poll costs: a pooled connection, a transaction, the query, the commit.
 */
final class PollBench {
  static final int SMALL = 1_000;
  static final int DUE = 10;
  static final int LIMIT = 64;
  static final int WARMUP_CALLS = 300;
  static final int CALLS = 2_000;
  private static final int INSERT_CHUNK = 100_000;
  private static final List<WorkflowKey> WORKFLOWS = List.of(new WorkflowKey("bench", "1"));
  private static final String OWNER = "bench-poll";

  /**
   * The poll among {@code sleeping} sleeping runs.
   *
   * @param insertNanos how long inserting the sleeping runs took
   * @param time each call of {@code claimDue}
   * @param plan the query's plan as the database explains it
   * @param planUse how the server planned the calls, on the pooled connection that made them;
   *     empty where it does not tell
   */
  record Size(
      int sleeping, long insertNanos, Samples time, List<String> plan,
      Optional<Database.PlanUse> planUse) {}

  record Result(Size small, Size large) {}

  private PollBench() {}

  /** Measures with {@link #SMALL} sleeping runs, then with {@code sleeping} (more than that). */
  static Result run(Database database, int sleeping) throws Exception {
    try (HikariDataSource pool = database.pool("durable-bench-poll", 2)) {
      CountingDataSource counting = new CountingDataSource(pool);
      Stores store = new Stores(counting.dataSource());
      store.migrate(); // run alone (-Dbench.phases=poll), no engine has made the tables
      // in whole microseconds, as stored: a claim leaves its runs due at exactly this instant
      Instant now = Instant.now().truncatedTo(ChronoUnit.MICROS);
      try (Connection connection = pool.getConnection()) {
        for (String table : List.of("durable_events", "durable_steps", "durable_runs")) {
          Database.execute(connection, "TRUNCATE TABLE " + table);
        }
        insertDue(connection, now);
      }
      Size small = measure(database, pool, counting, store, now, 1, SMALL, Optional.empty());
      Size large =
          measure(database, pool, counting, store, now, SMALL + 1, sleeping, small.planUse());
      return new Result(small, large);
    }
  }

  /**
   * Inserts sleeping runs {@code from} to {@code to}, then times the poll and explains it. The
   * server's plan counts go on from one measurement to the next; {@code earlier} is where they
   * stood.
   */
  private static Size measure(
      Database database, HikariDataSource pool, CountingDataSource counting, Stores store,
      Instant now, int from, int to, Optional<Database.PlanUse> earlier) throws SQLException {
    long insertStarted = System.nanoTime();
    try (Connection connection = pool.getConnection()) {
      insertSleeping(database, connection, now, from, to);
      Database.execute(connection, database.analyzeRuns());
    }
    long insertNanos = System.nanoTime() - insertStarted;
    Samples time = new Samples();
    for (int i = 0; i < WARMUP_CALLS + CALLS; i++) {
      counting.markFirst();
      long started = System.nanoTime();
      // the engine's poll: a claim; its lease ends at once, so the same runs stay due for the next
      List<RunRecord> due = store.runs().claimDue(now, WORKFLOWS, LIMIT, OWNER, now);
      long took = System.nanoTime() - started;
      if (due.size() != DUE) {
        throw new IllegalStateException("poll " + (i + 1) + " among " + to
            + " sleeping runs claimed "
            + due.size() + " runs, not " + DUE);
      }
      if (i >= WARMUP_CALLS) {
        time.add(took);
      }
    }
    // the statement that finds the due runs: PostgreSQL's one claim statement, H2's due-run scan
    CountingDataSource.Executed query = counting.firstExecuted();
    // PostgreSQL's claim reads the claimed runs' checkpoints and tasks in the same text, after it
    String claim = query.sql().split(";\n", 2)[0];
    Object[] params =
        query.params().subList(0, (int) claim.chars().filter(c -> c == '?').count()).toArray();
    Optional<Database.PlanUse> planUse;
    List<String> plan;
    try (Connection connection = pool.getConnection()) {
      planUse = database.planUse(connection, claim)
          .map(use -> earlier.map(use::minus).orElse(use));
      plan = database.explain(connection, claim, params);
    }
    return new Size(to, insertNanos, time, plan, planUse);
  }

  private static void insertDue(Connection connection, Instant now) throws SQLException {
    try (PreparedStatement insert =
        connection.prepareStatement(
            "INSERT INTO durable_runs (run_id, workflow_name, workflow_version, status, input,"
                + " created_at, updated_at, due_at, epoch)"
                + " VALUES (?, 'bench', '1', 'PENDING', '[0]', ?, ?, ?, 0)")) {
      OffsetDateTime past = utc(now.minus(Duration.ofMinutes(1)));
      for (int i = 0; i < DUE; i++) {
        insert.setString(1, "due-" + i);
        insert.setObject(2, past);
        insert.setObject(3, past);
        insert.setObject(4, past);
        insert.executeUpdate();
      }
    }
  }

  /** Sleeping runs waking from a day after {@code now} on, one a second, in chunks. */
  private static void insertSleeping(
      Database database, Connection connection, Instant now, int from, int to)
      throws SQLException {
    OffsetDateTime created = utc(now);
    OffsetDateTime firstWake = utc(now.plus(Duration.ofDays(1)));
    try (PreparedStatement insert = connection.prepareStatement(database.insertSleepingRuns())) {
      for (long first = from; first <= to; first += INSERT_CHUNK) {
        insert.setObject(1, created);
        insert.setObject(2, created);
        insert.setObject(3, firstWake);
        insert.setObject(4, firstWake);
        insert.setLong(5, first);
        insert.setLong(6, Math.min(to, first + INSERT_CHUNK - 1));
        insert.executeUpdate();
      }
    }
  }

  private static OffsetDateTime utc(Instant instant) {
    return OffsetDateTime.ofInstant(instant, ZoneOffset.UTC);
  }
}
