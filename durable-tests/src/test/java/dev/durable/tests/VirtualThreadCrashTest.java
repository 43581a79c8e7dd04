package dev.durable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.durable.build.OnPostgres;
import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.EngineConfig;
import dev.durable.tests.support.Await;
import dev.durable.tests.support.EngineProcess;
import dev.durable.tests.support.ExecutionJournal;
import dev.durable.tests.support.TestDatabase;
import dev.durable.tests.support.ThreadProbe;
import dev.durable.tests.workflows.LoadJob;
import dev.durable.tests.workflows.LoadWorkflow;
import dev.durable.tests.workflows.LoadWorkflowClient;
import dev.durable.tests.workflows.LoadWorkflowDurable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Hundreds of runs in flight on virtual threads when their engine's JVM is killed with SIGKILL
 * ({@code destroyForcibly}, as {@link ScaleOutTest} does): a second engine JVM finishes every run,
 * each once, and no step whose checkpoint was committed runs again ({@link ExecutionJournal} is the
 * proof, as in {@link ScaleOutTest}). Java 21 and later only: the Surefire execution on the second
 * JDK ({@code DURABLE_JDK21}) runs it; PostgreSQL only (the journal and the second JVM share the
 * database).
 */
@OnPostgres
class VirtualThreadCrashTest {
  private static final int RUNS = 200;
  private static final Duration ENGINE_START = Duration.ofSeconds(60);

  private TestDatabase db;
  private DurableEngine client;
  private final List<EngineProcess> engines = new ArrayList<>();

  @BeforeEach
  void openDatabase() {
    assumeTrue(ThreadProbe.jvmHasVirtualThreads(),
        "virtual threads need Java 21 or later; this JVM is " + Runtime.version());
    db = TestDatabase.Kind.POSTGRESQL.open();
    // not started: it only starts runs, for the engine processes to claim
    client = db.engine().engineId("test-client")
        .register(new LoadWorkflowDurable(new ExecutionJournal(db.jdbcUrl(), "test-client"), 0, 0))
        .build();
    ExecutionJournal.createTable(db);
  }

  @AfterEach
  void stopEverything() throws IOException {
    Path logs = Path.of("target", "virtual-thread-crash-logs");
    Files.createDirectories(logs);
    for (EngineProcess engine : engines) {
      engine.kill();
      Files.write(logs.resolve(engine.engineId() + ".log"), engine.output());
    }
    if (client != null) {
      client.close();
    }
    if (db != null) {
      db.close();
    }
  }

  @Test
  void twoHundredRunsInFlightOnVirtualThreadsSurviveAKillAndFinishOnceOnAnotherEngine() {
    EngineProcess first = startEngine("vthreads-1");
    first.awaitReady(ENGINE_START);
    assertFalse(first.linesContaining("runs at once, on virtual threads").isEmpty(),
        "the engine does not say it runs on virtual threads:\n" + String.join("\n",
            first.output()));
    LoadWorkflowClient runs = LoadWorkflowClient.of(client);
    for (int n = 0; n < RUNS; n++) {
      runs.start(runId(n), new LoadJob(n, false));
    }
    // each step works about a second: the kill lands once every run is in flight and the
    // charges (their second step) have begun, so that most runs die in the middle of a step
    Await.until("every run began and half the charges did", Duration.ofSeconds(120),
        Duration.ofMillis(100),
        () -> db.queryLong("SELECT COUNT(DISTINCT run_id) FROM load_executions") == RUNS
            && db.queryLong("SELECT COUNT(*) FROM load_executions WHERE step = 'charge'")
                >= RUNS / 2);
    long inFlight = db.queryLong("SELECT COUNT(*) FROM durable_runs"
        + " WHERE status = 'RUNNING' AND lease_owner = 'vthreads-1'");
    first.kill();

    EngineProcess second = startEngine("vthreads-2");
    second.awaitReady(ENGINE_START);
    Await.until("all " + RUNS + " runs ended", Duration.ofSeconds(120), Duration.ofMillis(250),
        () -> db.queryLong("SELECT COUNT(*) FROM durable_runs"
            + " WHERE status IN ('COMPLETED', 'FAILED', 'CANCELLED')") == RUNS);

    // an attempt cut by the kill is recorded by the second engine, which makes the next one
    long reExecuted = db.queryLong(
        "SELECT COUNT(*) FROM durable_events WHERE type = 'step.interrupted'");
    for (int n = 0; n < RUNS; n++) {
      assertEquals(LoadWorkflow.expectedResult(new LoadJob(n, false)),
          runs.get(runId(n)).await(Duration.ofSeconds(5)), runId(n));
    }
    assertEquals(List.of(), db.query("SELECT s.run_id, s.name, s.status, s.attempts"
            + " FROM durable_steps s WHERE s.kind = 'STEP' AND (s.status <> 'COMPLETED'"
            + " OR s.attempts <> 1 + (SELECT COUNT(*) FROM durable_events e"
            + " WHERE e.run_id = s.run_id AND e.step = s.name AND e.type = 'step.interrupted'))"
            + " LIMIT 10"),
        "steps not completed at their first attempt, or the one after an attempt the kill cut");
    assertEquals(List.of(), db.query("SELECT run_id, step, attempt, COUNT(*) FROM load_executions"
            + " GROUP BY run_id, step, attempt HAVING COUNT(*) > 1 LIMIT 10"),
        "attempts executed twice: the first left no trace when its engine was killed");
    assertEquals(3L * RUNS, db.queryLong(
        "SELECT COUNT(*) FROM durable_steps WHERE kind = 'STEP'"), "three checkpoints a run");
    assertEquals(List.of(), db.query("SELECT run_id, COUNT(*) FROM durable_events"
            + " WHERE type = 'run.completed' GROUP BY run_id HAVING COUNT(*) <> 1 LIMIT 10"),
        "runs completed more than once");
    assertEquals(List.of(), db.query("SELECT run_id, step, attempt, engine, at"
            + " FROM load_executions WHERE checkpoint_committed ORDER BY at LIMIT 20"),
        "step executions that began after the step's checkpoint was committed");
    assertEquals(List.of(), db.query("SELECT s.run_id, s.name FROM durable_steps s"
            + " WHERE s.kind = 'STEP' AND NOT EXISTS (SELECT 1 FROM load_executions e"
            + " WHERE e.run_id = s.run_id AND e.step = s.name) LIMIT 10"),
        "checkpoints whose step never executed");
    assertTrue(inFlight > EngineConfig.DEFAULT_MAX_CONCURRENT_RUNS_PLATFORM,
        "only " + inFlight + " runs were in flight at the kill: more than a platform-thread"
            + " engine's default of " + EngineConfig.DEFAULT_MAX_CONCURRENT_RUNS_PLATFORM
            + " should be");
    assertTrue(reExecuted > 0, "no kill landed in the middle of a step, so the test proved little");
    assertEquals(List.of(), second.linesContaining(" ERROR "), "the second engine logged errors");
  }

  private EngineProcess startEngine(String id) {
    // the engine's defaults (maxConcurrentRuns among them), a short lease so that the second
    // engine takes the killed one's runs over soon, steps of about a second
    EngineProcess engine = EngineProcess.start(id, List.of(
        "url=" + db.jdbcUrl(),
        "journal=" + db.jdbcUrl(),
        "lease=2000",
        "poll=100",
        "stepMs=800-1200"));
    engines.add(engine);
    return engine;
  }

  private static String runId(int n) {
    return String.format("vt-run-%03d", n);
  }
}
