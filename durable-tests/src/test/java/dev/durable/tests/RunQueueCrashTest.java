package dev.durable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.HistoryEvent;
import dev.durable.runtime.Queue;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.StartOptions;
import dev.durable.tests.support.Await;
import dev.durable.tests.support.EngineProcess;
import dev.durable.tests.support.Gate;
import dev.durable.tests.support.RunQueueChild;
import dev.durable.tests.support.TestDatabase;
import dev.durable.tests.workflows.BlockingWorkflowClient;
import dev.durable.tests.workflows.BlockingWorkflowDurable;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * An engine killed -9 while a run it admitted through a queue runs: the run keeps the queue's
 * slot, since a slot is the run's, not the engine's; another engine takes the run over when its
 * lease ends and finishes it, and only then admits the next run. Nothing is admitted twice.
 */
class RunQueueCrashTest extends OnEachStore {
  private final Gate gate = new Gate();

  @AfterEach
  void openGates() {
    gate.openAll();
  }

  @Test
  void aRunAdmittedByAKilledEngineKeepsItsSlotUntilAnotherEngineFinishesIt() {
    assumeTrue(kind == TestDatabase.Kind.POSTGRESQL,
        "an engine in another JVM needs a database it can reach; the in-memory H2 is not");
    gate.open("gated-held"); // the killed engine's run, once this engine takes it over
    gate.open("gated-mine");
    try (EngineProcess child = EngineProcess.start(RunQueueChild.class, "queue-child",
        List.of("url=" + db.jdbcUrl(), "lease=1000", "run=held"))) {
      child.awaitReady(Duration.ofSeconds(60));
      Await.until("the child admitted its run and runs it", Duration.ofSeconds(30),
          () -> db.query("SELECT status, lease_owner FROM durable_runs WHERE run_id = 'held'")
              .equals(List.of(List.of("RUNNING", "queue-child"))));
      child.kill();

      try (DurableEngine engine = db.engine().engineId("engine-a")
          .leaseDuration(Duration.ofSeconds(1)).pollInterval(Duration.ofMillis(100))
          .register(new BlockingWorkflowDurable(script, gate))
          .queue(Queue.named("reports").concurrency(1)).build()) {
        engine.start();
        RunHandle<String> mine = BlockingWorkflowClient.of(engine).start(
            StartOptions.builder().queue("reports").runId("mine").build(), "gated-mine");
        assertEquals("unblocked gated-mine then after", mine.await(Duration.ofSeconds(60)));
        assertEquals("unblocked gated-held then after",
            BlockingWorkflowClient.of(engine).get("held").await(Duration.ofSeconds(60)),
            "the killed engine's run was taken over and finished");

        Instant heldEnded = at(engine, "held", "run.completed");
        Instant mineAdmitted = at(engine, "mine", "run.admitted");
        assertFalse(mineAdmitted.isBefore(heldEnded), "the next run was admitted at "
            + mineAdmitted + ", before the killed engine's run, which held the one slot, ended at "
            + heldEnded);
        for (String run : List.of("held", "mine")) {
          assertEquals(1, engine.history(run).stream().map(HistoryEvent::type)
              .filter("run.admitted"::equals).count(), run + " was admitted once");
        }
      }
    }
  }

  private static Instant at(DurableEngine engine, String runId, String type) {
    return engine.history(runId).stream().filter(e -> e.type().equals(type))
        .map(HistoryEvent::at).findFirst()
        .orElseThrow(() -> new AssertionError("run " + runId + " has no " + type + " event"));
  }
}
