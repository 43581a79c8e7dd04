package dev.durable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.HistoryEvent;
import dev.durable.runtime.Queue;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.StartOptions;
import dev.durable.tests.support.Await;
import dev.durable.tests.support.CapturedLogs;
import dev.durable.tests.support.CuttableDataSource;
import dev.durable.tests.support.Gate;
import dev.durable.tests.workflows.BlockingWorkflowClient;
import dev.durable.tests.workflows.BlockingWorkflowDurable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.event.Level;

/**
 * A run queue through a database outage: while the database is away the engine's admissions
 * fail and are logged; when it is back, admission resumes where it stood, no queued run is lost
 * or admitted twice, and the queue's limit held throughout.
 */
class RunQueueOutageTest extends OnEachStore {
  private final Gate gate = new Gate();

  @AfterEach
  void openGates() {
    gate.openAll();
  }

  @Test
  void admissionResumesWhenTheDatabaseIsBackAndNoQueuedRunIsLostOrAdmittedTwice() {
    CuttableDataSource database = new CuttableDataSource(db.jdbcUrl());
    try (CapturedLogs.Capture logs = CapturedLogs.capture();
        DurableEngine engine = DurableEngine.builder().dataSource(database).discover(false)
            .engineId("through-an-outage").pollInterval(Duration.ofMillis(100))
            .register(new BlockingWorkflowDurable(script, gate))
            .queue(Queue.named("q").concurrency(1)).build()) {
      List<RunHandle<String>> runs = new ArrayList<>();
      for (int i = 0; i < 4; i++) {
        runs.add(BlockingWorkflowClient.of(engine).start(
            StartOptions.builder().queue("q").runId("outage-" + i).build(), "o-" + i));
      }
      engine.start();
      Await.until("the first run is admitted and runs", () -> gate.isEntered("o-0"));

      database.cut();
      Await.until("an admission failed on the outage and was logged", () -> logs.lines().stream()
          .anyMatch(line -> line.level() == Level.WARN
              && line.text().contains("cannot admit the runs of queue 'q'")));
      database.restore();

      for (int i = 0; i < 4; i++) {
        String key = "o-" + i;
        Await.until("run " + i + " is admitted and runs", () -> gate.isEntered(key));
        for (int later = i + 1; later < 4; later++) {
          assertTrue(!gate.isEntered("o-" + later), "o-" + later + " ran beside " + key
              + ", past the queue's limit of 1");
        }
        gate.open(key);
        assertEquals("unblocked " + key + " then after", runs.get(i).await(WAIT));
      }
      for (RunHandle<String> run : runs) {
        assertEquals(1, engine.history(run.id()).stream().map(HistoryEvent::type)
            .filter("run.admitted"::equals).count(), run.id() + " was admitted once");
      }
    }
  }
}
