package dev.durable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.HistoryEvent;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.StepInfo;
import dev.durable.tests.support.Await;
import dev.durable.tests.support.CuttableDataSource;
import dev.durable.tests.support.Gate;
import dev.durable.tests.support.Script;
import dev.durable.tests.workflows.FanRequest;
import dev.durable.tests.workflows.FanWorkflowClient;
import dev.durable.tests.workflows.FanWorkflowDurable;
import dev.durable.tests.workflows.Order;
import dev.durable.tests.workflows.PricingStepsDispatch;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Two engines on one database: the first loses the database in the middle of step attempts, its
 * lease ends unrenewed, and the second takes the run over. Every attempt the first may have had in
 * flight is recorded as such ({@code step.interrupted}, naming the first engine) and counted among
 * its step's attempts, before the second makes the next: a step retrying, and each branch of a
 * fan.
 */
class TakeoverTest extends OnEachStore {
  private static final Duration LEASE = Duration.ofSeconds(1);

  private final Script firstScript = new Script();
  private final Gate firstGate = new Gate();
  private final Script secondScript = new Script();
  private final Gate secondGate = new Gate();

  @AfterEach
  void openGates() {
    firstGate.openAll();
  }

  private DurableEngine first(CuttableDataSource database) {
    return DurableEngine.builder().dataSource(database).discover(false).engineId("first")
        .leaseDuration(LEASE)
        .register(new FanWorkflowDurable(new PricingStepsDispatch(), firstScript, firstGate))
        .build();
  }

  private DurableEngine second() {
    return db.engine().engineId("second").leaseDuration(LEASE)
        .pollInterval(Duration.ofMillis(100))
        .register(new FanWorkflowDurable(new PricingStepsDispatch(), secondScript, secondGate))
        .build();
  }

  @Test
  void theAttemptARetryingStepHadInFlightOnTheLostEngineCountsAndTheNextFollows() {
    CuttableDataSource database = new CuttableDataSource(db.jdbcUrl());
    firstScript.failTimes("price:gated-x", 2);
    secondGate.open("gated-x");
    try (DurableEngine first = first(database); DurableEngine second = second()) {
      first.start();
      RunHandle<String> run = FanWorkflowClient.of(first)
          .start(new FanRequest("override", List.of(new Order("gated-x", 1))));
      Await.until("the third attempt runs on the first engine",
          () -> firstGate.isEntered("gated-x"));

      database.cut();
      second.start();
      assertEquals("gated-x=100",
          FanWorkflowClient.of(second).get(run.id()).await(Duration.ofSeconds(20)));
      assertEquals(1, secondScript.executions("price:gated-x"));

      StepInfo price = second.getRunStatus(run.id()).steps().get(0);
      assertEquals(4, price.attempts(),
          "two failed, the third may have run on the lost engine, the fourth completed");
      assertEquals(List.of("step.retrying 1", "step.retrying 2", "step.interrupted 3",
              "step.completed 4"),
          second.history(run.id()).stream()
              .filter(e -> e.type().startsWith("step.") && !e.type().equals("step.started"))
              .map(e -> e.type() + " " + e.attempt()).toList());
      assertEquals("may have run on first, whose lease ended unrenewed; attempt 4 runs on second",
          interrupted(second, run.id()).get(0).detail());
      database.restore();
      firstGate.openAll(); // the first engine's turn ends: its late writes are fenced off
    }
  }

  @Test
  void eachBranchOfAFanInFlightOnTheLostEngineIsRecordedBeforeItRunsAgain() {
    CuttableDataSource database = new CuttableDataSource(db.jdbcUrl());
    secondGate.open("gated-a");
    secondGate.open("gated-b");
    try (DurableEngine first = first(database); DurableEngine second = second()) {
      first.start();
      RunHandle<String> run = FanWorkflowClient.of(first).start(new FanRequest("local",
          List.of(new Order("gated-a", 1), new Order("gated-b", 2))));
      Await.until("both branches run on the first engine",
          () -> firstGate.isEntered("gated-a") && firstGate.isEntered("gated-b"));

      database.cut();
      second.start();
      assertEquals("gated-a=100,gated-b=200",
          FanWorkflowClient.of(second).get(run.id()).await(Duration.ofSeconds(20)));

      List<HistoryEvent> interrupted = interrupted(second, run.id());
      assertEquals(2, interrupted.size(), interrupted.toString());
      for (HistoryEvent event : interrupted) {
        assertEquals(1, event.attempt());
        assertEquals("price", event.step().orElseThrow());
      }
      for (StepInfo branch : second.getRunStatus(run.id()).steps()) {
        assertEquals(2, branch.attempts(), branch.toString());
      }
      database.restore();
      firstGate.openAll(); // the first engine's turn ends: its late writes are fenced off
    }
  }

  private static List<HistoryEvent> interrupted(DurableEngine engine, String runId) {
    return engine.history(runId).stream().filter(e -> e.type().equals("step.interrupted"))
        .toList();
  }
}
