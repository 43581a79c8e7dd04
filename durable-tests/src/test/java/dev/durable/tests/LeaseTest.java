package dev.durable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.HistoryEvent;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.RunState;
import dev.durable.tests.support.Await;
import dev.durable.tests.support.CuttableDataSource;
import dev.durable.tests.support.Gate;
import dev.durable.tests.support.Script;
import dev.durable.tests.support.TestDatabase;
import dev.durable.tests.workflows.BlockingWorkflowClient;
import dev.durable.tests.workflows.BlockingWorkflowDurable;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Two engines on one database: when the engine executing a run loses the database, its lease
 * expires, the other engine takes the run over, and the first engine's late writes are fenced off.
 */
@ParameterizedClass
@MethodSource("dev.durable.tests.support.TestDatabase#all")
class LeaseTest {
  private static final Duration LEASE = Duration.ofSeconds(1);

  @Parameter TestDatabase.Kind kind;

  private TestDatabase db;
  private final Gate firstGate = new Gate();
  private final Script firstScript = new Script();
  private final Script secondScript = new Script();

  @BeforeEach
  void open() {
    db = kind.open();
  }

  @AfterEach
  void close() {
    firstGate.open();
    if (db != null) {
      db.close();
    }
  }

  @Test
  void aRunWhoseEngineWentAwayIsTakenOverAndTheOldOwnerCannotOverwriteIt() {
    CuttableDataSource firstDatabase = new CuttableDataSource(db.jdbcUrl());
    Gate secondGate = new Gate();
    secondGate.open();
    try (DurableEngine first = DurableEngine.builder().dataSource(firstDatabase).discover(false)
            .engineId("first").leaseDuration(LEASE)
            .register(new BlockingWorkflowDurable(firstScript, firstGate)).build();
        DurableEngine second = DurableEngine.builder().dataSource(
                new CuttableDataSource(db.jdbcUrl())).discover(false)
            .engineId("second").leaseDuration(LEASE)
            .register(new BlockingWorkflowDurable(secondScript, secondGate)).build()) {
      first.start();
      RunHandle<String> run = BlockingWorkflowClient.of(first).start();
      Await.until("the first engine executes the step", firstGate::isEntered);
      assertEquals("first", run.status().run().owner().orElseThrow());

      firstDatabase.cut();
      second.start();
      assertEquals("unblocked then after",
          BlockingWorkflowClient.of(second).get(run.id()).await(Duration.ofSeconds(20)));
      assertEquals(1, secondScript.executions("block"));
      assertEquals(1, secondScript.executions("after"));
      assertTrue(second.history(run.id()).stream().map(HistoryEvent::detail)
          .anyMatch(d -> d != null && d.contains("second took over from first")));

      firstDatabase.restore();
      firstGate.open();
      Await.until("the first engine gives up its stale turn",
          () -> first.getRunStatus(run.id()).steps().stream()
              .noneMatch(s -> s.status() == dev.durable.runtime.StepState.RUNNING));
      assertEquals(0, firstScript.executions("after"), "the stale owner went no further");
      assertEquals(RunState.COMPLETED, second.getRunStatus(run.id()).run().status());
      assertEquals("unblocked then after",
          BlockingWorkflowClient.of(second).get(run.id()).await(Duration.ofSeconds(1)));
      assertEquals(1, second.history(run.id()).stream()
          .filter(e -> e.type().equals("run.completed")).count());
    }
  }
}
