package dev.durable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.DurableHooks;
import dev.durable.runtime.DurableWorker;
import dev.durable.runtime.FatalError;
import dev.durable.runtime.RunFailedException;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.RunState;
import dev.durable.runtime.RunStatus;
import dev.durable.runtime.StepEvent;
import dev.durable.runtime.StepInfo;
import dev.durable.runtime.StepState;
import dev.durable.runtime.TaskContext;
import dev.durable.tests.support.Await;
import dev.durable.tests.support.Gate;
import dev.durable.tests.workflows.FanRequest;
import dev.durable.tests.workflows.FanWorkflowClient;
import dev.durable.tests.workflows.FanWorkflowDurable;
import dev.durable.tests.workflows.Order;
import dev.durable.tests.workflows.PricingSteps;
import dev.durable.tests.workflows.PricingStepsDispatch;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Fans and parallel groups ({@code Parallel}): branches run at once, each with a checkpoint of its
 * own, so that a replay keeps the branches that completed; local branches retry in process,
 * dispatched ones are queued together and the run suspends until the workers answer.
 */
class ParallelTest extends OnEachStore {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Gate gate = new Gate();
  private final List<String> served = Collections.synchronizedList(new ArrayList<>());
  private final AtomicInteger workerFailures = new AtomicInteger();

  @AfterEach
  void openGates() {
    gate.openAll();
  }

  private DurableEngine engine() {
    return db.engine().clock(clock)
        .register(new FanWorkflowDurable(new PricingStepsDispatch(), script, gate))
        .build();
  }

  private DurableWorker worker() {
    return DurableWorker.builder().jdbcUrl(db.jdbcUrl()).clock(clock).concurrency(8)
        .handle(PricingSteps.QUOTE, this::quote)
        .build();
  }

  private String quote(TaskContext task, String input) throws Exception {
    served.add(task.taskId());
    JsonNode order = JSON.readTree(input).get(0);
    if (order.get("sku").asText().startsWith("gated")) {
      gate.pass(order.get("sku").asText());
    }
    if (order.get("sku").asText().startsWith("flaky") && workerFailures.getAndIncrement() == 0) {
      throw new IllegalStateException("pricing service unavailable");
    }
    if (order.get("sku").asText().equals("fatal") && workerFailures.getAndIncrement() == 0) {
      throw new FatalError("no price list for fatal", "no_price_list");
    }
    return "{\"sku\":\"" + order.get("sku").asText() + "\",\"cents\":"
        + order.get("quantity").asInt() * 7 + "}";
  }

  private static List<Order> orders(String... skus) {
    List<Order> orders = new ArrayList<>();
    for (int i = 0; i < skus.length; i++) {
      orders.add(new Order(skus[i], i + 1));
    }
    return orders;
  }

  @Test
  void aFanOfLocalStepsRunsItsBranchesAtOnceAndReturnsTheirResultsInOrder() {
    try (DurableEngine engine = engine()) {
      engine.start();
      RunHandle<String> run = FanWorkflowClient.of(engine)
          .start(new FanRequest("local", orders("gated-a", "gated-b", "gated-c")));

      Await.until("all three branches are in their step at the same time",
          () -> gate.isEntered("gated-a") && gate.isEntered("gated-b")
              && gate.isEntered("gated-c"));
      assertEquals(3, run.status().steps().stream()
          .filter(step -> step.status() == StepState.RUNNING).count(),
          "the status shows every running branch");
      gate.open("gated-c");
      gate.open("gated-a");
      gate.open("gated-b");

      assertEquals("gated-a=100,gated-b=200,gated-c=300", run.await(WAIT));
      List<StepInfo> steps = run.status().steps();
      assertEquals(List.of(0, 1, 2), steps.stream().map(StepInfo::position).toList());
      assertTrue(steps.stream().allMatch(step -> step.status() == StepState.COMPLETED));
    }
  }

  @Test
  void aLocalBranchWaitsOutItsBackoffInProcessWhileTheOthersComplete() {
    script.failTimes("price:b", 1);
    try (DurableEngine engine = engine()) {
      RunHandle<String> run =
          FanWorkflowClient.of(engine).start(new FanRequest("local", orders("a", "b", "c")));
      assertEquals(1, engine.tick());

      assertEquals("a=100,b=200,c=300", run.await(WAIT), "one turn, no suspension");
      assertEquals(List.of(1, 2, 1),
          run.status().steps().stream().map(StepInfo::attempts).toList());
      assertEquals(2, script.executions("price:b"));
    }
  }

  @Test
  void aFailedBranchFailsTheRunOnceAllEndedAndARequeueRunsOnlyThatBranchAgain() {
    script.failTimes("price:b", 2);
    try (DurableEngine engine = engine()) {
      RunHandle<String> run =
          FanWorkflowClient.of(engine).start(new FanRequest("local", orders("a", "b", "c")));
      engine.tick();

      RunFailedException failed = assertThrows(RunFailedException.class, () -> run.await(WAIT));
      assertEquals("step_failed", failed.code());
      assertEquals(List.of(StepState.COMPLETED, StepState.FAILED, StepState.COMPLETED),
          run.status().steps().stream().map(StepInfo::status).toList());

      engine.requeue(run.id());
      engine.tick();
      assertEquals("a=100,b=200,c=300", run.await(WAIT));
      assertEquals(1, script.executions("price:a"), "a completed branch never runs again");
      assertEquals(1, script.executions("price:c"));
      assertEquals(3, script.executions("price:b"));
    }
  }

  @Test
  void eachBranchStartsAndCompletesOnceInTheHooksThoughTheRunIsReplayed() {
    script.failTimes("price:b", 1);
    List<String> hooks = Collections.synchronizedList(new ArrayList<>());
    DurableHooks recording = new DurableHooks() {
      @Override
      public void onStepStart(StepEvent step) {
        hooks.add("start " + step.position());
      }

      @Override
      public void onStepComplete(StepEvent step) {
        hooks.add("complete " + step.position() + " after " + step.attempt());
      }
    };
    try (DurableEngine engine = db.engine().clock(clock).hooks(recording)
            .register(new FanWorkflowDurable(new PricingStepsDispatch(), script, gate))
            .build();
        DurableWorker worker = worker()) {
      RunHandle<String> local =
          FanWorkflowClient.of(engine).start(new FanRequest("local", orders("a", "b")));
      engine.tick();
      assertEquals("a=100,b=200", local.await(WAIT));
      assertEquals(List.of("complete 0 after 1", "complete 1 after 2", "start 0", "start 1"),
          hooks.stream().sorted().toList());

      hooks.clear();
      RunHandle<String> remote =
          FanWorkflowClient.of(engine).start(new FanRequest("remote", orders("c", "d")));
      engine.tick();
      worker.tick();
      engine.tick();
      assertEquals("c=7,d=14", remote.await(WAIT));
      assertEquals(List.of("complete 0 after 1", "complete 1 after 1", "start 0", "start 1"),
          hooks.stream().sorted().toList(), "the resumed turn replays, but starts nothing again");
    }
  }

  @Test
  void aFanOfDispatchedStepsQueuesEveryTaskInOneCommitAndResumesWhenAllAreAnswered() {
    try (DurableEngine engine = engine(); DurableWorker worker = worker()) {
      RunHandle<String> run = FanWorkflowClient.of(engine)
          .start(new FanRequest("remote", orders("a", "b", "c", "d")));
      engine.tick();

      RunStatus waiting = run.status();
      assertEquals(RunState.SLEEPING, waiting.run().status());
      assertNull(waiting.run().wakeAt(), "it waits for the workers");
      assertEquals(4L, db.queryLong("SELECT COUNT(*) FROM durable_tasks WHERE status = 'QUEUED'"));
      assertEquals(4, worker.tick());
      engine.tick();

      assertEquals("a=7,b=14,c=21,d=28", run.await(WAIT));
      assertEquals(List.of(run.id() + "/0/1", run.id() + "/1/1", run.id() + "/2/1",
          run.id() + "/3/1"), served.stream().sorted().toList());
    }
  }

  /**
   * A fan's run waits for all of its branches, so the answers before the last wake nobody (each
   * turn would replay the fan and read all of its checkpoints): the last answer takes it up once.
   */
  @Test
  void aFanOfDispatchedStepsIsTakenUpOnceByItsLastAnswer() {
    fanAnsweredOneByOne(List.of(0, 1, 2, 3));
  }

  /**
   * The answer that finds no task left open must look past every newer task answered before it:
   * the search for an open task starts from the newest.
   */
  @Test
  void aFanAnsweredNewestFirstIsTakenUpByItsLastAnswer() {
    fanAnsweredOneByOne(List.of(3, 2, 1, 0));
  }

  /**
   * A fan of four gated branches, all served at once, answered one by one in {@code order} (the
   * branches' indices): the run is woken by the last answer only, and claimed once more for it.
   */
  private void fanAnsweredOneByOne(List<Integer> order) {
    try (DurableEngine engine = engine(); DurableWorker worker = worker()) {
      engine.start();
      worker.start();
      List<Order> orders = orders("gated-a", "gated-b", "gated-c", "gated-d");
      RunHandle<String> run = FanWorkflowClient.of(engine).start(new FanRequest("remote", orders));
      for (Order branch : orders) {
        Await.until("the worker serves " + branch.sku(), () -> gate.isEntered(branch.sku()));
      }
      for (int answered = 1; answered <= orders.size(); answered++) {
        gate.open(orders.get(order.get(answered - 1)).sku());
        long expected = answered;
        Await.until(answered + " branch(es) answered", () -> db.queryLong(
            "SELECT COUNT(*) FROM durable_tasks WHERE status = 'SUCCEEDED'") == expected);
        if (answered < orders.size()) {
          assertEquals(RunState.SLEEPING, run.status().run().status(), answered + " answer(s)");
          assertEquals(0L, db.queryLong("SELECT COUNT(*) FROM durable_runs WHERE run_id = '"
              + run.id() + "' AND (due_at IS NOT NULL OR woken_at IS NOT NULL)"),
              "not woken by answer " + answered + " of " + orders.size());
        }
      }

      assertEquals("gated-a=7,gated-b=14,gated-c=21,gated-d=28", run.await(WAIT));
      assertEquals(2L, db.queryLong("SELECT COUNT(*) FROM durable_events WHERE run_id = '"
          + run.id() + "' AND type = 'run.claimed'"),
          "claimed at its start, then once more: by the last answer");
    }
  }

  /**
   * Two workers answering a fan's last branches at the same moment: each reads the other's task
   * as open unless the second waits for the first, and then neither would wake the run.
   */
  @Test
  void fansAnsweredByTwoWorkersAtOnceComplete() {
    try (DurableEngine engine = engine(); DurableWorker first = worker();
        DurableWorker second = worker()) {
      engine.start();
      first.start();
      second.start();
      runFans(engine, 10, 40);
      assertEquals(2L, db.queryLong("SELECT COUNT(DISTINCT worker_id) FROM durable_tasks"),
          "both workers answered");
    }
  }

  /**
   * Workers answer while the engine reads the fan's other tasks: an answer stored between that read
   * and the run's suspension must still wake it (its own wake-up found the run executing).
   */
  @Test
  void wideFansServedWhileTheEngineLooksAtThemAllComplete() {
    try (DurableEngine engine = engine(); DurableWorker worker = worker()) {
      engine.start();
      worker.start();
      runFans(engine, 5, 60);
    }
  }

  /** Runs {@code fans} fans of {@code width} dispatched steps, one after the other, each in full. */
  private static void runFans(DurableEngine engine, int fans, int width) {
    for (int fan = 0; fan < fans; fan++) {
      String[] skus = new String[width];
      for (int i = 0; i < width; i++) {
        skus[i] = "s" + fan + "-" + i;
      }
      RunHandle<String> run =
          FanWorkflowClient.of(engine).start(new FanRequest("remote", orders(skus)));
      assertEquals(width, run.await(WAIT).split(",").length);
    }
  }

  /**
   * A fan wider than one statement may bind parameters for (PostgreSQL's driver stops at 65,535; a
   * branch's checkpoint, task and event take 28): its checkpoints and tasks are written in bounded
   * statements, still in one commit.
   */
  @Test
  void aFanOfThousandsOfDispatchedStepsIsQueuedAndCompletes() {
    try (DurableEngine engine = engine(); DurableWorker worker = worker()) {
      engine.start();
      worker.start();
      String[] skus = new String[2_500];
      for (int i = 0; i < skus.length; i++) {
        skus[i] = "w" + i;
      }
      RunHandle<String> run =
          FanWorkflowClient.of(engine).start(new FanRequest("remote", orders(skus)));

      String[] quotes = run.await(Duration.ofMinutes(2)).split(",");
      assertEquals(2_500, quotes.length);
      assertEquals("w2499=" + 2_500 * 7, quotes[2_499]);
      assertEquals(2_500L, db.queryLong("SELECT COUNT(*) FROM durable_tasks"));
    }
  }

  @Test
  void aDispatchedBranchIsRetriedAfterItsBackoffWhileTheOthersKeepTheirResults() {
    try (DurableEngine engine = engine(); DurableWorker worker = worker()) {
      RunHandle<String> run = FanWorkflowClient.of(engine)
          .start(new FanRequest("remote", orders("a", "flaky", "c")));
      engine.tick();
      assertEquals(3, worker.tick());
      Instant failedAt = clock.instant();
      engine.tick();

      RunStatus redispatched = run.status();
      assertEquals(failedAt.plusSeconds(1), clock.instant(),
          "under tick() the branch's 1 s backoff was waited out in process");
      assertEquals(List.of(StepState.COMPLETED, StepState.PENDING, StepState.COMPLETED),
          redispatched.steps().stream().map(StepInfo::status).toList());
      assertEquals(List.of(1, 2, 1),
          redispatched.steps().stream().map(StepInfo::attempts).toList());
      assertEquals(1, worker.tick(), "only the failed branch is dispatched again");
      engine.tick();
      assertEquals("a=7,flaky=14,c=21", run.await(WAIT));
      assertEquals(4, served.size());
    }
  }

  @Test
  void onAStartedEngineAFailedDispatchedBranchWaitsOutItsBackoffInStorage() {
    try (DurableEngine engine = engine(); DurableWorker worker = worker()) {
      engine.start();
      worker.start();
      RunHandle<String> run = FanWorkflowClient.of(engine)
          .start(new FanRequest("remote", orders("a", "flaky")));

      Await.until("the failed branch waits for its next attempt", () -> {
        RunStatus status = run.status();
        return status.run().status() == RunState.SLEEPING
            && status.steps().size() == 2
            && status.steps().get(1).status() == StepState.RETRYING
            && status.steps().get(0).status() == StepState.COMPLETED;
      });
      assertEquals(clock.instant().plusSeconds(1), run.status().run().wakeAt(),
          "the run sleeps until the branch's next attempt, holding no slot");
      clock.advance(Duration.ofSeconds(1));
      assertEquals("a=7,flaky=14", run.await(WAIT));
    }
  }

  @Test
  void aRequeueDispatchesOnlyTheFailedBranchAgainFromAttemptOne() {
    try (DurableEngine engine = engine(); DurableWorker worker = worker()) {
      RunHandle<String> run = FanWorkflowClient.of(engine)
          .start(new FanRequest("remote", orders("a", "fatal", "c")));
      engine.tick();
      assertEquals(3, worker.tick());
      engine.tick();
      RunFailedException failed = assertThrows(RunFailedException.class, () -> run.await(WAIT));
      assertEquals("no_price_list", failed.code());

      engine.requeue(run.id());
      engine.tick();
      assertEquals(1, worker.tick(), "only the failed branch is dispatched again");
      engine.tick();

      assertEquals("a=7,fatal=14,c=21", run.await(WAIT));
      assertEquals(List.of(run.id() + "/0/1", run.id() + "/1/1", run.id() + "/1/1",
          run.id() + "/2/1"), served.stream().sorted().toList(),
          "the failed branch's attempt 1 again, under the same task id");
      assertEquals(List.of(1, 1, 1),
          run.status().steps().stream().map(StepInfo::attempts).toList());
    }
  }

  @Test
  void aGroupRunsALocalAndADispatchedStepTogether() {
    try (DurableEngine engine = engine(); DurableWorker worker = worker()) {
      engine.start();
      worker.start();
      RunHandle<String> run = FanWorkflowClient.of(engine)
          .start(new FanRequest("group", orders("gated-local", "remote")));

      Await.until("the worker answered while the local branch is still in its step",
          () -> gate.isEntered("gated-local") && served.size() == 1
              && db.queryLong("SELECT COUNT(*) FROM durable_tasks WHERE status = 'SUCCEEDED'")
                  == 1);
      gate.open("gated-local");

      assertEquals("gated-local=100,remote=14", run.await(WAIT));
    }
  }

  @Test
  void aPerCallRetryPolicyOverridesTheDeclaredOne() {
    script.failTimes("price:a", 3);
    try (DurableEngine engine = engine()) {
      RunHandle<String> run =
          FanWorkflowClient.of(engine).start(new FanRequest("override", orders("a")));
      engine.tick();

      assertEquals("a=100", run.await(WAIT), "4 attempts allowed where the step declares 2");
      assertEquals(4, run.status().steps().get(0).attempts());
    }
  }

  @Test
  void aPerCallRetryPolicyReachesEveryBranchOfAFan() {
    script.failTimes("price:b", 3);
    try (DurableEngine engine = engine()) {
      RunHandle<String> run =
          FanWorkflowClient.of(engine).start(new FanRequest("override-fan", orders("a", "b")));
      engine.tick();

      assertEquals("a=100,b=200", run.await(WAIT), "4 attempts allowed where the step declares 2");
      assertEquals(List.of(1, 4), run.status().steps().stream().map(StepInfo::attempts).toList());
    }
  }

  @Test
  void aPerCallRetryPolicyOverridesADispatchedStepsDeclaredOne() {
    try (DurableEngine engine = engine(); DurableWorker worker = worker()) {
      RunHandle<String> run = FanWorkflowClient.of(engine)
          .start(new FanRequest("override-remote", orders("flaky")));
      engine.tick();
      worker.tick();
      engine.tick();

      RunFailedException failed = assertThrows(RunFailedException.class, () -> run.await(WAIT));
      assertEquals("pricing service unavailable", failed.getMessage());
      assertEquals(1, run.status().steps().get(0).attempts(),
          "one attempt allowed by the call, where the step declares 3");
    }
  }

  @Test
  void aFanOfAStepWithALivenessWindowIsRefused() {
    try (DurableEngine engine = engine()) {
      RunHandle<String> run =
          FanWorkflowClient.of(engine).start(new FanRequest("watched", orders("a", "b")));
      engine.tick();

      RunFailedException failed = assertThrows(RunFailedException.class, () -> run.await(WAIT));
      assertTrue(failed.getMessage().startsWith("step 'pricing.watched' has a liveness window"
          + " (timeoutMs) and cannot be a branch of a fan or group"), failed.getMessage());
      assertEquals(0L, db.queryLong("SELECT COUNT(*) FROM durable_tasks"), "nothing queued");
    }
  }
}
