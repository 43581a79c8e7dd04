package dev.durable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.DurableWorker;
import dev.durable.runtime.FatalError;
import dev.durable.runtime.HistoryEvent;
import dev.durable.runtime.RunFailedException;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.RunState;
import dev.durable.runtime.RunStatus;
import dev.durable.runtime.StepState;
import dev.durable.runtime.TaskContext;
import dev.durable.runtime.TaskState;
import dev.durable.tests.support.Await;
import dev.durable.tests.support.CuttableDataSource;
import dev.durable.tests.support.Gate;
import dev.durable.tests.support.TestDatabase;
import dev.durable.tests.workflows.Order;
import dev.durable.tests.workflows.PricingSteps;
import dev.durable.tests.workflows.PricingStepsDispatch;
import dev.durable.tests.workflows.PricingStepsWorker;
import dev.durable.tests.workflows.Quote;
import dev.durable.tests.workflows.RemoteOrderWorkflowClient;
import dev.durable.tests.workflows.RemoteOrderWorkflowDurable;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/**
 * Dispatched steps on the durable path (no timeoutMs): the engine queues a task and suspends the
 * run; a worker serves it; whichever engine sees the outcome resumes the run. Failures the worker
 * reports as retryable are retried by re-dispatch after the step's backoff.
 */
class DispatchTest extends OnEachStore {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** What the worker throws on its next attempts, in order; once they are used up, it quotes. */
  private final List<RuntimeException> failures = Collections.synchronizedList(new ArrayList<>());
  private final List<String> served = Collections.synchronizedList(new ArrayList<>());

  private DurableEngine engine() {
    return db.engine().clock(clock)
        .register(new RemoteOrderWorkflowDurable(new PricingStepsDispatch(), script))
        .build();
  }

  private DurableWorker worker() {
    return DurableWorker.builder().jdbcUrl(db.jdbcUrl()).clock(clock)
        .handle(PricingSteps.QUOTE, this::quote)
        .build();
  }

  private String quote(TaskContext task, String input) throws Exception {
    served.add(task.taskId());
    if (!failures.isEmpty()) {
      throw failures.remove(0);
    }
    JsonNode order = JSON.readTree(input).get(0);
    return "{\"sku\":\"" + order.get("sku").asText() + "\",\"cents\":"
        + order.get("quantity").asInt() * 250 + "}";
  }

  @Test
  void theRunWaitsForTheWorkerWithoutAnEngineSlotAndResumesWithItsResult() {
    try (DurableEngine engine = engine(); DurableWorker worker = worker()) {
      RunHandle<String> run = RemoteOrderWorkflowClient.of(engine).start(new Order("lamp", 3));
      assertEquals(1, engine.tick());

      RunStatus waiting = run.status();
      assertEquals(RunState.SLEEPING, waiting.run().status());
      assertNull(waiting.run().wakeAt(), "it waits for the worker, not for a time");
      assertEquals(StepState.PENDING, waiting.steps().get(0).status());
      assertEquals(PricingSteps.QUOTE, waiting.steps().get(0).name());
      assertEquals(0, engine.tick(), "nothing to do until the worker answers");

      assertEquals(1, worker.tick());
      assertEquals(1, engine.tick());
      assertEquals("shipped lamp for 750", run.await(WAIT));
      assertEquals(List.of(run.id() + "/0/1"), served);
      RunStatus done = run.status();
      assertEquals(StepState.COMPLETED, done.steps().get(0).status());
      assertEquals(1, done.steps().get(0).attempts());
      assertEquals(1, script.executions("ship"));
      List<String> history = engine.history(run.id()).stream().map(HistoryEvent::type).toList();
      assertTrue(history.containsAll(List.of("step.started", "step.completed", "run.completed")),
          history.toString());
    }
  }

  @Test
  void aRetryableFailureIsRetriedByRedispatchAfterABackoffWaitedOutInStorage() {
    failures.add(new IllegalStateException("pricing service unavailable"));
    try (DurableEngine engine = engine(); DurableWorker worker = worker()) {
      engine.start();
      worker.start();
      RunHandle<String> run = RemoteOrderWorkflowClient.of(engine).start(new Order("mug", 2));

      Await.until("the failed attempt waits for its retry",
          () -> run.status().steps().stream().anyMatch(s -> s.status() == StepState.RETRYING)
              && run.status().run().status() == RunState.SLEEPING);
      RunStatus retrying = run.status();
      assertEquals("pricing service unavailable", retrying.steps().get(0).error());
      assertEquals(clock.instant().plusSeconds(1), retrying.run().wakeAt(),
          "the next attempt waits out the FIXED 1 s backoff in storage, holding no slot");
      assertEquals(List.of(run.id() + "/0/1"), served);

      clock.advance(Duration.ofSeconds(1));
      assertEquals("shipped mug for 500", run.await(WAIT));
      assertEquals(List.of(run.id() + "/0/1", run.id() + "/0/2"), served,
          "the same step, its next attempt");
      assertEquals(2, run.status().steps().get(0).attempts());
    }
  }

  @Test
  void aTickDrivenEngineWaitsTheBackoffOutInProcessThenDispatchesTheNextAttempt() {
    failures.add(new IllegalStateException("pricing service unavailable"));
    try (DurableEngine engine = engine(); DurableWorker worker = worker()) {
      RunHandle<String> run = RemoteOrderWorkflowClient.of(engine).start(new Order("mug", 2));
      engine.tick();
      assertEquals(1, worker.tick());
      Instant failedAt = clock.instant();
      engine.tick();

      assertEquals(failedAt.plusSeconds(1), clock.instant(), "the backoff was waited out");
      assertEquals(StepState.PENDING, run.status().steps().get(0).status());
      assertEquals(2, run.status().steps().get(0).attempts());
      assertEquals(1, worker.tick());
      engine.tick();
      assertEquals("shipped mug for 500", run.await(WAIT));
    }
  }

  @Test
  void aFatalErrorFromTheWorkerFailsTheRunAtOnceWithItsCode() {
    failures.add(new FatalError("no price for this sku", "unknown_sku"));
    try (DurableEngine engine = engine(); DurableWorker worker = worker()) {
      RunHandle<String> run = RemoteOrderWorkflowClient.of(engine).start(new Order("ghost", 1));
      engine.tick();
      worker.tick();
      engine.tick();

      RunFailedException failed = assertThrows(RunFailedException.class, () -> run.await(WAIT));
      assertEquals("unknown_sku", failed.code());
      assertTrue(failed.getMessage().contains("no price for this sku"), failed.getMessage());
      assertEquals(StepState.FAILED, run.status().steps().get(0).status());
      assertEquals(1, served.size(), "never retried");
      assertEquals(0, script.executions("ship"));
    }
  }

  @Test
  void aDispatchedStepCalledWithOtherArgumentsOnReplayFailsTheRunAsNonDeterministic() {
    try (DurableEngine engine = engine(); DurableWorker worker = worker()) {
      RunHandle<String> run = RemoteOrderWorkflowClient.of(engine).start(new Order("lamp", 3));
      engine.tick();
      // as if the workflow's code had passed another order when it dispatched the step
      db.execute("UPDATE durable_steps SET input = '[{\"sku\":\"lamp\",\"quantity\":4}]'"
          + " WHERE run_id = '" + run.id() + "' AND seq = 0");
      assertEquals(1, worker.tick());
      engine.tick();

      RunFailedException failed = assertThrows(RunFailedException.class, () -> run.await(WAIT));
      assertEquals("non_determinism", failed.code());
      assertTrue(failed.getMessage().contains("called dispatched step '" + PricingSteps.QUOTE
          + "' at position 0 with arguments other than those it recorded there"),
          failed.getMessage());
      assertEquals(0, script.executions("ship"));
    }
  }

  @Test
  void exhaustedRetriesFailTheRunAndARequeueDispatchesAgainWithAFreshBudget() {
    for (int i = 0; i < 3; i++) {
      failures.add(new IllegalStateException("timeout " + (i + 1)));
    }
    try (DurableEngine engine = engine(); DurableWorker worker = worker()) {
      RunHandle<String> run = RemoteOrderWorkflowClient.of(engine).start(new Order("desk", 4));
      engine.tick();
      for (int attempt = 1; attempt <= 3; attempt++) {
        assertEquals(1, worker.tick(), "attempt " + attempt);
        engine.tick();
        clock.advance(Duration.ofSeconds(1));
        engine.tick();
      }
      RunFailedException failed = assertThrows(RunFailedException.class, () -> run.await(WAIT));
      assertTrue(failed.getMessage().contains("timeout 3"), failed.getMessage());
      assertEquals(3, run.status().steps().get(0).attempts());

      engine.requeue(run.id());
      engine.tick();
      assertEquals(1, worker.tick());
      engine.tick();
      assertEquals("shipped desk for 1000", run.await(WAIT));
      assertEquals(4, served.size());
      assertEquals(run.id() + "/0/1", served.get(3), "the requeued step starts at attempt 1");
    }
  }

  /** A typed implementation of the contract, as a worker serves it. */
  private static final class Pricing implements PricingSteps {
    @Override
    public Quote quote(Order order) {
      if (order.sku().equals("bad")) {
        throw new IllegalArgumentException("unknown sku bad");
      }
      return new Quote(order.sku(), order.quantity() * 300L);
    }

    @Override
    public Quote leased(Order order) {
      return quote(order);
    }

    @Override
    public Quote watched(Order order) {
      throw new UnsupportedOperationException("not served");
    }

    @Override
    public Quote live(Order order) {
      throw new UnsupportedOperationException("not served");
    }
  }

  @Test
  void aTypedWorkerServesTheContractAndItsNonRetryableErrorsFailAtOnce() {
    try (DurableEngine engine = engine();
        DurableWorker worker = DurableWorker.builder().jdbcUrl(db.jdbcUrl())
            .serve(PricingStepsWorker.of(new Pricing()))
            .build()) {
      RunHandle<String> good = RemoteOrderWorkflowClient.of(engine).start(new Order("lamp", 2));
      RunHandle<String> bad = RemoteOrderWorkflowClient.of(engine).start(new Order("bad", 1));
      engine.tick();
      assertEquals(2, worker.tick());
      engine.tick();

      assertEquals("shipped lamp for 600", good.await(WAIT));
      RunFailedException failed = assertThrows(RunFailedException.class, () -> bad.await(WAIT));
      assertEquals("unknown sku bad", failed.getMessage());
      assertEquals(1, bad.status().steps().get(0).attempts(),
          "IllegalArgumentException is nonRetryable on the step: never retried");
      assertEquals(IllegalArgumentException.class.getName(),
          db.query("SELECT error_type FROM durable_tasks WHERE run_id = '" + bad.id() + "'")
              .get(0).get(0));
    }
  }

  @Test
  void aTaskStuckWithADeadWorkerIsRedispatchedByHandAndServedAgain() {
    try (DurableEngine engine = engine(); DurableWorker worker = worker()) {
      RunHandle<String> run = RemoteOrderWorkflowClient.of(engine).start(new Order("lamp", 1));
      engine.tick();
      // a worker claims the task, then dies before it answers
      db.execute("UPDATE durable_tasks SET status = 'RUNNING', worker_id = 'dead',"
          + " claimed_at = CURRENT_TIMESTAMP");
      assertEquals(0, worker.tick(), "nothing is queued: the task waits for its dead worker");

      assertEquals(1, engine.redispatchPending(run.id()));
      assertEquals("LOST", db.query("SELECT status FROM durable_tasks WHERE task_id = '"
          + run.id() + "/0/1'").get(0).get(0), "the dead worker can no longer answer");
      assertEquals(1, worker.tick());
      assertEquals(List.of(run.id() + "/0/1"), served,
          "a new delivery of attempt 1, with the attempt's task id");
      engine.tick();

      assertEquals("shipped lamp for 250", run.await(WAIT));
      assertEquals(1, run.status().steps().get(0).attempts(), "a re-drive is not a retry");
      List<HistoryEvent> history = engine.history(run.id());
      assertTrue(history.stream().anyMatch(e -> e.type().equals("step.redispatched")));
      assertTrue(history.stream().anyMatch(e -> e.type().equals("step.started")
          && "dispatched; redispatched: true".equals(e.detail())), history.toString());
    }
  }

  @Test
  void everyDeliveryOfAnAttemptHasTheSameTaskIdForIdempotentHandlers() {
    Gate gate = new Gate();
    List<String> ids = Collections.synchronizedList(new ArrayList<>());
    try (DurableEngine engine = engine();
        DurableWorker worker = DurableWorker.builder().jdbcUrl(db.jdbcUrl()).clock(clock)
            .concurrency(2)
            .handle(PricingSteps.QUOTE, (task, input) -> {
              ids.add(task.taskId());
              if (ids.size() == 1) {
                gate.pass("first delivery"); // its worker hangs
              }
              return "{\"sku\":\"lamp\",\"cents\":250}";
            })
            .build()) {
      RunHandle<String> run = RemoteOrderWorkflowClient.of(engine).start(new Order("lamp", 1));
      engine.tick();
      worker.start();
      Await.until("the first delivery hangs on its worker", () -> gate.isEntered("first delivery"));

      assertEquals(1, engine.redispatchPending(run.id()));
      Await.until("the worker serves the second delivery", () -> ids.size() == 2);
      gate.open("first delivery");
      engine.start();

      assertEquals("shipped lamp for 250", run.await(WAIT));
      assertEquals(List.of(run.id() + "/0/1", run.id() + "/0/1"), ids,
          "TaskContext.taskId() is the attempt's, whichever delivery serves it");
    }
  }

  @Test
  void aTaskUnansweredPastItsLeaseIsDeliveredAgainThenTheStepFailsAsLost() {
    try (DurableEngine engine = engine()) {
      RunHandle<String> run = RemoteOrderWorkflowClient.of(engine).start(new Order("leased", 1));
      engine.tick();
      assertEquals(clock.instant().plusSeconds(1), run.status().run().wakeAt(),
          "the run wakes when the task's lease ends");

      for (int redelivery = 1; redelivery <= 2; redelivery++) {
        clock.advance(Duration.ofSeconds(1));
        assertEquals(1, engine.tick());
        assertEquals("QUEUED", db.query("SELECT status FROM durable_tasks WHERE task_id = '"
            + run.id() + "/0/1/r" + redelivery + "'").get(0).get(0));
      }
      clock.advance(Duration.ofSeconds(1));
      engine.tick();

      RunFailedException failed = assertThrows(RunFailedException.class, () -> run.await(WAIT));
      assertEquals("remote_step_lost", failed.code());
      assertTrue(failed.getMessage().contains("after 3 deliveries"), failed.getMessage());
      assertEquals(3L, engine.history(run.id()).stream()
          .filter(e -> e.type().equals("step.lost")).count());
      assertEquals(1, run.status().steps().get(0).attempts(), "re-deliveries are not retries");
      assertEquals(List.of(List.of("LOST"), List.of("LOST"), List.of("LOST")),
          db.query("SELECT status FROM durable_tasks ORDER BY task_id"),
          "the last delivery is given up too: a late worker's answer is refused");
    }
  }

  @Test
  void theGeneratedStubRefusesCallsFromOutsideARun() {
    IllegalStateException refused = assertThrows(IllegalStateException.class,
        () -> new PricingStepsDispatch().quote(new Order("lamp", 1)));
    assertEquals("step 'pricing.quote' is served by workers and can only be called from a"
        + " workflow's @Run method; to test the step itself, call its implementation directly",
        refused.getMessage());
  }

  @Test
  void startedEnginesAndWorkersCompleteDispatchedRunsOnTheirOwn() {
    try (DurableEngine engine = engine(); DurableWorker worker = worker()) {
      engine.start();
      worker.start();
      List<RunHandle<String>> runs = new ArrayList<>();
      for (int i = 1; i <= 5; i++) {
        runs.add(RemoteOrderWorkflowClient.of(engine).start(new Order("sku" + i, i)));
      }
      for (int i = 1; i <= 5; i++) {
        assertEquals("shipped sku" + i + " for " + i * 250, runs.get(i - 1).await(WAIT));
      }
      assertEquals(5, served.size());
    }
  }

  /**
   * An engine hands a task it queues to a started worker of its process on the same database with a
   * slot free: the commit that queues it claims it for that worker, which serves it without a claim
   * of its own, a round trip less per dispatched step.
   */
  @Test
  void aTaskIsHandedToAWorkerOfTheProcessOnTheSameDatabaseWithoutAClaim() {
    CuttableDataSource shared = recording();
    try (DurableEngine engine = engineOn(shared); DurableWorker worker = workerOn(shared)) {
      engine.start();
      worker.start();
      Await.until("the worker has polled once, at its start", () -> claims(shared) == 1);

      RunHandle<String> run = RemoteOrderWorkflowClient.of(engine).start(new Order("lamp", 3));
      assertEquals("shipped lamp for 750", run.await(WAIT));
      assertEquals(List.of(run.id() + "/0/1"), served);
      assertEquals(1, claims(shared), "the worker claimed no task: it was handed the task");
      assertEquals(worker.workerId(), engine.tasks(run.id()).get(0).workerId().orElseThrow());
    }
  }

  /**
   * The worker hands the run back to the engine that handed it the task: the commit that stores
   * its answer leases the run to that engine, which resumes it with no claim of its own.
   */
  @Test
  void theWorkerHandsTheRunBackToTheEngineThatHandedItTheTask() {
    assumeTrue(kind == TestDatabase.Kind.POSTGRESQL, "on H2 the answer wakes the run, and the"
        + " engine claims it: a call in process, with no round trip to spare");
    CuttableDataSource shared = recording();
    try (DurableEngine engine = engineOn(shared); DurableWorker worker = workerOn(shared)) {
      engine.start();
      worker.start();
      Await.until("the engine and the worker have polled once, at their starts",
          () -> claimsOfRuns(shared) == 1 && claims(shared) == 1);

      RunHandle<String> run = RemoteOrderWorkflowClient.of(engine).start(new Order("lamp", 3));
      assertEquals("shipped lamp for 750", run.await(WAIT));
      assertEquals(1, claimsOfRuns(shared), "the engine claimed no run: it was handed the run");
      assertEquals(List.of(engine.engineId(), engine.engineId()), engine.history(run.id())
          .stream().filter(event -> event.type().equals("run.claimed"))
          .map(HistoryEvent::detail).toList(),
          "the history reads as when the engine claims the run: at its start, and when answered");
    }
  }

  /**
   * An answer that finds the engine that handed over the task with no slot free does not hand the
   * run back: it wakes the run, which the engine claims once a slot frees, as any due run.
   */
  @Test
  void aRunAnsweredWhileItsEngineHasNoSlotFreeIsWokenAndClaimedOnceOneFrees() {
    Gate gate = new Gate();
    script.failWith("ship", 1, () -> {
      passUninterruptibly(gate, "ship");
      return new IllegalStateException("the first ship fails, after holding the engine's slot");
    });
    try (DurableEngine engine = db.engine().clock(clock).maxConcurrentRuns(1)
            .register(new RemoteOrderWorkflowDurable(new PricingStepsDispatch(), script))
            .build();
        DurableWorker worker = DurableWorker.builder().jdbcUrl(db.jdbcUrl()).clock(clock)
            .handle(PricingSteps.QUOTE, (task, input) -> {
              if (input.contains("waits")) {
                gate.pass("quote");
              }
              return quote(task, input);
            })
            .build()) {
      engine.start();
      worker.start();
      RemoteOrderWorkflowClient client = RemoteOrderWorkflowClient.of(engine);
      RunHandle<String> waiting = client.start(new Order("waits", 1));
      Await.until("the first run's task is being served", () -> gate.isEntered("quote"));
      RunHandle<String> holding = client.start(new Order("holds", 1));
      Await.until("the second run holds the engine's only slot", () -> gate.isEntered("ship"));

      gate.open("quote");
      Await.until("the first run's answer is stored", () -> engine.tasks(waiting.id()).get(0)
          .status() == TaskState.SUCCEEDED);
      assertEquals(RunState.PENDING, waiting.status().run().status(),
          "woken for any engine to claim, not leased to one with no slot free");
      gate.open("ship");
      assertThrows(RunFailedException.class, () -> holding.await(WAIT));
      assertEquals("shipped waits for 250", waiting.await(WAIT));
    }
  }

  /**
   * A worker that closes while it serves a task an engine handed it loses nothing: the commit that
   * queued the task claimed it for that worker, so the task is delivered again when its lease ends,
   * to a worker that serves it, and the run completes with that answer. The closed worker's late
   * answer is not stored.
   */
  @Test
  void aHandedOverTaskWhoseWorkerClosesUnansweredIsDeliveredAgainWhenItsLeaseEnds() {
    CountDownLatch release = new CountDownLatch(1);
    try (DurableEngine engine = engine();
        DurableWorker closing = DurableWorker.builder().jdbcUrl(db.jdbcUrl()).clock(clock)
            .workerId("closing").shutdownTimeout(Duration.ofMillis(100))
            .handle("pricing.leased", (task, input) -> {
              served.add(task.taskId());
              awaitUninterruptibly(release); // a handler that does not stop when told to
              return "{\"sku\":\"late\",\"cents\":1}";
            })
            .build()) {
      engine.start();
      closing.start();
      RunHandle<String> run = RemoteOrderWorkflowClient.of(engine).start(new Order("leased", 1));
      Await.until("the closing worker serves the task", () -> served.size() == 1);
      assertEquals("closing", engine.tasks(run.id()).get(0).workerId().orElseThrow(),
          "the task was handed to the worker of the engine's process");

      closing.close();
      release.countDown();
      try (DurableWorker worker = DurableWorker.builder().jdbcUrl(db.jdbcUrl()).clock(clock)
          .workerId("next").handle("pricing.leased", this::quote).build()) {
        worker.start();
        clock.advance(Duration.ofSeconds(1)); // the task's lease ends
        assertEquals("shipped leased for 250", run.await(WAIT));
      }
      assertEquals(List.of(run.id() + "/0/1", run.id() + "/0/1"), served,
          "one attempt, delivered twice");
      assertEquals(List.of("LOST", "SUCCEEDED"), engine.tasks(run.id()).stream()
          .map(task -> task.status().name()).toList());
    }
  }

  private static void awaitUninterruptibly(CountDownLatch latch) {
    boolean interrupted = false;
    while (true) {
      try {
        latch.await();
        break;
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  private static void passUninterruptibly(Gate gate, String key) {
    try {
      gate.pass(key);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /**
   * A data source on the test's database that records the statements asked of it. Only this
   * test's engines and workers are woken by what is announced on it: PostgreSQL's channels are
   * those of the test's schema.
   */
  private CuttableDataSource recording() {
    CuttableDataSource source = new CuttableDataSource(db.jdbcUrl());
    source.recordStatements();
    return source;
  }

  /**
   * An engine on {@code shared}, which polls at its start only: a claim of a run it makes later is
   * one that something asked for.
   */
  private DurableEngine engineOn(CuttableDataSource shared) {
    return DurableEngine.builder().dataSource(shared).discover(false).clock(clock)
        .pollInterval(Duration.ofHours(1))
        .register(new RemoteOrderWorkflowDurable(new PricingStepsDispatch(), script))
        .build();
  }

  /** A worker on {@code shared}, which polls at its start only, as {@link #engineOn}. */
  private DurableWorker workerOn(CuttableDataSource shared) {
    return DurableWorker.builder().dataSource(shared).clock(clock)
        .pollInterval(Duration.ofHours(1))
        .handle(PricingSteps.QUOTE, this::quote)
        .build();
  }

  /** How many claims of due runs {@code source} was asked for. */
  private static long claimsOfRuns(CuttableDataSource source) {
    return source.statements().stream().filter(sql -> sql.startsWith("WITH due AS")).count();
  }

  /** How many claims of tasks {@code source} was asked for. */
  private static long claims(CuttableDataSource source) {
    return source.statements().stream()
        .filter(sql -> sql.contains("UPDATE durable_tasks SET status = 'RUNNING'")).count();
  }

  /**
   * A worker of the engine's process on another database is handed none of its tasks, though it
   * serves the step and has slots free: they wait, queued, for a worker of their own database.
   */
  @Test
  void aWorkerOfTheProcessOnAnotherDatabaseIsHandedNoTask() {
    try (TestDatabase other = kind.open();
        DurableEngine engine = engine();
        DurableWorker elsewhere = DurableWorker.builder().jdbcUrl(other.jdbcUrl()).clock(clock)
            .handle(PricingSteps.QUOTE, this::quote)
            .build()) {
      engine.start();
      elsewhere.start();
      RunHandle<String> run = RemoteOrderWorkflowClient.of(engine).start(new Order("lamp", 3));
      Await.until("the run waits for its task", () -> !engine.tasks(run.id()).isEmpty()
          && run.status().run().status() == RunState.SLEEPING);

      assertEquals(TaskState.QUEUED, engine.tasks(run.id()).get(0).status());
      assertEquals(List.of(), served);
      try (DurableWorker worker = worker()) {
        worker.start();
        assertEquals("shipped lamp for 750", run.await(WAIT));
      }
    }
  }
}
