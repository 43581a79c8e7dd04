package dev.durable.tests.support;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.Queue;
import dev.durable.tests.workflows.QueueWorkflow;
import dev.durable.tests.workflows.QueueWorkflowClient;
import dev.durable.tests.workflows.QueueWorkflowDurable;
import java.io.IOException;
import java.time.Duration;
import java.util.List;

/**
 * The engine process of the slot crash test, started by {@link EngineProcess}: arguments {@code
 * id=}, {@code url=}, {@code lease=} (milliseconds) and {@code run=}. It declares queue "carrier"
 * with concurrency 1 across engines, starts run {@code run} of {@link QueueWorkflow} booking
 * {@code gated-<run>}, whose step takes the queue's slot and waits at a gate that never opens here,
 * prints {@link LoadChild#READY} and runs until it is killed.
 */
public final class SlotChild {
  private SlotChild() {}

  public static void main(String[] args) throws IOException {
    java.util.Map<String, String> options = LoadChild.options(args);
    DurableEngine engine = DurableEngine.builder()
        .jdbcUrl(options.get("url"))
        .discover(false)
        .engineId(options.get("id"))
        .leaseDuration(Duration.ofMillis(Long.parseLong(options.get("lease"))))
        .pollInterval(Duration.ofMillis(100))
        .register(new QueueWorkflowDurable(new Script(), new Gate(), new QueueWorkflow.Probe(0)))
        .queue(Queue.named("carrier").concurrency(1))
        .build();
    engine.start();
    String run = options.get("run");
    QueueWorkflowClient.of(engine).start(run, List.of("gated-" + run));
    System.out.println(LoadChild.READY + " " + options.get("id"));
    System.out.flush();
    while (System.in.read() != -1) {
      // nothing is sent: runs until killed, or until the test JVM that reads it is gone
    }
    System.exit(3);
  }
}
