package dev.durable.bench;

import com.zaxxer.hikari.HikariDataSource;
import dev.durable.dashboard.RoutedPage;
import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.Overview;
import dev.durable.runtime.RunFilter;
import dev.durable.runtime.internal.store.Stores;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * Phase (n): the operators' overview ({@link DurableEngine#overview}) among a million runs, those
 * of phase (g) ({@link SearchBench#insertRuns}, one started a second, so that the last hour holds
 * 3,600 starts and about as many ends), plus {@value #ENQUEUED} runs waiting in a queue for two
 * hours, with the children of phase (g) made forks of their parents as well: the counts per
 * minute of the last hour, the runs stuck past their time (20,000 runs running or pending since
 * their start are overdue), a run's forks, the whole overview through the engine, and the
 * dashboard's overview page and a run's page with its relations, answered by its router (no HTTP:
 * the JDK's server and client add delays of their own). Each call is
 * what one call of the API costs: a pooled connection, the statements, the commit.
 */
final class OverviewBench {
  static final int ENQUEUED = 1000;

  /**
   * One measurement.
   *
   * @param label what it reads
   * @param calls timed calls
   * @param plans the summary of each statement's plan, by its label
   */
  record Measured(String label, int calls, Samples time, List<String> plans) {}

  /** The phase: the runs inserted, how long that took, each measurement, the plans in full. */
  record Result(int runs, long insertNanos, List<Measured> measured, List<List<String>> plans) {}

  /** A call measured, and the statements whose plans it reports (by a piece of their text). */
  private record Case(String label, Call call, List<String> statements) {}

  @FunctionalInterface
  private interface Call {
    Object run() throws Exception;
  }

  private OverviewBench() {}

  static Result run(Database database, int runs) throws Exception {
    try (HikariDataSource pool = database.pool("durable-bench-overview", 2)) {
      CountingDataSource counting = new CountingDataSource(pool);
      Stores store = new Stores(counting.dataSource());
      store.migrate();
      Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
      Instant first = now.minusSeconds(runs);
      long insertStarted = System.nanoTime();
      String parentId;
      try (Connection connection = database.connect()) {
        for (String table : List.of("durable_events", "durable_steps", "durable_signals",
            "durable_schedule_runs", "durable_tasks", "durable_run_attributes",
            "durable_runs")) {
          Database.execute(connection, "TRUNCATE TABLE " + table);
        }
        SearchBench.insert(database, connection, first, now, runs);
        insertEnqueued(database, connection, now);
        Database.execute(connection, "UPDATE durable_runs SET forked_from = parent_run_id,"
            + " forked_at = 1 WHERE parent_run_id IS NOT NULL");
        Database.execute(connection, database.analyzeRuns());
        parentId = anyParent(connection);
      }
      long insertNanos = System.nanoTime() - insertStarted;
      Instant hourAgo = now.truncatedTo(ChronoUnit.MINUTES).minus(Duration.ofHours(1));
      Duration minute = Duration.ofMinutes(1);
      List<Measured> measured = new ArrayList<>();
      List<List<String>> plans = new ArrayList<>();
      try (DurableEngine engine = DurableEngine.builder().dataSource(counting.dataSource())
          .discover(false).build()) {
        Callable<Integer> overviewPage = RoutedPage.of(engine, "/overview");
        Callable<Integer> runPage = RoutedPage.of(engine, "/runs/" + parentId);
        List<Case> cases = List.of(
            new Case("runs started and ended per minute, the last hour",
                () -> store.overview().counts(hourAgo, minute, 61),
                List.of("created_at >= ?", "updated_at >= ?")),
            new Case("runs stuck past their time, the 20 longest waiting",
                () -> store.overview().waiting(Instant.now().minus(Overview.OVERDUE),
                    Overview.STUCK_LISTED),
                List.of("ORDER BY r.due_at", "r.status = 'ENQUEUED'")),
            new Case("a run's forks (5)",
                () -> expect(store.runs().listRuns(RunFilter.builder().forkedFrom(parentId).build())
                    .size(), 5),
                List.of("forked_from = ?")),
            new Case("engine.overview(an hour ago, a minute): all of the above but the forks",
                () -> engine.overview(hourAgo, minute), List.of()),
            new Case("the dashboard's overview page (the overview, queues, workers; rendered)",
                overviewPage::call, List.of()),
            new Case("a run's page with its relations (5 children, 5 forks)", runPage::call,
                List.of()));
        for (Case c : cases) {
          measured.add(measure(database, pool, counting, c, plans));
        }
      }
      return new Result(runs, insertNanos, measured, plans);
    }
  }

  private static Object expect(int found, int expected) {
    if (found != expected) {
      throw new IllegalStateException("found " + found + ", not " + expected
          + ": the inserted runs are not what the phase expects");
    }
    return found;
  }

  /** {@value #ENQUEUED} runs in queue {@code reports}, started over the two hours before now. */
  private static void insertEnqueued(Database database, Connection connection, Instant now)
      throws SQLException {
    try (PreparedStatement insert = connection.prepareStatement(
        "INSERT INTO durable_runs (run_id, workflow_name, workflow_version, status, input,"
            + " created_at, updated_at, epoch, queue_name)"
            + " SELECT CONCAT('queued-', x), 'report', '1', 'ENQUEUED', '{}', "
            + database.plusSeconds("CAST(? AS TIMESTAMP WITH TIME ZONE)", "x * 7") + ", "
            + database.plusSeconds("CAST(? AS TIMESTAMP WITH TIME ZONE)", "x * 7") + ", 0,"
            + " 'reports' FROM " + database.series("1", String.valueOf(ENQUEUED)))) {
      OffsetDateTime from = OffsetDateTime.ofInstant(now.minus(Duration.ofHours(2)),
          ZoneOffset.UTC);
      insert.setObject(1, from);
      insert.setObject(2, from);
      insert.executeUpdate();
    }
  }

  private static String anyParent(Connection connection) throws SQLException {
    try (PreparedStatement select = connection.prepareStatement(
        "SELECT forked_from FROM durable_runs WHERE forked_from IS NOT NULL"
            + " ORDER BY forked_from LIMIT 1");
        ResultSet rows = select.executeQuery()) {
      if (!rows.next()) {
        throw new IllegalStateException("no fork was made");
      }
      return rows.getString(1);
    }
  }

  private static Measured measure(Database database, HikariDataSource pool,
      CountingDataSource counting, Case c, List<List<String>> fullPlans) throws Exception {
    List<String> summaries = new ArrayList<>();
    for (String statement : c.statements()) {
      counting.markFirst(statement);
      c.call().run();
      CountingDataSource.Executed executed = counting.firstExecuted();
      try (Connection connection = pool.getConnection()) {
        List<String> plan =
            database.explain(connection, executed.sql(), executed.params().toArray());
        summaries.add(SearchBench.summary(plan));
        List<String> full = new ArrayList<>();
        full.add("-- " + c.label() + ": " + executed.sql());
        full.addAll(plan);
        fullPlans.add(full);
      }
    }
    Samples time = new Samples();
    long warmupEnd = System.nanoTime() + SearchBench.WARMUP_TIME.toNanos();
    for (int i = 0; i < SearchBench.WARMUP_CALLS && System.nanoTime() < warmupEnd; i++) {
      c.call().run();
    }
    long deadline = System.nanoTime() + SearchBench.TIME_PER_QUERY.toNanos();
    for (int i = 0; i < SearchBench.CALLS; i++) {
      long started = System.nanoTime();
      c.call().run();
      time.add(System.nanoTime() - started);
      if (time.size() >= SearchBench.MIN_CALLS && System.nanoTime() > deadline) {
        break;
      }
    }
    return new Measured(c.label(), time.size(), time, summaries);
  }

  /** The phase's section of a report. */
  static void report(Report report, Result m) {
    report.heading("(n) the overview among " + String.format(Locale.ROOT, "%,d runs", m.runs()));
    report.lines(
        "The runs of phase (g) inserted with SQL (" + String.format(Locale.ROOT, "%.1f s",
            m.insertNanos() / 1e9) + " with the analyze), plus " + ENQUEUED + " runs enqueued"
            + " over the last two hours; phase (g)'s children are also forks of their parents.",
        "Each measurement: up to " + SearchBench.WARMUP_CALLS + " warm-up calls ("
            + SearchBench.WARMUP_TIME.toSeconds() + " s at most), then " + SearchBench.CALLS
            + " timed calls (fewer if they take over " + SearchBench.TIME_PER_QUERY.toSeconds()
            + " s), on a pool of 2.");
    Report.TableBuilder table = report.table("read", "calls", "p50", "p99", "plans");
    for (Measured r : m.measured()) {
      table.row(r.label(), String.valueOf(r.calls()), Samples.ms(r.time().p50()),
          Samples.ms(r.time().p99()), String.join("; ", r.plans()));
    }
    for (List<String> plan : m.plans()) {
      report.code(plan);
    }
  }
}
