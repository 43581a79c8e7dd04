package dev.durable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.DurableWorker;
import dev.durable.runtime.HistoryEvent;
import dev.durable.runtime.RemoteStepTimeout;
import dev.durable.runtime.RunFailedException;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.RunState;
import dev.durable.runtime.StepState;
import dev.durable.runtime.TaskContext;
import dev.durable.tests.support.Await;
import dev.durable.tests.support.Gate;
import dev.durable.tests.workflows.CatchingRemoteWorkflowClient;
import dev.durable.tests.workflows.CatchingRemoteWorkflowDurable;
import dev.durable.tests.workflows.Order;
import dev.durable.tests.workflows.PricingStepsDispatch;
import dev.durable.tests.workflows.RemoteOrderWorkflowClient;
import dev.durable.tests.workflows.RemoteOrderWorkflowDurable;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Dispatched steps on the liveness path ({@code pricing.watched}: timeoutMs 5 s, pickupTimeoutMs
 * 2 s, 2 attempts): the window is the longest silence, re-armed by the worker's claim and by each
 * heartbeat; an expiry gives the task up and dispatches the step again at once; the last one fails
 * it with {@link RemoteStepTimeout}. The engine and the worker share the test clock, so the windows
 * pass without waiting.
 */
class LivenessTest extends OnEachStore {
  private static final String WATCHED = "pricing.watched";

  private final Gate gate = new Gate();
  /** The task the worker's handler is serving, for the test to heartbeat on its behalf. */
  private final AtomicReference<TaskContext> serving = new AtomicReference<>();

  @AfterEach
  void openGates() {
    gate.openAll();
  }

  private DurableEngine engine() {
    return db.engine().clock(clock)
        .register(new RemoteOrderWorkflowDurable(new PricingStepsDispatch(), script))
        .build();
  }

  /** A started worker whose handler waits for the test: silent unless the test beats for it. */
  private DurableWorker blockedWorker() {
    DurableWorker worker = DurableWorker.builder().jdbcUrl(db.jdbcUrl()).clock(clock)
        .handle(WATCHED, (task, input) -> {
          serving.set(task);
          gate.pass(task.taskId());
          return "{\"sku\":\"watched\",\"cents\":999}";
        })
        .build();
    worker.start();
    return worker;
  }

  private String taskStatus(String taskId) {
    return (String) db.query(
        "SELECT status FROM durable_tasks WHERE task_id = '" + taskId + "'").get(0).get(0);
  }

  private List<String> eventTypes(DurableEngine engine, RunHandle<?> run) {
    return engine.history(run.id()).stream().map(HistoryEvent::type).toList();
  }

  @Test
  @SuppressWarnings("try") // the worker is closed by hand, or only kept open
  void aSilentWorkerIsTimedOutTheStepDispatchedAgainAtOnceThenFailsWithRemoteStepTimeout() {
    try (DurableEngine engine = engine(); DurableWorker worker = blockedWorker()) {
      RunHandle<String> run = RemoteOrderWorkflowClient.of(engine).start(new Order("watched", 1));
      Instant dispatched = clock.instant();
      engine.tick();
      assertEquals(dispatched.plusSeconds(2), run.status().run().wakeAt(),
          "until a worker picks the task up, the run wakes at the pickup deadline");
      Await.until("the worker claims attempt 1", () -> gate.isEntered(run.id() + "/0/1"));
      TaskContext first = serving.get();

      clock.advance(Duration.ofSeconds(2));
      assertEquals(1, engine.tick());
      assertEquals(dispatched.plusSeconds(5), run.status().run().wakeAt(),
          "picked up in time: now the worker may stay silent for the 5 s window from its claim");
      assertEquals("RUNNING", taskStatus(run.id() + "/0/1"));

      clock.advance(Duration.ofSeconds(3));
      assertEquals(1, engine.tick());
      assertEquals("LOST", taskStatus(run.id() + "/0/1"), "attempt 1 is given up");
      assertEquals(2, run.status().steps().get(0).attempts(), "dispatched again back to back");
      assertEquals(StepState.PENDING, run.status().steps().get(0).status());
      first.heartbeat();
      assertTrue(first.isCancelled(), "its worker learns from its next beat that it was given up");

      Await.until("the worker claims attempt 2", () -> gate.isEntered(run.id() + "/0/2"));
      clock.advance(Duration.ofSeconds(5));
      engine.tick();

      RunFailedException failed = assertThrows(RunFailedException.class, () -> run.await(WAIT));
      assertEquals("remote_step_timeout", failed.code());
      assertTrue(failed.getMessage().contains("went silent for 5000 ms, past the step's timeoutMs"
          + " of 5000 ms"), failed.getMessage());
      assertEquals(RemoteStepTimeout.class.getName(), failed.error().type());
      assertEquals(2L, eventTypes(engine, run).stream().filter("step.timed_out"::equals).count());

      gate.openAll();
      worker.close(); // waits for the late handler to return and try to store its answer
      assertEquals("LOST", taskStatus(run.id() + "/0/2"), "its late answer was refused");
      assertEquals(RunState.FAILED, run.status().run().status());
      assertEquals(0, script.executions("ship"));
    }
  }

  @Test
  void aTaskNoWorkerPicksUpTimesOutAtItsPickupDeadline() {
    try (DurableEngine engine = engine()) {
      RunHandle<String> run = RemoteOrderWorkflowClient.of(engine).start(new Order("watched", 1));
      engine.tick();
      clock.advance(Duration.ofSeconds(2));
      engine.tick();
      assertEquals("LOST", taskStatus(run.id() + "/0/1"));
      assertEquals("QUEUED", taskStatus(run.id() + "/0/2"));
      clock.advance(Duration.ofSeconds(2));
      engine.tick();

      RunFailedException failed = assertThrows(RunFailedException.class, () -> run.await(WAIT));
      assertEquals("remote_step_timeout", failed.code());
      assertEquals("task " + run.id() + "/0/2 of step 'pricing.watched' waited 2000 ms for a"
          + " worker, past its pickup timeout of 2000 ms; start a worker that serves it",
          failed.getMessage());
    }
  }

  @Test
  @SuppressWarnings("try") // the worker is closed by hand, or only kept open
  void aSlowWorkerThatHeartbeatsIsKeptAlivePastTimeoutMs() {
    try (DurableEngine engine = engine(); DurableWorker worker = blockedWorker()) {
      RunHandle<String> run = RemoteOrderWorkflowClient.of(engine).start(new Order("watched", 1));
      engine.tick();
      Await.until("the worker claims the task", () -> gate.isEntered(run.id() + "/0/1"));
      TaskContext task = serving.get();
      Instant claimed = clock.instant();

      for (int beat = 1; beat <= 4; beat++) {
        clock.advance(Duration.ofSeconds(3));
        task.heartbeat(beat * 25);
        engine.tick();
        assertEquals(RunState.SLEEPING, run.status().run().status());
        assertTrue(run.status().run().wakeAt().isAfter(clock.instant()),
            "each beat re-arms the window");
        assertEquals("RUNNING", taskStatus(run.id() + "/0/1"));
      }
      assertEquals(List.of(List.of("100")), db.query(
          "SELECT progress FROM durable_tasks WHERE task_id = '" + run.id() + "/0/1'"));
      task.heartbeat(101);
      assertEquals(List.of(List.of("100")), db.query(
          "SELECT progress FROM durable_tasks WHERE task_id = '" + run.id() + "/0/1'"),
          "a beat within half a window of the last one written is not written");
      assertTrue(Duration.between(claimed, clock.instant()).toSeconds() > 5 * 2);

      gate.openAll();
      Await.until("the worker stores its result", () -> taskStatus(run.id() + "/0/1")
          .equals("SUCCEEDED"));
      engine.tick();
      assertEquals("shipped watched for 999", run.await(WAIT));
      assertEquals(1, run.status().steps().get(0).attempts());
      assertFalse(task.isCancelled());
      assertFalse(eventTypes(engine, run).contains("step.timed_out"));
    }
  }

  @Test
  void anErrorReportedOnTheLivenessPathSurfacesOnTheFirstAttempt() {
    try (DurableEngine engine = engine();
        DurableWorker worker = DurableWorker.builder().jdbcUrl(db.jdbcUrl()).clock(clock)
            .handle(WATCHED, (task, input) -> {
              throw new IllegalStateException("carrier API down");
            })
            .build()) {
      RunHandle<String> run = RemoteOrderWorkflowClient.of(engine).start(new Order("watched", 1));
      engine.tick();
      assertEquals(1, worker.tick());
      engine.tick();

      RunFailedException failed = assertThrows(RunFailedException.class, () -> run.await(WAIT));
      assertEquals("carrier API down", failed.getMessage());
      assertEquals("step_failed", failed.code());
      assertEquals(1, run.status().steps().get(0).attempts(),
          "retries on the liveness path are for timeouts only");
    }
  }

  @Test
  void aWorkflowCatchesRemoteStepTimeout() {
    try (DurableEngine engine = db.engine().clock(clock)
        .register(new CatchingRemoteWorkflowDurable(new PricingStepsDispatch()))
        .build()) {
      RunHandle<String> run = CatchingRemoteWorkflowClient.of(engine).start(new Order("lamp", 1));
      for (int attempt = 1; attempt <= 2; attempt++) {
        engine.tick();
        clock.advance(Duration.ofSeconds(2));
      }
      engine.tick();
      assertEquals("no quote: remote_step_timeout (RemoteStepTimeout)", run.await(WAIT));
    }
  }

  /**
   * The dispatching engine holds nothing while a worker runs the step: the wait is a sleeping run
   * and the deadline is stored. An engine that goes away (closed here; killed is the same, as it
   * holds no lease) leaves the run to any other engine, which completes it with the result the
   * worker published meanwhile.
   */
  @Test
  void aResultPublishedWhileTheDispatchingEngineIsGoneCompletesTheStepOnAnotherEngine() {
    RunHandle<String> run;
    try (DurableEngine first = engine()) {
      run = RemoteOrderWorkflowClient.of(first).start(new Order("watched", 3));
      first.tick();
    }
    try (DurableWorker worker = DurableWorker.builder().jdbcUrl(db.jdbcUrl()).clock(clock)
        .handle(WATCHED, (task, input) -> "{\"sku\":\"watched\",\"cents\":42}")
        .build()) {
      assertEquals(1, worker.tick());
    }
    clock.advance(Duration.ofSeconds(10));
    try (DurableEngine second = engine()) {
      second.tick();
      RunHandle<String> same = RemoteOrderWorkflowClient.of(second).get(run.id());
      assertEquals("shipped watched for 42", same.await(WAIT),
          "the stored result wins over the deadline that passed meanwhile");
      assertEquals(1, same.status().steps().get(0).attempts());
    }
  }

  @Test
  void heartbeatsRenewTheLostTaskLease() {
    try (DurableEngine engine = engine(); DurableWorker worker =
        DurableWorker.builder().jdbcUrl(db.jdbcUrl()).clock(clock)
            .handle("pricing.leased", (task, input) -> {
              serving.set(task);
              gate.pass(task.taskId());
              return "{\"sku\":\"leased\",\"cents\":7}";
            })
            .build()) {
      worker.start();
      RunHandle<String> run = RemoteOrderWorkflowClient.of(engine).start(new Order("leased", 1));
      engine.tick();
      Await.until("the worker claims the task", () -> gate.isEntered(run.id() + "/0/1"));

      for (int beat = 1; beat <= 3; beat++) {
        clock.advance(Duration.ofMillis(600));
        serving.get().heartbeat();
        clock.advance(Duration.ofMillis(600));
        engine.tick();
        assertEquals("RUNNING", taskStatus(run.id() + "/0/1"),
            "1.2 s since the last beat was written would be past the 1 s lease; 0.6 s is not");
      }
      gate.openAll();
      Await.until("the worker stores its result", () -> taskStatus(run.id() + "/0/1")
          .equals("SUCCEEDED"));
      engine.tick();
      assertEquals("shipped leased for 7", run.await(WAIT));
      assertFalse(eventTypes(engine, run).contains("step.lost"));
    }
  }
}
