package dev.durable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.HistoryEvent;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.RunState;
import dev.durable.runtime.StepState;
import dev.durable.tests.support.Await;
import dev.durable.tests.support.Gate;
import dev.durable.tests.workflows.DiscoveredWorkflowClient;
import dev.durable.tests.workflows.DiscoveredWorkflowDurable;
import dev.durable.tests.workflows.QueueWorkflow;
import dev.durable.tests.workflows.QueueWorkflowClient;
import dev.durable.tests.workflows.QueueWorkflowDurable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Flow-control queues: an engine admits at most the configured number of attempts of the steps
 * of a queue at once; a run that finds its queue full waits without an engine slot; a step waiting
 * out its backoff holds no queue slot, and its retry is admitted again.
 */
class QueueTest extends OnEachStore {
  private final Gate gate = new Gate();
  private QueueWorkflow.Probe probe = new QueueWorkflow.Probe(0);

  @AfterEach
  void openGates() {
    gate.openAll();
  }

  /** An engine whose queue "carrier" has {@code carrierSlots}, and a probe that fills them. */
  private DurableEngine engine(int carrierSlots, int engineSlots) {
    probe = new QueueWorkflow.Probe(carrierSlots);
    return db.engine().clock(clock)
        .register(new QueueWorkflowDurable(script, gate, probe))
        .register(new DiscoveredWorkflowDurable())
        .queue("carrier", carrierSlots)
        .maxConcurrentRuns(engineSlots)
        .build();
  }

  private long queuedEvents(DurableEngine engine, RunHandle<?> run) {
    return engine.history(run.id()).stream().filter(e -> e.type().equals("step.queued")).count();
  }

  @Test
  void underLoadAtMostTheQueuesConcurrencyRunsAtOnceAndEveryRunCompletes() {
    try (DurableEngine engine = engine(3, 8)) {
      List<RunHandle<String>> runs = new ArrayList<>();
      for (int i = 0; i < 60; i++) {
        runs.add(QueueWorkflowClient.of(engine).start(List.of("order-" + i)));
      }
      engine.start(); // claims 8 runs at once, for 3 slots: whatever the threads' timing
      for (int i = 0; i < 60; i++) {
        assertEquals("booked order-" + i, runs.get(i).await(Duration.ofSeconds(60)));
      }

      assertEquals(3, probe.most(), "the queue's three slots were used, and never more");
      assertEquals(60, IntStream.range(0, 60)
          .filter(i -> script.executions("book:order-" + i) == 1).count(),
          "each step ran once: waiting for a slot is not an attempt");
      assertTrue(runs.stream().mapToLong(run -> queuedEvents(engine, run)).sum() > 0,
          "with 8 engine slots and 3 queue slots, runs waited for the queue");
    }
  }

  @Test
  void runsWaitingForTheQueueHoldNoEngineSlot() {
    try (DurableEngine engine = engine(2, 3)) {
      engine.start();
      RunHandle<String> first = QueueWorkflowClient.of(engine).start(List.of("gated-1"));
      RunHandle<String> second = QueueWorkflowClient.of(engine).start(List.of("gated-2"));
      Await.until("both queue slots are taken",
          () -> gate.isEntered("gated-1") && gate.isEntered("gated-2"));
      List<RunHandle<String>> waiting = new ArrayList<>();
      for (int i = 0; i < 5; i++) {
        waiting.add(QueueWorkflowClient.of(engine).start(List.of("waiting-" + i)));
      }
      Await.until("the five runs wait for the queue, asleep",
          () -> waiting.stream().allMatch(run -> run.status().run().status() == RunState.SLEEPING
              && queuedEvents(engine, run) > 0));

      assertEquals("hello engine", DiscoveredWorkflowClient.of(engine).start("engine")
          .await(WAIT), "the engine's third slot is free for other work");
      assertEquals(0, script.executions("book:waiting-0"));

      gate.open("gated-1");
      gate.open("gated-2");
      assertEquals("booked gated-1", first.await(WAIT));
      assertEquals("booked gated-2", second.await(WAIT));
      for (int i = 0; i < 5; i++) {
        assertEquals("booked waiting-" + i, waiting.get(i).await(WAIT),
            "a freed slot wakes the runs waiting for it");
      }
      assertEquals(2, probe.most());
    }
  }

  @Test
  void aStepWaitingOutItsBackoffHoldsNoSlotAndItsRetryIsAdmittedAgain() {
    script.failTimes("book:flaky", 1);
    try (DurableEngine engine = engine(1, 4)) {
      engine.start();
      RunHandle<String> flaky = QueueWorkflowClient.of(engine).start(List.of("flaky"));
      Await.until("the failed attempt waits out its backoff",
          () -> flaky.status().run().status() == RunState.SLEEPING
              && !flaky.status().steps().isEmpty()
              && flaky.status().steps().get(0).status() == StepState.RETRYING);

      RunHandle<String> other = QueueWorkflowClient.of(engine).start(List.of("gated-other"));
      Await.until("the other run takes the only slot meanwhile",
          () -> gate.isEntered("gated-other"));
      clock.advance(Duration.ofSeconds(1));
      Await.until("the retry waits for the slot",
          () -> queuedEvents(engine, flaky) == 1
              && flaky.status().run().status() == RunState.SLEEPING);
      assertEquals(1L, script.executions("book:flaky"), "not retried while the slot is held");

      gate.open("gated-other");
      assertEquals("booked gated-other", other.await(WAIT));
      assertEquals("booked flaky", flaky.await(WAIT));
      assertEquals(List.of("book:flaky", "book:gated-other", "book:flaky"),
          script.recorder().entries());
      assertEquals(2, flaky.status().steps().get(0).attempts());
      assertEquals(1, probe.most());
    }
  }

  @Test
  void branchesOfAFanWaitForTheQueueInProcess() {
    try (DurableEngine engine = engine(2, 4)) {
      RunHandle<String> run = QueueWorkflowClient.of(engine)
          .start(List.of("a", "b", "c", "d", "e", "f"));
      assertEquals(1, engine.tick());

      assertEquals("booked a,booked b,booked c,booked d,booked e,booked f", run.await(WAIT));
      assertEquals(2, probe.most(), "six branches, two at a time");
      List<HistoryEvent> history = engine.history(run.id());
      assertTrue(history.stream().noneMatch(e -> e.type().equals("step.queued")),
          "branches wait in process, without parking the run");
    }
  }
}
