package dev.durable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.HistoryEvent;
import dev.durable.runtime.RunHandle;
import dev.durable.tests.support.TestDatabase;
import dev.durable.tests.workflows.LedgerWorkflowClient;
import dev.durable.tests.workflows.LedgerWorkflowDurable;
import java.time.Duration;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Several engines on one database, and what each run may rely on while they share it. */
class MultiEngineTest extends OnEachStore {

  @Test
  void noRunProceedsPastAStepBeforeItsCheckpointIsDurable() {
    try (DurableEngine engine = db.engine().maxConcurrentRuns(8)
        .register(new LedgerWorkflowDurable(db.jdbcUrl())).build()) {
      engine.start();
      List<RunHandle<String>> runs = IntStream.range(0, 40)
          .mapToObj(i -> LedgerWorkflowClient.of(engine).start(i))
          .toList();
      for (int i = 0; i < runs.size(); i++) {
        assertEquals("settled " + i + "/" + i, runs.get(i).await(WAIT));
      }
    }
  }

  @Test
  void aRunStartedThroughOneEngineBeginsAtOnceOnAnother() {
    assumeTrue(kind == TestDatabase.Kind.POSTGRESQL,
        "engines in separate processes share only PostgreSQL; H2 is embedded in one process");
    try (DurableEngine client = db.engine().build();
        DurableEngine worker = db.engine().engineId("worker")
            .pollInterval(Duration.ofHours(1))
            .register(new LedgerWorkflowDurable(db.jdbcUrl())).build()) {
      worker.start();
      RunHandle<String> run = LedgerWorkflowClient.of(client).start(7);
      // the worker polls once an hour: only the notification can make it start the run now
      assertEquals("settled 7/7", run.await(WAIT));
      assertEquals("worker", client.history(run.id()).stream()
          .filter(e -> e.type().equals("run.claimed"))
          .map(HistoryEvent::detail).findFirst().orElseThrow());
    }
  }
}
