package dev.durable.runtime.internal.store.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.durable.build.OnPostgres;
import dev.durable.runtime.internal.model.EventType;
import dev.durable.runtime.internal.model.NewRun;
import dev.durable.runtime.internal.model.WorkflowKey;
import dev.durable.runtime.internal.store.RunStore;
import dev.durable.runtime.internal.store.Stores;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The poll's claim: it takes a power of two of the runs asked for ({@link Store#claimBatch}), whose
 * limit its text holds, so that PostgreSQL keeps one plan for it however many runs sleep.
 */
class PollPlanTest {
  private static final WorkflowKey WORKFLOW = new WorkflowKey("wf", "1");

  private Connection held;
  private String dropSchema;

  @AfterEach
  void cleanUp() throws SQLException {
    if (held != null) {
      held.close();
    }
    if (dropSchema != null) {
      try (Connection connection = DriverManager.getConnection(System.getenv("DURABLE_PG_URL"));
          Statement drop = connection.createStatement()) {
        drop.execute("DROP SCHEMA " + dropSchema + " CASCADE");
      }
    }
  }

  @Test
  void aClaimTakesTheLargestPowerOfTwoUpToItsLimit() throws SQLException {
    assertEquals(List.of(1, 2, 2, 64, 64, 1024),
        List.of(1, 2, 3, 64, 100, 5000).stream().map(RunStore::claimBatch).toList());
    JdbcDataSource h2 = new JdbcDataSource();
    h2.setURL("jdbc:h2:mem:poll-plan-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
    Stores store = new Stores(h2);
    store.migrate();
    Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
    for (int i = 0; i < 100; i++) {
      assertTrue(store.runs().insertRuns(List.of(newRun("due-" + i, now)))[0]);
    }
    Instant lease = now.plusSeconds(30);
    assertEquals(64, store.runs().claim(now, List.of(WORKFLOW), 100, "engine", lease).size());
    assertEquals(32, store.runs().claim(now, List.of(WORKFLOW), 36, "engine", lease).size());
    assertEquals(4, store.runs().claim(now, List.of(WORKFLOW), 4, "engine", lease).size());
    assertEquals(0, store.runs().claim(now, List.of(WORKFLOW), 4, "engine", lease).size());
  }

  /**
   * Among 20,000 sleeping runs, the server runs the claim with its generic plan: with the limit
   * bound as a value, that plan guessed thousands of rows and cost more than a custom one, and the
   * server planned the claim afresh at every poll.
   */
  @OnPostgres
  @Test
  void onPostgresThePollKeepsOnePlanAmongManySleepingRuns() throws SQLException {
    String base = System.getenv("DURABLE_PG_URL");
    assumeTrue(base != null && !base.isBlank(), "DURABLE_PG_URL is not set");
    String schema = "durable_poll_" + UUID.randomUUID().toString().replace("-", "");
    held = DriverManager.getConnection(base);
    try (Statement create = held.createStatement()) {
      create.execute("CREATE SCHEMA " + schema);
      create.execute("SET search_path TO " + schema);
    }
    dropSchema = schema;
    Stores store = new Stores(oneConnection(held));
    store.migrate();
    Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
    for (int i = 0; i < 10; i++) {
      assertTrue(store.runs().insertRuns(List.of(newRun("due-" + i, now)))[0]);
    }
    try (PreparedStatement sleeping = held.prepareStatement(
        "INSERT INTO durable_runs (run_id, workflow_name, workflow_version, status, input,"
            + " created_at, updated_at, wake_at, due_at, epoch)"
            + " SELECT 'sleeping-' || n, 'wf', '1', 'SLEEPING', '[]', ?, ?,"
            + " CAST(? AS TIMESTAMPTZ) + n * INTERVAL '1 second',"
            + " CAST(? AS TIMESTAMPTZ) + n * INTERVAL '1 second', 1"
            + " FROM generate_series(1, 20000) AS n");
        Statement analyze = held.createStatement()) {
      OffsetDateTime created = OffsetDateTime.ofInstant(now, ZoneOffset.UTC);
      OffsetDateTime wake = created.plusDays(1);
      sleeping.setObject(1, created);
      sleeping.setObject(2, created);
      sleeping.setObject(3, wake);
      sleeping.setObject(4, wake);
      sleeping.executeUpdate();
      analyze.execute("ANALYZE durable_runs");
    }
    for (int poll = 0; poll < 12; poll++) {
      // the lease ends at once: the same ten runs are due at the next poll
      assertEquals(10, store.runs().claim(now, List.of(WORKFLOW), 64, "engine", now).size());
    }
    try (Statement read = held.createStatement();
        ResultSet plans = read.executeQuery("SELECT generic_plans, custom_plans"
            + " FROM pg_prepared_statements WHERE statement LIKE '%LIMIT 64 FOR UPDATE SKIP LOCKED%'")) {
      assertTrue(plans.next(), "the claim is a prepared statement on the server");
      assertTrue(plans.getLong(1) > 0, "the claim ran with its generic plan "
          + plans.getLong(1) + " times and was planned afresh " + plans.getLong(2) + " times");
    }
  }

  private static NewRun newRun(String runId, Instant now) {
    return new NewRun(runId, WORKFLOW, "[]", now, null, null, null, null, null,
        List.of(EventType.RUN_CREATED.run(null, now)), null);
  }

  /** Hands out {@code connection} every time, never closing it: one server session. */
  private static DataSource oneConnection(Connection connection) {
    Connection kept = (Connection) Proxy.newProxyInstance(PollPlanTest.class.getClassLoader(),
        new Class<?>[] {Connection.class}, (self, method, args) -> {
          if (method.getName().equals("close")) {
            return null;
          }
          try {
            return method.invoke(connection, args);
          } catch (InvocationTargetException e) {
            throw e.getCause();
          }
        });
    return (DataSource) Proxy.newProxyInstance(PollPlanTest.class.getClassLoader(),
        new Class<?>[] {DataSource.class}, (self, method, args) -> {
          if (method.getName().equals("getConnection")) {
            return kept;
          }
          throw new UnsupportedOperationException(method.getName());
        });
  }
}
