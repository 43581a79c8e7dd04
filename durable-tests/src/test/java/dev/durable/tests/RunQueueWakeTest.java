package dev.durable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.Queue;
import dev.durable.runtime.StartOptions;
import dev.durable.tests.workflows.EchoWorkflowClient;
import dev.durable.tests.workflows.EchoWorkflowDurable;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * A run queued through an engine that does not declare its queue wakes the engine that does at
 * once, even when that engine found the queue idle and would otherwise leave it alone until its
 * next poll interval: on H2 through the in-process signals of the engines of one process, on
 * PostgreSQL through those and the notification, which names the queue. The engines poll once an
 * hour, so a wake that depends on the poll fails the await, not a timing assertion.
 */
class RunQueueWakeTest extends OnEachStore {
  private static final Duration HOUR = Duration.ofHours(1);

  @Test
  void aRunQueuedThroughAnEngineThatDoesNotDeclareTheQueueStartsAtOnceOnOneThatDoes() {
    try (DurableEngine declaring = db.engine().engineId("declaring").pollInterval(HOUR)
            .register(new EchoWorkflowDurable(script))
            .queue(Queue.named("work").concurrency(1)).queue(Queue.named("warm").concurrency(1))
            .build();
        DurableEngine other = db.engine().engineId("other").pollInterval(HOUR).build()) {
      declaring.start();
      other.start();
      // a run of another queue: by the time it is admitted, the declaring engine's poll has found
      // the queue "work" idle, which it then leaves alone for a poll interval
      EchoWorkflowClient.of(declaring)
          .start(StartOptions.builder().queue("warm").runId("warm-up").build(), "warm")
          .await(WAIT);

      EchoWorkflowClient.of(other)
          .start(StartOptions.builder().queue("work").runId("queued").build(), "queued");
      String echoed = EchoWorkflowClient.of(declaring).get("queued").await(WAIT);

      assertEquals("queued", echoed);
    }
  }
}
