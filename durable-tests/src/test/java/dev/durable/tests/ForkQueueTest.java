package dev.durable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.Queue;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.RunInfo;
import dev.durable.runtime.RunState;
import dev.durable.runtime.StartOptions;
import dev.durable.tests.support.Await;
import dev.durable.tests.support.Gate;
import dev.durable.tests.workflows.BlockingWorkflowClient;
import dev.durable.tests.workflows.BlockingWorkflowDurable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A fork of a run started through a queue goes through that queue: {@code ENQUEUED}, with the
 * original's priority and partition key, until the queue admits it, so the queue's limits hold for
 * forks as for any start; it holds no deduplication id, so it never collides with the original's.
 */
class ForkQueueTest extends OnEachStore {
  private final Gate gate = new Gate();
  /** The runs between entering their blocking step and entering the step after it. */
  private final AtomicInteger inside = new AtomicInteger();
  private final AtomicInteger mostInside = new AtomicInteger();

  @AfterEach
  void openGates() {
    gate.openAll();
  }

  private DurableEngine engine() {
    script.onEnter("block",
        () -> mostInside.accumulateAndGet(inside.incrementAndGet(), Math::max));
    script.onEnter("after", inside::decrementAndGet);
    return db.engine().maxConcurrentRuns(8).pollInterval(Duration.ofMillis(200))
        .register(new BlockingWorkflowDurable(script, gate))
        .queue(Queue.named("one").concurrency(1)).build();
  }

  @Test
  void aForkOfAnEnqueuedRunWaitsForTheQueueAndTheQueuesConcurrencyHolds() {
    try (DurableEngine engine = engine()) {
      engine.start();
      BlockingWorkflowClient client = BlockingWorkflowClient.of(engine);
      List<RunHandle<String>> runs = new ArrayList<>();
      runs.add(client.start(StartOptions.builder().queue("one").runId("holder")
          .partitionKey("tenant-1").build(), "holder")); // the limit holds per partition key
      Await.until("the holder takes the queue's one slot", () -> gate.isEntered("holder"));
      List<String> keys = new ArrayList<>();
      for (int i = 0; i < 4; i++) {
        keys.add("w-" + i);
        runs.add(client.start(StartOptions.builder().queue("one").runId("w-" + i).priority(3)
            .partitionKey("tenant-1").deduplicationId("d-" + i).build(), "w-" + i));
      }

      for (int i = 0; i < 4; i++) {
        String fork = engine.fork("w-" + i, 0); // the original holds d-i: no collision
        RunInfo info = engine.getRunStatus(fork).run();
        assertEquals(RunState.ENQUEUED, info.status(), "the holder still holds the slot");
        assertEquals(Optional.of("one"), info.queue());
        assertEquals(3, info.priority());
        assertEquals(Optional.of("tenant-1"), info.partitionKey());
        runs.add(client.get(fork));
      }

      gate.open("holder");
      Set<String> opened = new HashSet<>();
      while (opened.size() < keys.size()) { // an original and its fork share their input's gate
        Await.until("the queue admits another run", () -> keys.stream()
            .anyMatch(key -> gate.isEntered(key) && !opened.contains(key)));
        keys.stream().filter(key -> gate.isEntered(key) && !opened.contains(key))
            .forEach(key -> {
              opened.add(key);
              gate.open(key);
            });
      }
      for (RunHandle<String> run : runs) {
        assertTrue(run.await(WAIT).startsWith("unblocked "));
      }
      assertEquals(1, mostInside.get(), "runs of queue 'one' executing at once");
      for (RunHandle<String> run : runs) {
        assertTrue(engine.history(run.id()).stream()
            .anyMatch(event -> event.type().equals("run.admitted")), run.id() + " was admitted");
      }
    }
  }
}
