package dev.durable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.HistoryEvent;
import dev.durable.runtime.Queue;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.RunState;
import dev.durable.tests.support.Await;
import dev.durable.tests.support.CapturedLogs;
import dev.durable.tests.support.EngineProcess;
import dev.durable.tests.support.Gate;
import dev.durable.tests.support.SlotChild;
import dev.durable.tests.support.TestDatabase;
import dev.durable.tests.workflows.QueueWorkflow;
import dev.durable.tests.workflows.QueueWorkflowClient;
import dev.durable.tests.workflows.QueueWorkflowDurable;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Step attempts' queues across engines: {@code @Step(queue = "carrier")} attempts take the slots
 * and rate permits of {@code Queue.named("carrier")} kept in the database, so that two engines
 * sharing it keep its limits together. What ran is read from the probe in the step's body and the
 * store's events, not from timings.
 */
class SharedStepQueueTest extends OnEachStore {
  private final Gate gate = new Gate();

  @AfterEach
  void openGates() {
    gate.openAll();
  }

  private DurableEngine.Builder engine(String engineId, QueueWorkflow.Probe probe, Queue queue) {
    return db.engine().engineId(engineId).maxConcurrentRuns(4)
        .pollInterval(Duration.ofMillis(100))
        .register(new QueueWorkflowDurable(script, gate, probe)).queue(queue);
  }

  @Test
  void twoEnginesSharingAStepQueueNeverExceedItsConcurrencyTogether() {
    QueueWorkflow.Probe probe = new QueueWorkflow.Probe(2); // the first two wait for each other
    Queue carrier = Queue.named("carrier").concurrency(2);
    try (DurableEngine a = engine("engine-a", probe, carrier).build();
        DurableEngine b = engine("engine-b", probe, carrier).build()) {
      List<RunHandle<String>> runs = new ArrayList<>();
      for (int i = 0; i < 12; i++) {
        runs.add(QueueWorkflowClient.of(i % 2 == 0 ? a : b).start(List.of("order-" + i)));
      }
      // a fan's branches wait for slots in process
      RunHandle<String> fanA = QueueWorkflowClient.of(a).start(List.of("fa-1", "fa-2", "fa-3"));
      RunHandle<String> fanB = QueueWorkflowClient.of(b).start(List.of("fb-1", "fb-2", "fb-3"));
      a.start();
      b.start();
      for (int i = 0; i < runs.size(); i++) {
        assertEquals("booked order-" + i, runs.get(i).await(Duration.ofSeconds(60)));
      }
      assertEquals("booked fa-1,booked fa-2,booked fa-3", fanA.await(Duration.ofSeconds(60)));
      assertEquals("booked fb-1,booked fb-2,booked fb-3", fanB.await(Duration.ofSeconds(60)));
      assertEquals(2, probe.most(), "two attempts at once across both engines, never more");
      assertEquals(List.of(), db.query(
          "SELECT slot FROM durable_queue_slots WHERE held_by IS NOT NULL"), "all given back");
    }
  }

  @Test
  void aRateLimitHoldsAcrossTwoEngines() {
    QueueWorkflow.Probe probe = new QueueWorkflow.Probe(0);
    Duration period = Duration.ofMinutes(1);
    Queue carrier = Queue.named("carrier").rateLimit(2, period);
    // both engines on the test clock, which stands still: a run parked for a permit waits for it
    try (DurableEngine a = engine("engine-a", probe, carrier).clock(clock).build();
        DurableEngine b = engine("engine-b", probe, carrier).clock(clock).build()) {
      List<RunHandle<String>> runs = new ArrayList<>();
      for (int i = 0; i < 6; i++) {
        runs.add(QueueWorkflowClient.of(i % 2 == 0 ? a : b).start(List.of("order-" + i)));
      }
      a.start();
      b.start();
      for (int round = 1; round <= 3; round++) {
        settle(a, runs);
        assertEquals(2 * round, completed(a, runs), "2 attempts per period in round " + round);
        clock.advance(period);
      }
      // each period of the rate limit saw at most its 2 attempts start, across both engines
      List<Instant> started = new ArrayList<>();
      for (RunHandle<String> run : runs) {
        a.history(run.id()).stream()
            .filter(e -> e.type().equals("step.started")).map(HistoryEvent::at)
            .forEach(started::add);
      }
      started.sort(null);
      assertEquals(6, started.size());
      for (int i = 0; i + 2 < started.size(); i++) {
        assertFalse(started.get(i + 2).isBefore(started.get(i).plus(period)),
            "three attempts within one period: " + started);
      }
    }
  }

  @Test
  void aSlotHeldByAnEngineKilledMidAttemptComesBackWhenItsLeaseEnds() {
    assumeTrue(kind == TestDatabase.Kind.POSTGRESQL,
        "an engine in another JVM needs a database it can reach; the in-memory H2 is not");
    Queue carrier = Queue.named("carrier").concurrency(1);
    QueueWorkflow.Probe probe = new QueueWorkflow.Probe(0);
    gate.open("gated-held"); // the killed engine's run, should this engine take it over
    try (EngineProcess child = EngineProcess.start(SlotChild.class, "slot-child",
        List.of("url=" + db.jdbcUrl(), "lease=1000", "run=held"))) {
      child.awaitReady(Duration.ofSeconds(60));
      Await.until("the child's attempt holds the queue's one slot", Duration.ofSeconds(30),
          () -> db.query("SELECT holder FROM durable_queue_slots WHERE queue_name = 'carrier'")
              .equals(List.of(List.of("slot-child"))));
      child.kill();

      try (DurableEngine engine = engine("engine-a", probe, carrier).leaseDuration(
          Duration.ofSeconds(1)).build()) {
        engine.start();
        RunHandle<String> mine =
            QueueWorkflowClient.of(engine).start("mine", List.of("order-mine"));
        assertEquals("booked order-mine", mine.await(Duration.ofSeconds(60)),
            "the slot the killed engine held came back when its lease ended");
        assertEquals("booked gated-held", QueueWorkflowClient.of(engine).get("held")
            .await(Duration.ofSeconds(60)), "and its run was taken over");
        assertEquals(1, probe.most());
      }
    }
  }

  @Test
  void aStepNamingAQueueDeclaredWithoutAnyLimitIsWarnedAboutNotOneLimitedAcrossEngines() {
    QueueWorkflow.Probe probe = new QueueWorkflow.Probe(0);
    String warning = "names queue 'carrier', which this engine declares without a limit";
    try (CapturedLogs.Capture logs = CapturedLogs.capture()) {
      try (DurableEngine engine = engine("engine-a", probe, Queue.named("carrier").concurrency(1))
          .clock(clock).build()) {
        engine.start();
        assertEquals("booked order-1",
            QueueWorkflowClient.of(engine).start(List.of("order-1")).await(WAIT));
      }
      assertTrue(logs.lines().stream().noneMatch(line -> line.text().contains(warning)),
          "the limit across engines applies: " + logs.lines());
      try (DurableEngine engine = engine("engine-b", probe, Queue.named("carrier"))
          .clock(clock).build()) {
        engine.start();
        assertEquals("booked order-2",
            QueueWorkflowClient.of(engine).start(List.of("order-2")).await(WAIT));
      }
      assertTrue(logs.lines().stream().anyMatch(line -> line.text().contains(warning)),
          logs.lines().toString());
    }
  }

  /** Waits until every run has completed or is parked, sleeping until a later time. */
  private void settle(DurableEngine engine, List<RunHandle<String>> runs) {
    Await.until("every run completed or parked", Duration.ofSeconds(30), () -> runs.stream()
        .map(run -> engine.getRunStatus(run.id()).run())
        .allMatch(info -> info.status() == RunState.COMPLETED
            || info.status() == RunState.SLEEPING && info.wakeAt().isAfter(clock.instant())));
  }

  private long completed(DurableEngine engine, List<RunHandle<String>> runs) {
    return runs.stream().map(run -> engine.getRunStatus(run.id()).run())
        .filter(info -> info.status() == RunState.COMPLETED).count();
  }
}
