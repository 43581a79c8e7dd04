package dev.durable.spring.boot;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.RunFilter;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the {@code durable} health indicator reports, apart from Spring Boot's types (which moved
 * between Boot 3 and 4): up when the engine was started and its store answers a query.
 */
final class DurableHealth {
  /** A health check's outcome: up or down, with details. */
  record Outcome(boolean up, Map<String, Object> details) {}

  private final DurableEngine engine;
  private final DurableEngineLifecycle lifecycle;

  DurableHealth(DurableEngine engine, DurableEngineLifecycle lifecycle) {
    this.engine = engine;
    this.lifecycle = lifecycle;
  }

  Outcome check() {
    Map<String, Object> details = new LinkedHashMap<>();
    details.put("engineId", engine.engineId());
    boolean running = lifecycle.isRunning();
    details.put("started", running);
    try {
      engine.listRuns(RunFilter.builder().limit(1).build());
      details.put("store", "reachable");
    } catch (RuntimeException e) {
      details.put("store", "unreachable: " + e.getMessage());
      return new Outcome(false, details);
    }
    return new Outcome(running, details);
  }
}
