package dev.durable.bench;

import dev.durable.runtime.DurableEngine;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.export.BatchSpanProcessor;
import java.util.concurrent.TimeUnit;

/**
 * What one engine of phase (k) reports to: nothing, a Micrometer registry, or a registry and the
 * OpenTelemetry SDK, set on the engine's builder as the guide tells users to
 * (docs/guide/17-running-the-engine.md, "Metrics and tracing"). Closing it shuts the SDK down,
 * which exports the spans still queued; close it after the engine.
 */
final class Observation implements AutoCloseable {
  /** The settings compared, "off" first: the others are measured against it. */
  enum Setting {
    OFF("off"),
    METRICS("Micrometer"),
    METRICS_AND_TRACING("Micrometer + OpenTelemetry");

    private final String label;

    Setting(String label) {
      this.label = label;
    }

    String label() {
      return label;
    }
  }

  private final Setting setting;
  private final SimpleMeterRegistry registry;
  private final DroppingSpanExporter exporter;
  private final OpenTelemetrySdk openTelemetry;
  private boolean closed;

  Observation(Setting setting) {
    this.setting = setting;
    this.registry = setting == Setting.OFF ? null : new SimpleMeterRegistry();
    if (setting == Setting.METRICS_AND_TRACING) {
      exporter = new DroppingSpanExporter();
      // the SDK's defaults: every span sampled, batches of up to 512 from a queue of 2,048
      openTelemetry = OpenTelemetrySdk.builder()
          .setTracerProvider(SdkTracerProvider.builder()
              .addSpanProcessor(BatchSpanProcessor.builder(exporter).build())
              .build())
          .build();
    } else {
      exporter = null;
      openTelemetry = null;
    }
  }

  Setting setting() {
    return setting;
  }

  /** The registry given to the engine; null when off. */
  Object meterRegistry() {
    return registry;
  }

  /** The OpenTelemetry given to the engine; null without tracing. */
  Object openTelemetry() {
    return openTelemetry;
  }

  /** Sets this observation's registry and OpenTelemetry, if any, on an engine's builder. */
  void configure(DurableEngine.Builder builder) {
    if (registry != null) {
      builder.meterRegistry(registry);
    }
    if (openTelemetry != null) {
      builder.openTelemetry(openTelemetry);
    }
  }

  /** Runs the registry counted as completed ({@code durable.runs.completed}); -1 without one. */
  long runsCompleted() {
    if (registry == null) {
      return -1;
    }
    return Math.round(registry.find("durable.runs.completed").counters().stream()
        .mapToDouble(Counter::count).sum());
  }

  /** Spans exported so far; -1 without tracing. All of them once this is closed. */
  long spansExported() {
    return exporter == null ? -1 : exporter.exported();
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    if (openTelemetry != null) {
      openTelemetry.getSdkTracerProvider().shutdown().join(30, TimeUnit.SECONDS);
    }
    if (registry != null) {
      registry.close();
    }
  }
}
