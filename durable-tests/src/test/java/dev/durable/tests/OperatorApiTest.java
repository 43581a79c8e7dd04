package dev.durable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.DurableWorker;
import dev.durable.runtime.HistoryEvent;
import dev.durable.runtime.InvalidInputException;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.RunState;
import dev.durable.runtime.StoredSchedule;
import dev.durable.runtime.TaskInfo;
import dev.durable.runtime.TaskQueueInfo;
import dev.durable.runtime.TaskState;
import dev.durable.runtime.UnknownRunException;
import dev.durable.runtime.WorkerInfo;
import dev.durable.tests.support.Await;
import dev.durable.tests.support.Recorder;
import dev.durable.tests.workflows.HourlyReportDurable;
import dev.durable.tests.workflows.Order;
import dev.durable.tests.workflows.PricingSteps;
import dev.durable.tests.workflows.PricingStepsDispatch;
import dev.durable.tests.workflows.RemoteOrderWorkflowClient;
import dev.durable.tests.workflows.RemoteOrderWorkflowDurable;
import dev.durable.tests.workflows.SignalWorkflowClient;
import dev.durable.tests.workflows.SignalWorkflowDurable;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * What operator tools read and do through an engine that has none of the workflows' classes (as
 * the CLI's does): a run's dispatched tasks, the queues, the workers, the lost-dispatch view, the
 * stored schedules, and signals sent as JSON, whose unfit values are set aside, never failing the
 * run.
 */
class OperatorApiTest extends OnEachStore {
  private final Recorder recorder = new Recorder();

  /** An engine with no workflow registered, never started: an operator tool's. */
  private DurableEngine operator() {
    return db.engine().clock(clock).build();
  }

  @Test
  void tasksQueuesWorkersAndSilentTasksShowTheDispatchedSteps() {
    try (DurableEngine engine = db.engine().clock(clock)
            .register(new RemoteOrderWorkflowDurable(new PricingStepsDispatch(), script)).build();
        DurableEngine operator = operator();
        DurableWorker worker = DurableWorker.builder().jdbcUrl(db.jdbcUrl()).clock(clock)
            .workerId("worker-a")
            .handle(PricingSteps.QUOTE, (task, input) -> "{\"sku\":\"lamp\",\"cents\":750}")
            .build()) {
      RunHandle<String> first = RemoteOrderWorkflowClient.of(engine).start(new Order("lamp", 3));
      engine.tick();
      clock.advance(Duration.ofMinutes(10));
      RunHandle<String> second = RemoteOrderWorkflowClient.of(engine).start(new Order("desk", 1));
      engine.tick();

      assertEquals(List.of(new TaskQueueInfo(PricingSteps.QUOTE, 2, 0,
              Optional.of(operator.tasks(first.id()).get(0).createdAt()))),
          operator.taskQueues());
      List<TaskInfo> silent = operator.silentTasks(Duration.ofMinutes(5));
      assertEquals(List.of(first.id()), silent.stream().map(TaskInfo::runId).toList(),
          "only the task queued ten minutes ago has been silent for five");

      assertEquals(2, worker.tick());
      TaskInfo served = operator.tasks(first.id()).get(0);
      assertEquals(TaskState.SUCCEEDED, served.status());
      assertEquals(Optional.of("worker-a"), served.workerId());
      assertEquals(PricingSteps.QUOTE, served.step());
      assertEquals(1, served.attempt());
      assertTrue(served.finishedAt().isPresent());
      List<WorkerInfo> workers = operator.workers();
      assertEquals(List.of("worker-a"), workers.stream().map(WorkerInfo::workerId).toList());
      assertEquals(0, workers.get(0).running());
      assertEquals(List.of(), operator.silentTasks(Duration.ZERO), "no task is open any more");
      assertEquals(List.of(), operator.taskQueues());
      assertEquals(TaskState.SUCCEEDED, operator.tasks(second.id()).get(0).status());
      assertEquals(List.of(), operator.tasks("no-such-run"));
    }
  }

  @Test
  void storedSchedulesAreListedByAnEngineWithoutTheirWorkflows() {
    try (DurableEngine engine = db.engine().clock(clock)
            .register(new HourlyReportDurable(recorder)).build();
        DurableEngine operator = operator()) {
      engine.start();
      Await.until("the engine stores its schedule", () -> !operator.storedSchedules().isEmpty());
      List<StoredSchedule> schedules = operator.storedSchedules();
      assertEquals(1, schedules.size());
      StoredSchedule hourly = schedules.get(0);
      assertEquals("hourly-report", hourly.workflowName());
      assertEquals("0 0 * * * *", hourly.cron());
      assertEquals(Instant.parse("2026-01-05T10:00:00Z"), hourly.nextFireTimes().get(0));
      assertEquals(DurableEngine.LISTED_FIRE_TIMES, hourly.nextFireTimes().size());
    }
  }

  @Test
  void aSignalSentAsJsonReachesTheRunAndOneThatDoesNotFitIsSetAsideWithoutFailingIt() {
    try (DurableEngine engine = db.engine().clock(clock)
            .register(new SignalWorkflowDurable(recorder)).build();
        DurableEngine operator = operator()) {
      engine.start();
      RunHandle<String> run = SignalWorkflowClient.of(engine).start(1, 0L); // waits for approve
      Await.until("the run waits",
          () -> run.status().run().status() == RunState.SLEEPING);

      operator.signal(run.id(), "approve", "{\"not\": \"a string\"}"); // unchecked here
      Await.until("the unfit value is set aside", () -> engine
          .history(run.id()).stream().anyMatch(e -> e.type().equals("signal.rejected")));
      Await.until("the run waits on", () -> run.status().run().status() == RunState.SLEEPING);

      operator.signal(run.id(), "approve", " \"yes\" ");
      assertEquals("yes", run.await(WAIT));
      HistoryEvent rejected = engine.history(run.id()).stream()
          .filter(e -> e.type().equals("signal.rejected")).findFirst().orElseThrow();
      assertEquals(Optional.of("approve"), rejected.step());
    }
  }

  @Test
  void aSignalSentAsJsonIsCheckedWhereTheRunsVersionIsRegisteredAndBadInputStoresNothing() {
    try (DurableEngine engine = db.engine().clock(clock)
        .register(new SignalWorkflowDurable(recorder)).build()) {
      RunHandle<String> run = SignalWorkflowClient.of(engine).start(1, 0L);

      InvalidInputException unfit = assertThrows(InvalidInputException.class,
          () -> engine.signal(run.id(), "approve", "42"));
      assertTrue(unfit.getMessage().startsWith("cannot send signal 'approve' to run " + run.id()
          + ": its value does not fit"), unfit.getMessage());
      InvalidInputException unknown = assertThrows(InvalidInputException.class,
          () -> engine.signal(run.id(), "aprove", "\"yes\""));
      assertTrue(unknown.getMessage().contains("has no signal of that name; it has decision,"
          + " approve"), unknown.getMessage());
      InvalidInputException notJson = assertThrows(InvalidInputException.class,
          () -> engine.signal(run.id(), "approve", "yes"));
      assertTrue(notJson.getMessage().contains("its value is not JSON"), notJson.getMessage());
      assertThrows(UnknownRunException.class, () -> engine.signal("nope", "approve", "\"yes\""));
      assertEquals(0, db.queryLong("SELECT COUNT(*) FROM durable_signals"));
    }
  }

  @Test
  void aNullSignalValueIsRefusedAtTheSendWhereverItComesFrom() {
    try (DurableEngine engine = db.engine().clock(clock)
            .register(new SignalWorkflowDurable(recorder)).build();
        DurableEngine operator = operator()) {
      RunHandle<String> run = SignalWorkflowClient.of(engine).start(1, 0L);

      for (DurableEngine sender : List.of(engine, operator)) {
        InvalidInputException json = assertThrows(InvalidInputException.class,
            () -> sender.signal(run.id(), "approve", " null "));
        assertTrue(json.getMessage().startsWith("cannot send signal 'approve' to run " + run.id()
            + ": its value is JSON null, and a signal carries a value"), json.getMessage());
      }
      InvalidInputException typed = assertThrows(InvalidInputException.class,
          () -> SignalWorkflowClient.of(engine).approval(run.id(), null));
      assertTrue(typed.getMessage().contains("its value is null, and a signal carries a value"),
          typed.getMessage());
      assertEquals(0, db.queryLong("SELECT COUNT(*) FROM durable_signals"));
    }
  }

  @Test
  void aMisspeltSignalNameIsRefusedByAnEngineThatDoesNotKnowTheWorkflow() {
    try (DurableEngine engine = db.engine().clock(clock)
            .register(new SignalWorkflowDurable(recorder)).build();
        DurableEngine operator = operator()) {
      RunHandle<String> run = SignalWorkflowClient.of(engine).start(1, 0L);

      InvalidInputException unknown = assertThrows(InvalidInputException.class,
          () -> operator.signal(run.id(), "aprove", "\"yes\""));
      assertTrue(unknown.getMessage().contains("has no signal of that name; it has approve,"
          + " decision"), unknown.getMessage());
      assertEquals(0, db.queryLong("SELECT COUNT(*) FROM durable_signals"));

      operator.signal(run.id(), "approve", "\"yes\"");
      assertEquals(1, db.queryLong("SELECT COUNT(*) FROM durable_signals"));
    }
  }
}
