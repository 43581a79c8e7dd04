package dev.durable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.DurableWorker;
import dev.durable.runtime.FatalError;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.RunState;
import dev.durable.tests.support.Await;
import dev.durable.tests.support.TestDatabase;
import dev.durable.tests.workflows.Order;
import dev.durable.tests.workflows.OrderWorkflowClient;
import dev.durable.tests.workflows.OrderWorkflowDurable;
import dev.durable.tests.workflows.PricingStepsDispatch;
import dev.durable.tests.workflows.RemoteOrderWorkflowClient;
import dev.durable.tests.workflows.RemoteOrderWorkflowDurable;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

/**
 * Workers and the task protocol: tasks queued in {@code durable_tasks} as docs/task-protocol.md
 * documents them are claimed by the workers serving their step, once each, and their outcomes stored, which
 * makes the waiting run due.
 */
class WorkerTest extends OnEachStore {

  /** Queues a task as the protocol describes it: QUEUED, with the arguments as a JSON array. */
  private void queue(String runId, int seq, String step, String input) {
    db.execute("INSERT INTO durable_tasks (task_id, run_id, seq, step, attempt, input, status,"
        + " created_at) VALUES ('" + runId + "/" + seq + "/1', '" + runId + "', " + seq + ", '"
        + step + "', 1, '" + input + "', 'QUEUED', CURRENT_TIMESTAMP)");
  }

  private List<Object> task(String taskId) {
    return db.query("SELECT status, output, error_message, error_code, error_type, retryable,"
        + " worker_id FROM durable_tasks WHERE task_id = '" + taskId + "'").get(0);
  }

  private DurableWorker.Builder worker() {
    return DurableWorker.builder().jdbcUrl(db.jdbcUrl());
  }

  @Test
  void aWorkerServesAQueuedTaskStoresItsResultAndMakesTheWaitingRunDue() {
    try (DurableEngine engine = db.engine().clock(clock)
        .register(new OrderWorkflowDurable(script)).build()) {
      RunHandle<String> run = OrderWorkflowClient.of(engine).start(new Order("lamp", 3));
      engine.tick();
      assertEquals(RunState.SLEEPING, run.status().run().status());
      queue(run.id(), 7, "pricing.quote", "[\"lamp\",3]");

      try (DurableWorker worker = worker().workerId("w1")
          .handle("pricing.quote", (task, input) -> "{\"task\":\"" + task.taskId()
              + "\",\"attempt\":" + task.attempt() + ",\"input\":" + input + "}")
          .build()) {
        assertEquals(1, worker.tick());
        assertEquals(0, worker.tick(), "a served task is not served again");
      }

      List<Object> row = task(run.id() + "/7/1");
      assertEquals("SUCCEEDED", row.get(0));
      assertEquals("{\"task\":\"" + run.id() + "/7/1\",\"attempt\":1,\"input\":[\"lamp\",3]}",
          row.get(1));
      assertEquals("w1", row.get(6));
      assertEquals(RunState.PENDING, run.status().run().status(),
          "the run waiting for the task is due for any engine");
    }
  }

  /**
   * A worker closed while a handler runs: the handler ends after the connection pool closed, and
   * storing its outcome fails without a SQLState. The task is left RUNNING for its window or lease
   * to give up, and the thread ends without an exception escaping it (it died of a
   * NullPointerException while the error was classified).
   */
  @Test
  void aWorkerClosedWithATaskInFlightLeavesItForItsWindowOrLeaseAndItsThreadEndsCleanly() throws Exception {
    CountDownLatch entered = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    AtomicReference<Thread> serving = new AtomicReference<>();
    List<Throwable> uncaught = Collections.synchronizedList(new ArrayList<>());
    Thread.UncaughtExceptionHandler before = Thread.getDefaultUncaughtExceptionHandler();
    Thread.setDefaultUncaughtExceptionHandler((thread, error) -> uncaught.add(error));
    try {
      DurableWorker worker = worker().workerId("w1").shutdownTimeout(Duration.ofMillis(100))
          .handle("slow", (task, input) -> {
            serving.set(Thread.currentThread());
            entered.countDown();
            while (true) {
              try {
                release.await();
                return "\"done\"";
              } catch (InterruptedException ignored) {
                // a handler that does not stop when told to
              }
            }
          })
          .build();
      queue("r", 0, "slow", "[]");
      worker.start();
      assertTrue(entered.await(10, TimeUnit.SECONDS), "the worker took the task");
      worker.close();
      release.countDown();
      serving.get().join(10_000);

      assertFalse(serving.get().isAlive());
      assertEquals(List.of(), uncaught);
      assertEquals("RUNNING", task("r/0/1").get(0), "its window or lease gives it up");
    } finally {
      Thread.setDefaultUncaughtExceptionHandler(before);
    }
  }

  /**
   * A result the database refuses (here a constraint of the test's own) would be refused on every
   * try: the task fails for good with {@code storage_refused}, so the step fails through the
   * normal path instead of waiting for ever.
   */
  @Test
  void aResultTheDatabaseRefusesFailsTheTaskForGood() {
    try (DurableWorker worker = worker().workerId("w1")
        .handle("echo", (task, input) -> input.contains("poison") ? "\"poison\"" : "\"fine\"")
        .build()) {
      db.execute("ALTER TABLE durable_tasks ADD CONSTRAINT no_poison"
          + " CHECK (output IS NULL OR output NOT LIKE '%poison%')");
      queue("r", 0, "echo", "[\"poison\"]");
      queue("r", 1, "echo", "[\"fine\"]");
      assertEquals(2, worker.tick());
    }

    List<Object> refused = task("r/0/1");
    assertEquals("FAILED", refused.get(0));
    assertTrue(((String) refused.get(2)).startsWith("the database refused to store the result of"
        + " task r/0/1: "), (String) refused.get(2));
    assertEquals("storage_refused", refused.get(3));
    assertEquals(false, refused.get(5), "never retried: it would be refused again");
    assertEquals(List.of("SUCCEEDED", "\"fine\""), task("r/1/1").subList(0, 2));
  }

  @Test
  void aFatalErrorFailsTheTaskForGoodAndOtherExceptionsMayBeRetried() {
    try (DurableWorker worker = worker()
        .handle("charge", (task, input) -> {
          if (input.contains("tv")) {
            throw new FatalError("card declined", "declined");
          }
          throw new IllegalStateException("gateway timeout");
        })
        .build()) {
      queue("r1", 0, "charge", "[\"tv\"]");
      queue("r2", 0, "charge", "[\"mug\"]");
      assertEquals(2, worker.tick());
    }
    List<Object> fatal = task("r1/0/1");
    assertEquals("FAILED", fatal.get(0));
    assertEquals("card declined", fatal.get(2));
    assertEquals("declined", fatal.get(3), "the FatalError's code");
    assertEquals(FatalError.class.getName(), fatal.get(4));
    assertEquals(false, fatal.get(5), "never retried");
    List<Object> retryable = task("r2/0/1");
    assertEquals("FAILED", retryable.get(0));
    assertEquals("gateway timeout", retryable.get(2));
    assertEquals(IllegalStateException.class.getName(), retryable.get(4));
    assertEquals(true, retryable.get(5), "another attempt may help");
  }

  @Test
  void startedWorkersShareTheTasksOfTheirStepsAndServeEachOnce() throws Exception {
    int tasks = 40;
    List<String> served = Collections.synchronizedList(new ArrayList<>());
    List<DurableWorker> workers = new ArrayList<>();
    try {
      for (String id : List.of("w1", "w2")) {
        DurableWorker worker = worker().workerId(id).concurrency(3)
            .handle("ship", (task, input) -> {
              served.add(task.taskId());
              return input;
            })
            .build();
        workers.add(worker);
      }
      for (int i = 0; i < tasks; i++) {
        queue("run-" + i, 0, "ship", "[" + i + "]");
      }
      queue("other", 0, "refund", "[0]");
      workers.forEach(DurableWorker::start);
      Await.until("every ship task is served", () -> db.queryLong(
          "SELECT COUNT(*) FROM durable_tasks WHERE step = 'ship' AND status = 'SUCCEEDED'")
          == tasks);
    } finally {
      workers.forEach(DurableWorker::close);
    }
    assertEquals(tasks, served.size(), "each task served once: " + served);
    assertEquals(tasks, served.stream().distinct().count());
    assertEquals("QUEUED", task("other/0/1").get(0), "no worker serves refund");
  }

  @Test
  void aWorkerNeedsAStepToServeAndOneHandlerPerStep() {
    IllegalStateException none = assertThrows(IllegalStateException.class,
        () -> worker().build());
    assertTrue(none.getMessage().contains("register one with handle(name, handler)"));
    IllegalArgumentException twice = assertThrows(IllegalArgumentException.class,
        () -> worker().handle("a", (t, i) -> i).handle("a", (t, i) -> i));
    assertEquals(
        "step 'a' already has a handler on this worker; register one per step", twice.getMessage());
  }

  /**
   * A worker in another language listens on the task channel of the schema it serves, as the
   * protocol documents ({@code durable_tasks.<schema>} outside the schema {@code public}): an
   * engine that queues a task there notifies that channel only, not the one that installations in
   * the database's other schemas listen on.
   */
  @Test
  void anEngineNotifiesTheTaskChannelOfItsOwnSchemaOnly() throws Exception {
    assumeTrue(kind == TestDatabase.Kind.POSTGRESQL, "H2 has no notifications");
    String schema = (String) db.query("SELECT current_schema()").get(0).get(0);
    try (Connection listening = DriverManager.getConnection(db.jdbcUrl());
        Statement listen = listening.createStatement()) {
      listen.execute("LISTEN \"durable_tasks." + schema + "\"");
      listen.execute("LISTEN durable_tasks"); // the channel of an installation in public
      try (DurableEngine engine = db.engine()
          .register(new RemoteOrderWorkflowDurable(new PricingStepsDispatch(), script))
          .build()) {
        RemoteOrderWorkflowClient.of(engine).start(new Order("lamp", 1));
        assertEquals(1, engine.tick(), "the run's first turn queues its task");
      }

      List<String> heard = new ArrayList<>();
      PGConnection notifications = listening.unwrap(PGConnection.class);
      Await.until("a notification of the task", () -> {
        PGNotification[] received;
        try {
          received = notifications.getNotifications(100);
        } catch (SQLException e) {
          throw new IllegalStateException(e);
        }
        for (PGNotification notification : received == null ? new PGNotification[0] : received) {
          heard.add(notification.getName());
        }
        return !heard.isEmpty();
      });
      assertEquals(List.of("durable_tasks." + schema), heard);
    }
  }
}
