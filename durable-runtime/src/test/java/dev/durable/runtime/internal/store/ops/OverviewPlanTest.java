package dev.durable.runtime.internal.store.ops;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.durable.build.OnPostgres;
import dev.durable.runtime.RunFilter;
import dev.durable.runtime.internal.model.WorkflowKey;
import dev.durable.runtime.internal.store.Stores;
import dev.durable.runtime.internal.store.dialect.Dialects;
import dev.durable.runtime.internal.store.dialect.H2Claims;
import dev.durable.runtime.internal.store.run.RunLeases;
import dev.durable.runtime.internal.store.run.RunsTable;
import dev.durable.runtime.internal.store.sql.Dialect;
import dev.durable.runtime.internal.store.sql.Schema;
import dev.durable.runtime.internal.store.sql.Sql;
import dev.durable.runtime.internal.store.sql.Transactions;
import dev.durable.runtime.internal.store.sql.Values;
import dev.durable.runtime.internal.store.tables.Tables;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * The overview's reads ({@link OverviewTable}) and the search for a run's forks are ranges of an
 * index, on H2 and on PostgreSQL (with the planner left to choose, among 20 days of ended runs):
 * the runs started in an hour, those ended in it, those overdue, those queued longest, and the
 * forks of one run. None reads the table through.
 */
class OverviewPlanTest {
  private static final Instant NOW = Instant.now().truncatedTo(ChronoUnit.MILLIS);
  private static final int ENDED = 20_000;

  private String dropSchema;

  @AfterEach
  void cleanUp() throws SQLException {
    if (dropSchema != null) {
      try (Connection connection = DriverManager.getConnection(System.getenv("DURABLE_PG_URL"));
          Statement drop = connection.createStatement()) {
        drop.execute("DROP SCHEMA " + dropSchema + " CASCADE");
      }
    }
  }

  @Test
  void onH2TheOverviewReadsRangesOfItsIndexes() throws SQLException {
    JdbcDataSource h2 = new JdbcDataSource();
    h2.setURL("jdbc:h2:mem:overview-plan-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
    new Stores(h2).migrate();
    try (Connection connection = h2.getConnection()) {
      fill(connection, "SELECT X AS n FROM SYSTEM_RANGE(1, %d)");
      checkPlans(connection, false);
    }
  }

  @OnPostgres
  @Test
  void onPostgresTheOverviewReadsRangesOfItsIndexes() throws SQLException {
    String base = System.getenv("DURABLE_PG_URL");
    assumeTrue(base != null && !base.isBlank(), "DURABLE_PG_URL is not set");
    String schema = "durable_overview_" + UUID.randomUUID().toString().replace("-", "");
    try (Connection connection = DriverManager.getConnection(base);
        Statement create = connection.createStatement()) {
      create.execute("CREATE SCHEMA " + schema);
    }
    dropSchema = schema;
    PGSimpleDataSource pg = new PGSimpleDataSource();
    pg.setURL(base);
    pg.setCurrentSchema(schema);
    new Stores(pg).migrate();
    try (Connection connection = pg.getConnection()) {
      fill(connection, "SELECT n FROM generate_series(1, %d) AS n");
      try (Statement analyze = connection.createStatement()) {
        analyze.execute("ANALYZE durable_runs");
      }
      checkPlans(connection, true);
    }
  }

  /**
   * {@value #ENDED} runs that ended over the 20 days before {@link #NOW}, a fifth of them forks of
   * a few runs, and 2,000 not ended: sleeping until tomorrow, or queued.
   */
  private static void fill(Connection connection, String range) throws SQLException {
    String insert = "INSERT INTO durable_runs (run_id, workflow_name, workflow_version, status,"
        + " created_at, updated_at, due_at, epoch, queue_name, forked_from)"
        + " SELECT '%s-' || n, 'wf', '1', %s, ?, ?, %s, 0, %s, %s FROM (" + range + ") t";
    OffsetDateTime at = OffsetDateTime.ofInstant(NOW, ZoneOffset.UTC);
    try (PreparedStatement ended = connection.prepareStatement(String.format(insert, "ended",
            "CASE WHEN MOD(n, 3) = 0 THEN 'FAILED' ELSE 'COMPLETED' END",
            "CAST(NULL AS TIMESTAMP WITH TIME ZONE)", "CAST(NULL AS VARCHAR(100))",
            "CASE WHEN MOD(n, 5) = 0 THEN 'origin-' || MOD(n, 7) END", ENDED));
        PreparedStatement sleeping = connection.prepareStatement(String.format(insert, "sleeping",
            "'SLEEPING'", "CAST(? AS TIMESTAMP WITH TIME ZONE)", "CAST(NULL AS VARCHAR(100))",
            "CAST(NULL AS VARCHAR(200))", 1000));
        PreparedStatement queued = connection.prepareStatement(String.format(insert, "queued",
            "'ENQUEUED'", "CAST(NULL AS TIMESTAMP WITH TIME ZONE)", "'q'",
            "CAST(NULL AS VARCHAR(200))", 1000))) {
      // ended runs: one every 86 s or so, back from now; their times as n seconds times 86
      try (Statement spread = connection.createStatement()) {
        ended.setObject(1, at);
        ended.setObject(2, at);
        ended.executeUpdate();
        spread.executeUpdate("UPDATE durable_runs SET created_at = created_at"
            + " - CAST(SUBSTRING(run_id, 7) AS INTEGER) * INTERVAL '86' SECOND,"
            + " updated_at = updated_at - CAST(SUBSTRING(run_id, 7) AS INTEGER)"
            + " * INTERVAL '86' SECOND + INTERVAL '1' SECOND WHERE run_id LIKE 'ended-%'");
      }
      sleeping.setObject(1, at.minusHours(2));
      sleeping.setObject(2, at.minusHours(2));
      sleeping.setObject(3, at.plusDays(1));
      sleeping.executeUpdate();
      queued.setObject(1, at.minusHours(2));
      queued.setObject(2, at.minusHours(2));
      queued.executeUpdate();
    }
  }

  private static void checkPlans(Connection connection, boolean postgres) throws SQLException {
    Tables tables = Tables.in(Schema.CURRENT);
    Dialect dialect = Dialects.of(connection, new Transactions(null), tables, "", true);
    Values window = OverviewTable.window(NOW.minus(Duration.ofHours(1)), NOW,
        Duration.ofMinutes(1));
    assertRange(connection, dialect.startedPerPeriod(), window, "durable_runs_created");
    assertRange(connection, dialect.endedPerPeriod(), window, "durable_runs_ended");
    Values waiting = new Values().instant("cutoff", NOW.minus(Duration.ofMinutes(1)))
        .int4("limit", 20).instant("noEarlier", RunsTable.NO_EARLIER);
    assertRange(connection, tables.overview().overdue, waiting, "durable_runs_due");
    if (!postgres) { // none is overdue: the read must not walk the ended runs' NULLs to find so
      String analyzed =
          plan(connection, "EXPLAIN ANALYZE ", tables.overview().overdue, waiting);
      java.util.regex.Matcher scanned =
          java.util.regex.Pattern.compile("scanCount: (\\d+)").matcher(analyzed);
      assertTrue(scanned.find() && Integer.parseInt(scanned.group(1)) <= 1, analyzed);
    }
    assertRange(connection, tables.overview().enqueued, waiting, "durable_runs_status_created");
    if (!postgres) { // nor the poll's read of the due runs (none is due: all sleep until tomorrow)
      Values due = RunLeases.dueValues(new Values(), NOW, List.of(new WorkflowKey("wf", "1")))
          .string("owner", "engine");
      H2Claims claims =
          new H2Claims(tables.runs(), tables.steps(), tables.events(), tables.tasks());
      String analyzed = plan(connection, "EXPLAIN ANALYZE ", claims.selectDue(1, 16), due);
      java.util.regex.Matcher scanned =
          java.util.regex.Pattern.compile("scanCount: (\\d+)").matcher(analyzed);
      assertTrue(scanned.find() && Integer.parseInt(scanned.group(1)) <= 1, analyzed);
    }
    String plan = explainSearch(connection, RunFilter.builder().forkedFrom("origin-3").build(),
        new RunSearch(tables.schema(), tables.runs(), tables.attributes(), dialect));
    assertUses(plan, "durable_runs_forked_from");
  }

  private static void assertRange(Connection connection, Sql sql, Values values, String index)
      throws SQLException {
    assertUses(plan(connection, "EXPLAIN ", sql, values), index);
  }

  private static String plan(Connection connection, String explain, Sql sql, Values values)
      throws SQLException {
    StringBuilder plan = new StringBuilder();
    try (PreparedStatement statement = connection.prepareStatement(explain + sql.text())) {
      sql.bind(statement, values);
      try (ResultSet rows = statement.executeQuery()) {
        while (rows.next()) {
          plan.append(rows.getString(1)).append('\n');
        }
      }
    }
    return plan.toString();
  }

  private static void assertUses(String plan, String index) {
    String text = plan.toLowerCase(Locale.ROOT);
    assertTrue(text.contains(index + ":") || text.contains(" on " + index + " ")
        || text.contains("using " + index + " "), "reads through " + index + ":\n" + plan);
    // the runs are read by the index; a joined table small enough to read whole may be
    assertFalse(text.contains("seq scan on durable_runs ")
        || text.contains("durable_runs.tablescan"), "a range:\n" + plan);
  }

  /**
   * The plan of the run search's statement for {@code filter}: the search runs on a connection
   * that explains its statement instead of executing it (and finds no run).
   */
  private static String explainSearch(Connection connection, RunFilter filter, RunSearch search)
      throws SQLException {
    StringBuilder plan = new StringBuilder();
    Connection explaining = (Connection) Proxy.newProxyInstance(
        OverviewPlanTest.class.getClassLoader(), new Class<?>[] {Connection.class},
        (self, method, args) -> {
          if (method.getName().equals("prepareStatement") && args.length == 1) {
            PreparedStatement explain = connection.prepareStatement("EXPLAIN " + args[0]);
            return Proxy.newProxyInstance(OverviewPlanTest.class.getClassLoader(),
                new Class<?>[] {PreparedStatement.class}, (ps, call, values) -> {
                  if (call.getName().equals("executeQuery")) {
                    try (ResultSet rows = explain.executeQuery()) {
                      while (rows.next()) {
                        plan.append(rows.getString(1)).append('\n');
                      }
                    }
                    return connection.createStatement()
                        .executeQuery("SELECT run_id FROM durable_runs WHERE 1 = 0");
                  }
                  return invoke(call, explain, values);
                });
          }
          return invoke(method, connection, args);
        });
    search.select(explaining, filter);
    return plan.toString();
  }

  private static Object invoke(java.lang.reflect.Method method, Object target, Object[] args)
      throws Throwable {
    try {
      return method.invoke(target, args);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }
}
