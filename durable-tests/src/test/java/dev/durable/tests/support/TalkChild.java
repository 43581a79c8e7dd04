package dev.durable.tests.support;

import dev.durable.runtime.DurableEngine;
import dev.durable.tests.workflows.TalkingWorkflowDurable;
import java.io.IOException;
import java.time.Duration;
import java.util.Map;

/**
 * The engine process of the events-and-streams test across processes, started by {@link
 * EngineProcess}: arguments {@code id=} and {@code url=}. It executes the talking workflow's runs,
 * prints {@link LoadChild#READY} and runs until it is killed or its input ends.
 */
public final class TalkChild {
  private TalkChild() {}

  public static void main(String[] args) throws IOException {
    Map<String, String> options = LoadChild.options(args);
    try (DurableEngine engine = DurableEngine.builder()
        .jdbcUrl(options.get("url"))
        .discover(false)
        .engineId(options.get("id"))
        .pollInterval(Duration.ofMillis(200))
        .register(new TalkingWorkflowDurable())
        .build()) {
      engine.start();
      System.out.println(LoadChild.READY + " " + options.get("id"));
      System.out.flush();
      while (System.in.read() != -1) {
        // nothing is sent: runs until killed, or until the test JVM that reads it is gone
      }
    }
  }
}
