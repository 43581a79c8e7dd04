package dev.durable.tests.support;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.Queue;
import dev.durable.runtime.StartOptions;
import dev.durable.tests.workflows.BlockingWorkflowClient;
import dev.durable.tests.workflows.BlockingWorkflowDurable;
import java.io.IOException;
import java.time.Duration;
import java.util.Map;

/**
 * The engine process of the run-queue crash test, started by {@link EngineProcess}: arguments
 * {@code id=}, {@code url=}, {@code lease=} (milliseconds) and {@code run=}. It declares run queue
 * "reports" with concurrency 1 across engines, starts run {@code run} of the blocking workflow
 * through it (gate {@code gated-<run>}, which never opens here), prints {@link LoadChild#READY}
 * and runs until it is killed: the run, once admitted here, holds the queue's one slot.
 */
public final class RunQueueChild {
  private RunQueueChild() {}

  public static void main(String[] args) throws IOException {
    Map<String, String> options = LoadChild.options(args);
    DurableEngine engine = DurableEngine.builder()
        .jdbcUrl(options.get("url"))
        .discover(false)
        .engineId(options.get("id"))
        .leaseDuration(Duration.ofMillis(Long.parseLong(options.get("lease"))))
        .pollInterval(Duration.ofMillis(100))
        .register(new BlockingWorkflowDurable(new Script(), new Gate()))
        .queue(Queue.named("reports").concurrency(1))
        .build();
    engine.start();
    String run = options.get("run");
    BlockingWorkflowClient.of(engine).start(
        StartOptions.builder().queue("reports").runId(run).build(), "gated-" + run);
    System.out.println(LoadChild.READY + " " + options.get("id"));
    System.out.flush();
    while (System.in.read() != -1) {
      // nothing is sent: runs until killed, or until the test JVM that reads it is gone
    }
    System.exit(3);
  }
}
