package dev.durable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.zaxxer.hikari.HikariDataSource;
import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.DurableStore;
import dev.durable.runtime.DurableWorker;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.StoreException;
import dev.durable.tests.support.Recorder;
import dev.durable.tests.workflows.Order;
import dev.durable.tests.workflows.PricingSteps;
import dev.durable.tests.workflows.PricingStepsDispatch;
import dev.durable.tests.workflows.RemoteOrderWorkflowClient;
import dev.durable.tests.workflows.RemoteOrderWorkflowDurable;
import dev.durable.tests.workflows.SignalWorkflowClient;
import dev.durable.tests.workflows.SignalWorkflowDurable;
import java.util.UUID;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;

/**
 * An installation in a schema of its own ({@code .schema(name)}), whatever the connection's
 * schema, engines that must not change the schema ({@code .migrate(false)}), and the owner's
 * migration through the API ({@code DurableStore.migrate}).
 */
class SchemaTest extends OnEachStore {
  private final Recorder recorder = new Recorder();
  private final String schema = "durable_s" + UUID.randomUUID().toString().replace("-", "");

  private DurableEngine.Builder engine() {
    db.dropAtClose(schema);
    return DurableEngine.builder().jdbcUrl(db.baseUrl()).discover(false).clock(clock)
        .schema(schema).register(new SignalWorkflowDurable(recorder))
        .register(new RemoteOrderWorkflowDurable(new PricingStepsDispatch(), script));
  }

  /** How many Durable run tables the schema named by {@code where} (an SQL expression) holds. */
  private long runTables(String where) {
    return db.queryLong("SELECT COUNT(*) FROM information_schema.tables"
        + " WHERE LOWER(table_name) = 'durable_runs' AND table_schema = " + where);
  }

  @Test
  void theTablesAndTheRunsLiveInTheSchemaNamedNotInTheConnections() {
    try (DurableEngine engine = engine().build();
        DurableWorker worker = db.worker().jdbcUrl(db.baseUrl()).schema(schema).clock(clock)
            .handle(PricingSteps.QUOTE, (task, input) -> "{\"sku\":\"lamp\",\"cents\":750}")
            .build()) {
      RunHandle<String> signalled = SignalWorkflowClient.of(engine).start(1, 0L);
      engine.tick();
      SignalWorkflowClient.of(engine).approval(signalled.id(), "yes");
      engine.tick();
      assertEquals("yes", signalled.await(WAIT));

      RunHandle<String> dispatched =
          RemoteOrderWorkflowClient.of(engine).start(new Order("lamp", 3));
      assertEquals(1, engine.tick());
      assertEquals(1, worker.tick(), "the worker finds the task in the engine's schema");
      engine.tick();
      assertEquals("shipped lamp for 750", dispatched.await(WAIT));
    }
    assertEquals(1, runTables("'" + schema + "'"));
    assertEquals(0, runTables("CURRENT_SCHEMA"), "nothing in the connection's own schema");
    assertEquals(2, db.queryLong("SELECT COUNT(*) FROM \"" + schema + "\".durable_runs"));
  }

  @Test
  void aNameThatIsNotASchemaNameIsRefusedAtOnce() {
    for (String bad : new String[] {"Durable", "pg_durable", "a-b", "", "x".repeat(64)}) {
      IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
          () -> DurableEngine.builder().schema(bad), bad);
      assertTrue(refused.getMessage().contains("is not a schema name Durable accepts: use 1 to 63"
          + " lowercase letters"), refused.getMessage());
      assertThrows(IllegalArgumentException.class, () -> DurableWorker.builder().schema(bad));
      IllegalArgumentException notMigrated = assertThrows(IllegalArgumentException.class,
          () -> DurableStore.migrate(new JdbcDataSource(), bad), bad);
      assertEquals(refused.getMessage(), notMigrated.getMessage());
    }
  }

  @Test
  void migrateFalseOnASchemaWithoutTablesFailsAtBuildSayingWhatToDoAndCreatesNothing() {
    StoreException refused =
        assertThrows(StoreException.class, () -> engine().migrate(false).build());
    assertEquals("schema '" + schema + "' holds no Durable tables, and this engine was built with"
        + " migrate(false), which never changes the schema: run 'durable-cli migrate' (with the"
        + " same URL and schema) or build one engine with migrate(true) as the role that owns the"
        + " schema, then start this one again", refused.getMessage());
    assertEquals(0, runTables("'" + schema + "'"));
    assertEquals(0, db.queryLong("SELECT COUNT(*) FROM information_schema.schemata"
        + " WHERE schema_name = '" + schema + "'"), "not even the schema");
  }

  @Test
  void theOwnerMigratesThroughTheApiAndAnEngineThatMustNotMigrateThenRuns() {
    db.dropAtClose(schema);
    try (HikariDataSource owner = new HikariDataSource()) {
      owner.setJdbcUrl(db.baseUrl());
      String done = DurableStore.migrate(owner, schema);
      assertTrue(done.startsWith("schema " + schema + ": applied "), done);
      String again = DurableStore.migrate(owner, schema);
      assertTrue(again.startsWith("schema " + schema + " is up to date at version "), again);
      assertTrue(owner.isRunning(), "the caller's data source is left open");
    }
    try (DurableEngine engine = engine().migrate(false).build()) {
      RunHandle<String> run = SignalWorkflowClient.of(engine).start(1, 0L);
      SignalWorkflowClient.of(engine).approval(run.id(), "yes");
      engine.tick();
      assertEquals("yes", run.await(WAIT));
    }
  }

  @Test
  void migrateFalseOnAMigratedSchemaRunsAndOnOneBehindNamesTheMissingVersions() {
    engine().build().close();
    try (DurableEngine engine = engine().migrate(false).build()) {
      RunHandle<String> run = SignalWorkflowClient.of(engine).start(1, 0L);
      SignalWorkflowClient.of(engine).approval(run.id(), "yes");
      engine.tick();
      assertEquals("yes", run.await(WAIT));
    }
    String latest = db.query("SELECT \"version\" FROM \"" + schema + "\".\"durable_schema_history\""
        + " ORDER BY \"installed_rank\" DESC").get(0).get(0).toString();
    db.execute("DELETE FROM \"" + schema + "\".\"durable_schema_history\" WHERE \"version\" = '"
        + latest + "'");
    StoreException behind =
        assertThrows(StoreException.class, () -> engine().migrate(false).build());
    assertTrue(behind.getMessage().contains("but this runtime needs version " + latest
        + " (missing: " + latest + ")"), behind.getMessage());
    assertTrue(behind.getMessage().endsWith("run 'durable-cli migrate' (with the same URL and"
        + " schema) or build one engine with migrate(true) as the role that owns the schema, then"
        + " start this one again"), behind.getMessage());
  }
}
