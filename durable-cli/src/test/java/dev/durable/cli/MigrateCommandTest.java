package dev.durable.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.durable.build.OnPostgres;
import dev.durable.build.Roles;
import dev.durable.cli.CliRunner.Result;
import dev.durable.cli.fixtures.OrderFlowClient;
import dev.durable.cli.fixtures.OrderFlowDurable;
import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.RunState;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code durable-cli migrate}, the one command that creates a store, and the roles of a production
 * installation: an owner that migrates, the engines' role with DML rights only, a viewer's role
 * with SELECT only.
 */
@OnPostgres
@ParameterizedClass
@MethodSource("dev.durable.cli.Stores#all")
class MigrateCommandTest {
  @Parameter Stores store;

  @TempDir Path directory;

  private Stores.Database db;
  private final String suffix = UUID.randomUUID().toString().replace("-", "").substring(0, 12);
  private final String schema = "durable_m_" + suffix;

  @BeforeEach
  void openStore() {
    db = store.open(directory);
  }

  @AfterEach
  void closeStore() {
    if (db == null) {
      return; // the variant was skipped before it opened a store
    }
    if (store == Stores.POSTGRESQL) {
      Roles.execute(db.url(), "DROP SCHEMA IF EXISTS " + schema + " CASCADE");
    }
    db.close();
  }

  @Test
  void migrateCreatesTheSchemaAndItsTablesSaysWhatItDidAndIsThenUpToDate() {
    Result none = CliRunner.run("--jdbc-url", db.url(), "list", "--schema", schema);
    assertEquals(ExitCodes.DATABASE, none.code(), none::toString);

    Result created = CliRunner.run("--jdbc-url", db.url(), "migrate", "--schema", schema);
    assertEquals(ExitCodes.OK, created.code(), created::toString);
    assertTrue(created.out().matches("schema " + schema + ": applied \\d+ migration\\(s\\), from"
        + " version none to \\d+\\s*"), created::toString);

    Result again = CliRunner.run("--jdbc-url", db.url(), "migrate", "--schema", schema);
    assertTrue(again.out().matches("schema " + schema + " is up to date at version \\d+\\s*"),
        again::toString);
    Result listed = CliRunner.run("--jdbc-url", db.url(), "--schema", schema, "list");
    assertEquals(ExitCodes.OK, listed.code(), listed::toString);

    try (DurableEngine engine = DurableEngine.builder().jdbcUrl(db.url()).discover(false)
        .schema(schema).migrate(false).register(new OrderFlowDurable(new AtomicBoolean()))
        .build()) {
      RunHandle<String> run = OrderFlowClient.of(engine).start("o-1", "lamp", false);
      engine.tick();
      assertEquals(RunState.COMPLETED, run.status().run().status());
    }
  }

  /**
   * On an empty database every command but {@code migrate} says that {@code durable-cli migrate}
   * creates the store; {@code migrate} without {@code --schema} does, in the connection's own
   * schema, and names it: H2's PUBLIC, or PostgreSQL's current schema (the URL's currentSchema).
   */
  @Test
  void anEmptyDatabaseIsToldToMigrateAndMigrateNamesTheConnectionsSchema() {
    String current = store == Stores.H2 ? "PUBLIC"
        : db.url().substring(db.url().indexOf("currentSchema=") + "currentSchema=".length());

    Result none = CliRunner.run("--jdbc-url", db.url(), "list");
    assertEquals(ExitCodes.DATABASE, none.code(), none::toString);
    assertTrue(none.err().contains("To create the store there, run 'durable-cli migrate' with the"
        + " same URL (and --schema, if you use one), or start an engine of the application"),
        none::toString);

    Result created = CliRunner.run("--jdbc-url", db.url(), "migrate");
    assertEquals(ExitCodes.OK, created.code(), created::toString);
    assertTrue(created.out().matches("schema " + current + " \\(the connection's current"
        + " schema\\): applied \\d+ migration\\(s\\), from version none to \\d+\\s*"),
        created::toString);
    Result again = CliRunner.run("--jdbc-url", db.url(), "migrate");
    assertTrue(again.out().matches("schema " + current + " \\(the connection's current"
        + " schema\\) is up to date at version \\d+\\s*"), again::toString);
    Result listed = CliRunner.run("--jdbc-url", db.url(), "list");
    assertEquals(ExitCodes.OK, listed.code(), listed::toString);
  }

  /** Migrated directly, as the owner does; then read through PgBouncer in transaction mode. */
  @Test
  void theCommandsWorkThroughAPoolerWithASchemaAndPollOnly() {
    assumeTrue(store == Stores.POSTGRESQL, "PgBouncer stands in front of PostgreSQL");
    String pooler = System.getenv("DURABLE_PGBOUNCER_URL");
    assumeTrue(pooler != null && !pooler.isBlank(), "DURABLE_PGBOUNCER_URL is not set, so the"
        + " PgBouncer variant is skipped; .ci/run sets it");
    Result migrated = CliRunner.run("--jdbc-url", db.url(), "migrate", "--schema", schema);
    assertEquals(ExitCodes.OK, migrated.code(), migrated::toString);
    Result listed =
        CliRunner.run("--jdbc-url", pooler, "--schema", schema, "--poll-only", "list");
    assertEquals(ExitCodes.OK, listed.code(), listed::toString);
  }

  @Test
  void aBadSchemaNameIsAUsageErrorBeforeAnythingIsCreated() {
    Result bad = CliRunner.run("--jdbc-url", db.url(), "migrate", "--schema", "Durable");
    assertEquals(ExitCodes.USAGE, bad.code(), bad::toString);
    assertTrue(bad.err().contains("is not a schema name Durable accepts"), bad::toString);
    assertFalse(bad.err().contains("\tat "), "no stack trace: " + bad);
  }

  /**
   * The roles of the guide's "Production PostgreSQL", made here with its grants: the owner
   * migrates, an engine as the DML role runs on the migrated schema without changing it, and a
   * viewer's change is refused with a clear message.
   */
  @Test
  void anOwnerMigratesTheEnginesRoleRunsWithDmlOnlyAndAViewersActionIsRefused() {
    assumeTrue(store == Stores.POSTGRESQL, "roles are PostgreSQL's");
    String admin = db.url();
    try (Roles roles = new Roles(admin)) {
      String owner = roles.create("durable_owner");
      String app = roles.create("durable_app");
      String viewer = roles.create("durable_viewer");
      Roles.execute(admin, "CREATE SCHEMA " + schema + " AUTHORIZATION " + owner);
      Result migrated =
          CliRunner.run("--jdbc-url", roles.url(owner), "migrate", "--schema", schema);
      assertEquals(ExitCodes.OK, migrated.code(), migrated::toString);
      roles.grantApp(roles.url(owner), schema, app);
      roles.grantViewer(roles.url(owner), schema, viewer);

      String runId;
      try (DurableEngine engine = DurableEngine.builder().jdbcUrl(roles.url(app)).discover(false)
          .schema(schema).migrate(false).register(new OrderFlowDurable(new AtomicBoolean()))
          .build()) {
        RunHandle<String> run = OrderFlowClient.of(engine).start("o-1", "lamp", true);
        engine.tick();
        assertEquals(RunState.SLEEPING, run.status().run().status(), "waits for approval");
        runId = run.id();
      }
      assertTrue(refusedDdl(roles.url(app)), "the DML role cannot create a table");

      Result listed = CliRunner.run("--jdbc-url", roles.url(viewer), "--schema", schema, "list");
      assertEquals(ExitCodes.OK, listed.code(), listed::toString);
      assertTrue(listed.out().contains(runId), listed::toString);
      Result cancel =
          CliRunner.run("--jdbc-url", roles.url(viewer), "--schema", schema, "cancel", runId);
      assertEquals(ExitCodes.REFUSED, cancel.code(), cancel::toString);
      assertTrue(cancel.err().contains("the database role has no right to"), cancel::toString);
      assertTrue(cancel.err().contains("a read-only role (a viewer's) cannot change runs"),
          cancel::toString);
      assertFalse(cancel.err().contains("\tat "), "no stack trace: " + cancel);
    }
  }

  private boolean refusedDdl(String url) {
    try (Connection connection = DriverManager.getConnection(url);
        Statement statement = connection.createStatement()) {
      statement.execute("CREATE TABLE " + schema + ".intruder (id INT)");
      return false;
    } catch (SQLException e) {
      return "42501".equals(e.getSQLState());
    }
  }
}
