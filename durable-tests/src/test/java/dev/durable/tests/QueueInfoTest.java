package dev.durable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.Queue;
import dev.durable.runtime.QueueInfo;
import dev.durable.runtime.RunFilter;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.RunInfo;
import dev.durable.runtime.StartOptions;
import dev.durable.tests.support.Await;
import dev.durable.tests.support.Gate;
import dev.durable.tests.workflows.BlockingWorkflowClient;
import dev.durable.tests.workflows.BlockingWorkflowDurable;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The operators' view of the queues of runs ({@link DurableEngine#queues()}): every queue declared
 * and every queue runs were started through, with the declaration as stored, the runs waiting,
 * the runs admitted and not ended, and when the oldest waiting run was started.
 */
class QueueInfoTest extends OnEachStore {
  private static final Queue REPORTS =
      Queue.named("reports").concurrency(1).perEngine(3).rateLimit(10, Duration.ofSeconds(2));
  private final Gate gate = new Gate();

  @AfterEach
  void openGates() {
    gate.openAll();
  }

  private static QueueInfo queue(DurableEngine engine, String name) {
    return engine.queues().stream().filter(q -> q.name().equals(name)).findFirst()
        .orElseThrow(() -> new AssertionError("no queue " + name + " in " + engine.queues()));
  }

  @Test
  void aQueueShowsItsDeclarationItsDepthItsRunningRunsAndItsOldestWaitingRun() {
    try (DurableEngine engine = db.engine().engineId("engine-a").maxConcurrentRuns(4)
        .pollInterval(Duration.ofMillis(100))
        .register(new BlockingWorkflowDurable(script, gate)).queue(REPORTS)
        .queue(Queue.named("idle").concurrency(2)).build()) {
      QueueInfo idle = queue(engine, "idle");
      assertEquals(Optional.of(Queue.named("idle").concurrency(2)), idle.declaration());
      assertEquals(Optional.of("engine-a"), idle.declaredBy());
      assertEquals(0, idle.depth());
      assertEquals(0, idle.running());
      assertEquals(Optional.empty(), idle.oldestWaitingAt());

      List<RunHandle<String>> runs = List.of(
          BlockingWorkflowClient.of(engine).start(
              StartOptions.builder().queue("reports").runId("r-0").build(), "k-0"),
          BlockingWorkflowClient.of(engine).start(
              StartOptions.builder().queue("reports").runId("r-1").build(), "k-1"),
          BlockingWorkflowClient.of(engine).start(
              StartOptions.builder().queue("reports").runId("r-2").build(), "k-2"));
      BlockingWorkflowClient.of(engine).start(
          StartOptions.builder().queue("nobody-serves").runId("orphan").build(), "k-orphan");

      QueueInfo waiting = queue(engine, "reports");
      assertEquals(Optional.of(REPORTS), waiting.declaration(), "the limits as stored");
      assertEquals(3, waiting.depth());
      assertEquals(0, waiting.running());
      assertEquals(Optional.of(created(engine, "r-0")), waiting.oldestWaitingAt());
      QueueInfo orphan = queue(engine, "nobody-serves");
      assertEquals(Optional.empty(), orphan.declaration(), "no engine declared it");
      assertEquals(Optional.empty(), orphan.declaredBy());
      assertEquals(1, orphan.depth());
      assertEquals(List.of("idle", "nobody-serves", "reports"),
          engine.queues().stream().map(QueueInfo::name).toList(), "by name");

      engine.start();
      Await.until("the queue admits one run", () -> gate.isEntered("k-0"));
      QueueInfo admitted = queue(engine, "reports");
      assertEquals(2, admitted.depth());
      assertEquals(1, admitted.running(), "its concurrency is 1");
      assertEquals(Optional.of(created(engine, "r-1")), admitted.oldestWaitingAt());

      List.of("k-0", "k-1", "k-2").forEach(gate::open);
      for (RunHandle<String> run : runs) {
        run.await(WAIT);
      }
      QueueInfo drained = queue(engine, "reports");
      assertEquals(0, drained.depth());
      assertEquals(0, drained.running());
      assertTrue(drained.oldestWaitingAt().isEmpty());
      assertEquals(1, queue(engine, "nobody-serves").depth(), "nothing admits it");
    }
  }

  private static Instant created(DurableEngine engine, String runId) {
    return engine.listRuns(RunFilter.builder().build()).stream()
        .filter(r -> r.id().equals(runId)).map(RunInfo::createdAt).findFirst().orElseThrow();
  }
}
