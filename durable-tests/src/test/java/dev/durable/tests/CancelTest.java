package dev.durable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.DurableWorker;
import dev.durable.runtime.RunCancelledException;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.RunState;
import dev.durable.runtime.StepState;
import dev.durable.tests.support.Await;
import dev.durable.tests.support.Recorder;
import dev.durable.tests.support.Script;
import dev.durable.tests.support.TestDatabase;
import dev.durable.tests.workflows.CancellableWorkflowClient;
import dev.durable.tests.workflows.CancellableWorkflowDurable;
import dev.durable.tests.workflows.Order;
import dev.durable.tests.workflows.PricingSteps;
import dev.durable.tests.workflows.PricingStepsDispatch;
import dev.durable.tests.workflows.RemoteOrderWorkflowClient;
import dev.durable.tests.workflows.RemoteOrderWorkflowDurable;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Cancelling a run reaches the attempt it is making, as a timeout does: the attempt's token fires
 * and its thread is interrupted, whether the step waits in a sleep or on a latch, runs under a
 * timeout or in a fan, and whether the run executes on the engine told to cancel it or on another.
 */
class CancelTest extends OnEachStore {
  private final Recorder recorder = new Recorder();

  private DurableEngine.Builder engine() {
    return db.engine().clock(clock).register(new CancellableWorkflowDurable(recorder));
  }

  @Test
  void aStepSleepingIsInterruptedWhenItsRunIsCancelled() {
    cancelWhileBlocked(List.of("sleep"));
  }

  @Test
  void aStepWaitingOnALatchIsInterruptedWhenItsRunIsCancelled() {
    cancelWhileBlocked(List.of("latch"));
  }

  @Test
  void aStepUnderATimeoutIsInterruptedWhenItsRunIsCancelled() {
    cancelWhileBlocked(List.of("timed"));
  }

  @Test
  void everyBranchOfAFanIsInterruptedWhenItsRunIsCancelled() {
    cancelWhileBlocked(List.of("sleep-a", "latch-b", "sleep-c"));
  }

  private void cancelWhileBlocked(List<String> keys) {
    try (DurableEngine engine = engine().build()) {
      engine.start();
      RunHandle<String> run = CancellableWorkflowClient.of(engine).start(keys);
      Await.until("every step waits",
          () -> keys.stream().allMatch(key -> recorder.count("entered:" + key + ":1") == 1));

      assertTrue(engine.cancel(run.id()));

      for (String key : keys) {
        Await.until("step " + key + " is interrupted and sees its cancellation",
            () -> recorder.count("interrupted:" + key + ":cancelled=true") == 1);
      }
      assertThrows(RunCancelledException.class, () -> run.await(WAIT));
      Await.until("the engine let go of the run", () -> run.status().steps().stream()
          .noneMatch(step -> step.status() == StepState.RUNNING));
      assertEquals(RunState.CANCELLED, run.status().run().status());
      assertEquals(0, recorder.countStartingWith("ran to its end"), recorder.entries().toString());
      assertEquals(keys.size(), recorder.countStartingWith("entered:"),
          "no step was tried again: " + recorder.entries());
      assertEquals(0, engine.history(run.id()).stream()
          .filter(event -> event.type().equals("step.retrying")).count());
    }
  }

  /**
   * A dispatched step's task is given up when its run is cancelled: the worker serving it learns it
   * at its next heartbeat ({@code isCancelled()}), as it would of a timeout.
   */
  @Test
  void theWorkerServingADispatchedStepLearnsAtItsNextHeartbeatThatItsRunWasCancelled()
      throws Exception {
    CountDownLatch serving = new CountDownLatch(1);
    CountDownLatch stopped = new CountDownLatch(1);
    Script script = new Script();
    try (DurableEngine engine = db.engine().clock(clock)
            .register(new RemoteOrderWorkflowDurable(new PricingStepsDispatch(), script)).build();
        DurableWorker worker = DurableWorker.builder().jdbcUrl(db.jdbcUrl())
            .handle(PricingSteps.QUOTE, (task, input) -> {
              serving.countDown();
              while (!task.isCancelled()) {
                task.heartbeat(); // written at most once a second
                Thread.sleep(20);
              }
              stopped.countDown();
              return "{\"sku\":\"lamp\",\"cents\":1}";
            })
            .build()) {
      engine.start();
      worker.start();
      RunHandle<String> run = RemoteOrderWorkflowClient.of(engine).start(new Order("lamp", 1));
      assertTrue(serving.await(10, TimeUnit.SECONDS), "the worker serves the task");

      assertTrue(engine.cancel(run.id()));

      assertTrue(stopped.await(10, TimeUnit.SECONDS), "the handler learned of the cancellation");
      assertThrows(RunCancelledException.class, () -> run.await(WAIT));
      assertEquals(List.of(List.of("LOST")), db.query(
          "SELECT status FROM durable_tasks WHERE run_id = '" + run.id() + "'"));
      assertEquals(0, script.executions("ship"));
    }
  }

  @Test
  void theThreadThatRanACancelledStepIsNotLeftInterrupted() {
    try (DurableEngine engine = engine().build()) {
      RunHandle<String> run = CancellableWorkflowClient.of(engine).start(List.of("sleep"));
      Thread canceller = new Thread(() -> {
        Await.until("the step waits", () -> recorder.count("entered:sleep:1") == 1);
        engine.cancel(run.id());
      });
      canceller.start();

      engine.tick(); // the turn runs on this thread

      assertFalse(Thread.interrupted(),
          "the step restored its interrupt; the engine cleared it when the step ended");
      assertEquals(1, recorder.count("interrupted:sleep:cancelled=true"));
      assertThrows(RunCancelledException.class, () -> run.await(WAIT));
    }
  }

  @Test
  void aRunCancelledThroughAnotherEngineIsInterruptedOnTheEngineExecutingIt() {
    // PostgreSQL tells the executing engine at once, so its lease outlasts the test; H2 has no
    // notifications, and the executing engine learns at its next lease renewal
    Duration lease = kind == TestDatabase.Kind.POSTGRESQL
        ? Duration.ofMinutes(10)
        : Duration.ofSeconds(1);
    try (DurableEngine executing = engine().engineId("executing").leaseDuration(lease).build();
        DurableEngine other = db.engine().engineId("other").build()) {
      executing.start();
      RunHandle<String> run = CancellableWorkflowClient.of(executing).start(List.of("latch"));
      Await.until("the step waits", () -> recorder.count("entered:latch:1") == 1);

      assertTrue(other.cancel(run.id()));

      Await.until("the step is interrupted on the engine executing it",
          () -> recorder.count("interrupted:latch:cancelled=true") == 1);
      assertThrows(RunCancelledException.class, () -> run.await(WAIT));
      Await.until("the executing engine let go of the run", () -> executing.getRunStatus(run.id())
          .steps().stream().noneMatch(step -> step.status() == StepState.RUNNING));
      assertEquals(0, recorder.countStartingWith("ran to its end"));
      assertEquals(1, recorder.countStartingWith("entered:"), "no retry");
    }
  }

  @Test
  void anEngineLearnsOfACancellationNoOneToldItAtItsNextLeaseRenewal() {
    try (DurableEngine executing =
        engine().engineId("executing").leaseDuration(Duration.ofSeconds(1)).build()) {
      executing.start();
      RunHandle<String> run = CancellableWorkflowClient.of(executing).start(List.of("sleep"));
      Await.until("the step waits", () -> recorder.count("entered:sleep:1") == 1);

      // as an engine in another process does, without the notification (lost, or on H2)
      assertEquals(1, db.execute("UPDATE durable_runs SET status = 'CANCELLED', epoch = epoch + 1,"
          + " lease_owner = NULL, lease_until = NULL"));

      Await.until("the step is interrupted",
          () -> recorder.count("interrupted:sleep:cancelled=true") == 1);
      assertThrows(RunCancelledException.class, () -> run.await(WAIT));
      assertEquals(0, recorder.countStartingWith("ran to its end"));
      assertEquals(1, recorder.countStartingWith("entered:"), "no retry");
    }
  }
}
