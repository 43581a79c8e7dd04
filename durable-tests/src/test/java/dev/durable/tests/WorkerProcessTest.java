package dev.durable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.durable.build.OnPostgres;
import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.RunHandle;
import dev.durable.tests.support.Await;
import dev.durable.tests.support.Script;
import dev.durable.tests.support.TestDatabase;
import dev.durable.tests.support.WorkerChild;
import dev.durable.tests.workflows.Order;
import dev.durable.tests.workflows.PricingStepsDispatch;
import dev.durable.tests.workflows.RemoteOrderWorkflowClient;
import dev.durable.tests.workflows.RemoteOrderWorkflowDurable;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Workers in child JVMs serving an engine in this one through PostgreSQL: a worker killed in the
 * middle of a step leaves its task claimed; re-driven by hand, another worker serves it and the
 * run completes, the killed worker's step having run once and its result never stored.
 *
 * <p>PostgreSQL only: embedded H2 cannot be shared by processes. Skipped, with the reason, when
 * {@code DURABLE_PG_URL} is not set.
 */
@OnPostgres
class WorkerProcessTest {
  private static final Duration WAIT = Duration.ofSeconds(60);

  private TestDatabase db;
  private final List<Process> workers = new ArrayList<>();
  private final List<String> output = new CopyOnWriteArrayList<>();

  @BeforeEach
  void openDatabase() {
    db = TestDatabase.Kind.POSTGRESQL.open();
  }

  @AfterEach
  void stop() {
    workers.forEach(Process::destroyForcibly);
    if (db != null) {
      db.close();
    }
  }

  private Process worker(String id, String mode) throws IOException {
    return worker(id, mode, 50);
  }

  private Process worker(String id, String mode, long pollMs) throws IOException {
    Process process = new ProcessBuilder(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xmx128m",
        "-cp", System.getProperty("java.class.path"),
        WorkerChild.class.getName(), db.jdbcUrl(), id, mode, String.valueOf(pollMs))
        .redirectErrorStream(true)
        .start();
    workers.add(process);
    Thread reader = new Thread(() -> {
      try (BufferedReader lines = new BufferedReader(
          new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
        String line;
        while ((line = lines.readLine()) != null) {
          output.add(id + ": " + line);
        }
      } catch (IOException e) {
        // killed
      }
    });
    reader.setDaemon(true);
    reader.start();
    Await.until(id + " is ready", WAIT, () -> output.contains(id + ": " + WorkerChild.READY));
    return process;
  }

  @Test
  void aWorkerKilledMidStepIsReplacedAndTheReDrivenTaskCompletesTheRun() throws Exception {
    try (DurableEngine engine = db.engine().pollInterval(Duration.ofMillis(100))
        .register(new RemoteOrderWorkflowDurable(new PricingStepsDispatch(), new Script()))
        .build()) {
      engine.start();
      Process hanging = worker("hanging", "hang");
      RunHandle<String> run = RemoteOrderWorkflowClient.of(engine).start(new Order("lamp", 1));
      String first = run.id() + "/0/1";
      Await.until("the hanging worker takes the task", WAIT,
          () -> output.contains("hanging: " + WorkerChild.SERVING + first));
      hanging.destroyForcibly().waitFor();

      assertEquals(List.of(List.of("RUNNING", "hanging")), db.query(
          "SELECT status, worker_id FROM durable_tasks WHERE task_id = '" + first + "'"));
      worker("healthy", "serve");
      assertEquals(1, engine.redispatchPending(run.id()));

      assertEquals("shipped lamp for 250", run.await(WAIT));
      assertEquals(List.of(List.of("LOST"), List.of("SUCCEEDED")), db.query(
          "SELECT status FROM durable_tasks WHERE run_id = '" + run.id() + "' ORDER BY task_id"));
      assertEquals(1L, output.stream().filter(l -> l.startsWith("healthy: SERVING")).count());
    }
  }

  @Test
  void aSilentWorkerKilledMidStepIsTimedOutAndTheNextAttemptGoesToAnotherWorker()
      throws Exception {
    try (DurableEngine engine = db.engine().pollInterval(Duration.ofMillis(100))
        .register(new RemoteOrderWorkflowDurable(new PricingStepsDispatch(), new Script()))
        .build()) {
      engine.start();
      Process hanging = worker("hanging", "hang");
      RunHandle<String> run = RemoteOrderWorkflowClient.of(engine).start(new Order("live", 2));
      Await.until("the hanging worker takes attempt 1", WAIT,
          () -> output.contains("hanging: " + WorkerChild.SERVING + run.id() + "/0/1"));
      worker("healthy", "serve"); // ready before attempt 2 is queued: its pickup window is 1 s
      hanging.destroyForcibly().waitFor();

      assertEquals("shipped live for 500", run.await(WAIT),
          "past the 1 s window the engine gave attempt 1 up and dispatched attempt 2");
      assertEquals(List.of(List.of(run.id() + "/0/1", "LOST", "hanging"),
              List.of(run.id() + "/0/2", "SUCCEEDED", "healthy")),
          db.query("SELECT task_id, status, worker_id FROM durable_tasks WHERE run_id = '"
              + run.id() + "' ORDER BY task_id"));
      assertEquals(2, run.status().steps().get(0).attempts());
    }
  }

  @Test
  void aSlowWorkerThatHeartbeatsIsKeptAlivePastItsWindow() throws Exception {
    try (DurableEngine engine = db.engine().pollInterval(Duration.ofMillis(100))
        .register(new RemoteOrderWorkflowDurable(new PricingStepsDispatch(), new Script()))
        .build()) {
      engine.start();
      worker("slow", "beat");
      RunHandle<String> run = RemoteOrderWorkflowClient.of(engine).start(new Order("live", 1));

      assertEquals("shipped live for 250", run.await(WAIT));
      assertEquals(List.of(List.of(run.id() + "/0/1", "SUCCEEDED")),
          db.query("SELECT task_id, status FROM durable_tasks WHERE run_id = '" + run.id() + "'"),
          "3 s of work in a 1 s window, one attempt: its heartbeats kept it alive");
      assertEquals(List.of(), engine.history(run.id()).stream()
          .filter(e -> e.type().equals("step.timed_out")).toList());
    }
  }

  @Test
  void aWorkerInAnotherProcessIsToldOfANewTaskWithoutWaitingForItsPoll() throws Exception {
    try (DurableEngine engine = db.engine().pollInterval(Duration.ofMillis(100))
        .register(new RemoteOrderWorkflowDurable(new PricingStepsDispatch(), new Script()))
        .build()) {
      engine.start();
      worker("listening", "serve", Duration.ofMinutes(10).toMillis());
      RunHandle<String> run = RemoteOrderWorkflowClient.of(engine).start(new Order("lamp", 3));

      assertEquals("shipped lamp for 750", run.await(Duration.ofSeconds(20)),
          "its poll is 10 minutes away: PostgreSQL's NOTIFY told it of the task");
    }
  }
}
