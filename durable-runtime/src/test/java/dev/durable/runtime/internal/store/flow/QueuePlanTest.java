package dev.durable.runtime.internal.store.flow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.durable.build.OnPostgres;
import dev.durable.runtime.Queue;
import dev.durable.runtime.internal.store.Stores;
import dev.durable.runtime.internal.store.sql.Schema;
import dev.durable.runtime.internal.store.sql.Sql;
import dev.durable.runtime.internal.store.sql.Values;
import dev.durable.runtime.internal.store.tables.Tables;
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
import java.util.Locale;
import java.util.UUID;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * Admission's reads are range scans of the queue indexes (V18), on H2 and on PostgreSQL: the next
 * partition key with queued runs, a key's best candidates, its admitted runs not ended, its
 * admissions within the rate window. None reads every queued run, nor the runs that ended.
 */
class QueuePlanTest {
  /** How recently an engine was seen serving a queue to be given its part: a lease. */
  private static final Duration LIVENESS = Duration.ofSeconds(30);
  private static final Instant NOW = Instant.now().truncatedTo(ChronoUnit.MILLIS);

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
  void onH2AdmissionReadsThroughTheQueueIndexes() throws SQLException {
    JdbcDataSource h2 = new JdbcDataSource();
    h2.setURL("jdbc:h2:mem:queue-plan-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
    Stores store = new Stores(h2);
    store.migrate();
    try (Connection connection = h2.getConnection()) {
      fill(connection, "SELECT X AS n FROM SYSTEM_RANGE(1, %d)");
      checkPlans(connection);
    }
    checkAdmission(store);
  }

  @OnPostgres
  @Test
  void onPostgresAdmissionReadsThroughTheQueueIndexes() throws SQLException {
    PGSimpleDataSource pg = postgresSchema();
    Stores store = new Stores(pg);
    store.migrate();
    try (Connection connection = pg.getConnection()) {
      fill(connection, "SELECT n FROM generate_series(1, %d) AS n");
      try (Statement analyze = connection.createStatement()) {
        analyze.execute("ANALYZE durable_runs");
        // the question is whether the index can serve each read as a range, not what the
        // planner prefers on a small table
        analyze.execute("SET enable_seqscan = off");
        analyze.execute("SET enable_bitmapscan = off");
      }
      checkPlans(connection);
    }
    checkAdmission(store);
  }

  /**
   * With the planner left to choose: among many ended runs of a queue that had no partition key
   * and many queued ones with a key, whether runs with no key wait is still read through the
   * queue index, not by reading the table.
   */
  @OnPostgres
  @Test
  void onPostgresTheUnkeyedProbeSkipsAQueuesEndedRuns() throws SQLException {
    PGSimpleDataSource pg = postgresSchema();
    new Stores(pg).migrate();
    try (Connection connection = pg.getConnection();
        Statement statement = connection.createStatement()) {
      statement.execute("INSERT INTO durable_runs (run_id, workflow_name, workflow_version,"
          + " status, created_at, updated_at, epoch, queue_name, admitted_at)"
          + " SELECT 'ended-' || n, 'wf', '1', 'COMPLETED', now(), now(), 0, 'q', now()"
          + " FROM generate_series(1, 50000) AS n");
      // and runs waiting, all with a key: the planner, taking the state and the key for
      // independent, expects thousands of unkeyed queued runs and the first one at once
      statement.execute("INSERT INTO durable_runs (run_id, workflow_name, workflow_version,"
          + " status, created_at, updated_at, epoch, queue_name, partition_key)"
          + " SELECT 'queued-' || n, 'wf', '1', 'ENQUEUED', now(), now(), 0, 'q',"
          + " 'k' || MOD(n, 100)"
          + " FROM generate_series(1, 50000) AS n");
      statement.execute("ANALYZE durable_runs");
      assertRange(connection, Tables.in(Schema.CURRENT).queues().anyUnkeyed,
          new Values().string("queue", "q"),
          "durable_runs_queue");
    }
  }

  /**
   * 4,000 ended runs and 2,000 queued ones of queue {@code q} over 40 partition keys, and 4,000
   * runs of no queue.
   */
  private static void fill(Connection connection, String range) throws SQLException {
    String insert = "INSERT INTO durable_runs (run_id, workflow_name, workflow_version, status,"
        + " created_at, updated_at, epoch, queue_name, priority, partition_key, admitted_at)"
        + " SELECT '%s-' || n, 'wf', '1', '%s', ?, ?, 0, %s, MOD(n, 3), %s, %s FROM ("
        + range + ") t";
    try (PreparedStatement ended = connection.prepareStatement(String.format(insert, "ended",
            "COMPLETED", "'q'", "'k' || MOD(n, 40)", "?", 4000));
        PreparedStatement queued = connection.prepareStatement(String.format(insert, "queued",
            "ENQUEUED", "'q'", "'k' || MOD(n, 40)", "CAST(NULL AS TIMESTAMP WITH TIME ZONE)",
            2000));
        PreparedStatement plain = connection.prepareStatement(String.format(insert, "plain",
            "PENDING", "CAST(NULL AS VARCHAR(100))", "CAST(NULL AS VARCHAR(200))",
            "CAST(NULL AS TIMESTAMP WITH TIME ZONE)", 4000))) {
      OffsetDateTime at = OffsetDateTime.ofInstant(NOW, ZoneOffset.UTC);
      for (PreparedStatement statement : new PreparedStatement[] {ended, queued, plain}) {
        statement.setObject(1, at.minusHours(1));
        statement.setObject(2, at.minusHours(1));
        if (statement == ended) {
          statement.setObject(3, at.minusMinutes(30));
        }
        statement.executeUpdate();
      }
    }
    try (Statement declare = connection.createStatement()) {
      declare.execute("INSERT INTO durable_queues (queue_name, declaration, declared_by,"
          + " updated_at) VALUES ('q', 'Queue[q]', 'test', CURRENT_TIMESTAMP)");
    }
  }

  private static void checkPlans(Connection connection) throws SQLException {
    Values values = new Values().string("queue", "q").string("key", "k7").string("after", "")
        .string("engine", "e").instant("now", NOW).instant("since", NOW.minusSeconds(60))
        .int4("limit", 4);
    QueuesTable queues = Tables.in(Schema.CURRENT).queues();
    assertRange(connection, queues.nextKey, values, "durable_runs_queue");
    assertRange(connection, queues.anyUnkeyed, values, "durable_runs_queue");
    assertRange(connection, queues.leasedBy, values, "durable_runs_queue");
    assertRange(connection, queues.keyRounds.keyed.candidates(), values, "durable_runs_queue");
    assertRange(connection, queues.keyRounds.keyed.unfinished(), values, "durable_runs_queue");
    assertRange(connection, queues.keyRounds.keyed.window(), values, "durable_runs_queue_admitted");
    assertRange(connection, queues.keyRounds.unkeyed.candidates(), values, "durable_runs_queue");
  }

  /** A schema of its own on {@code DURABLE_PG_URL}, dropped after the test; skips without it. */
  private PGSimpleDataSource postgresSchema() throws SQLException {
    String base = System.getenv("DURABLE_PG_URL");
    assumeTrue(base != null && !base.isBlank(), "DURABLE_PG_URL is not set");
    String schema = "durable_queue_" + UUID.randomUUID().toString().replace("-", "");
    try (Connection connection = DriverManager.getConnection(base);
        Statement create = connection.createStatement()) {
      create.execute("CREATE SCHEMA " + schema);
    }
    dropSchema = schema;
    PGSimpleDataSource pg = new PGSimpleDataSource();
    pg.setURL(base);
    pg.setCurrentSchema(schema);
    return pg;
  }

  /** The plan of {@code sql} reads through {@code index}, with no full scan and no sort. */
  private static void assertRange(Connection connection, Sql sql, Values values, String index)
      throws SQLException {
    StringBuilder plan = new StringBuilder();
    try (PreparedStatement explain = connection.prepareStatement("EXPLAIN " + sql.text())) {
      sql.bind(explain, values);
      try (ResultSet rows = explain.executeQuery()) {
        while (rows.next()) {
          plan.append(rows.getString(1)).append('\n');
        }
      }
    }
    String text = plan.toString().toLowerCase(Locale.ROOT);
    assertTrue(text.contains(index + ":") || text.contains("using " + index + " "),
        "reads through " + index + ":\n" + plan);
    assertFalse(text.contains("seq scan") || text.contains("tablescan")
        || text.contains("durable_runs_due") || text.contains("sort "), "a range:\n" + plan);
    assertTrue(!text.contains("order by") || text.contains("index sorted"),
        "H2 walks the index in order and stops at the limit:\n" + plan);
  }

  /** The admission itself among those runs: three per key, over every key. */
  private static void checkAdmission(Stores store) {
    Queue queue = Queue.named("q").concurrency(3);
    int admitted = 0;
    for (int round = 0; round < 2; round++) {
      admitted += store.queues().admit(queue, "e", () -> NOW, LIVENESS, 0).admitted();
    }
    assertEquals(40 * 3, admitted, "three runs admitted per key, over the 40 keys");
    assertEquals(0, store.queues().admit(queue, "e", () -> NOW, LIVENESS, 0).admitted());
  }
}
