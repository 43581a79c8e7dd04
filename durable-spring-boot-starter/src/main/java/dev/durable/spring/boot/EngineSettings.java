package dev.durable.spring.boot;

import dev.durable.runtime.DurableEngine;

/** Applies the {@code durable.*} properties that are set to an engine's builder. */
final class EngineSettings {
  private final DurableProperties properties;

  EngineSettings(DurableProperties properties) {
    this.properties = properties;
  }

  void applyTo(DurableEngine.Builder builder) {
    if (properties.engineId() != null) {
      builder.engineId(properties.engineId());
    }
    if (properties.pollInterval() != null) {
      builder.pollInterval(properties.pollInterval());
    }
    if (properties.leaseDuration() != null) {
      builder.leaseDuration(properties.leaseDuration());
    }
    if (properties.maxConcurrentRuns() != null) {
      builder.maxConcurrentRuns(properties.maxConcurrentRuns());
    }
    builder.virtualThreads(properties.virtualThreads());
    if (properties.shutdownTimeout() != null) {
      builder.shutdownTimeout(properties.shutdownTimeout());
    }
    if (properties.retention() != null) {
      builder.retention(properties.retention());
    }
    if (properties.maxPayloadBytes() != null) {
      builder.maxPayloadBytes(properties.maxPayloadBytes());
    }
    if (properties.schema() != null) {
      builder.schema(properties.schema());
    }
    builder.migrate(properties.migrate()).pollOnly(properties.pollOnly());
    properties.queues().forEach((name, queue) -> builder.queue(queue.declaration(name)));
  }
}
