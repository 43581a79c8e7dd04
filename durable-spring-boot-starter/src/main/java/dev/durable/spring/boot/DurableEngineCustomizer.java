package dev.durable.spring.boot;

import dev.durable.runtime.DurableEngine;

/**
 * Changes the builder of the auto-configured {@link DurableEngine} before it is built, after the
 * {@code durable.*} properties, the workflows and the meter registry were applied: declare one as
 * a bean to set what the properties do not cover (a {@code Clock}, an {@code ObjectMapper},
 * OpenTelemetry).
 */
@FunctionalInterface
public interface DurableEngineCustomizer {
  /** Changes {@code builder}. */
  void customize(DurableEngine.Builder builder);
}
