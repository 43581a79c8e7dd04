package dev.durable.spring.boot;

import dev.durable.dashboard.DurableDashboard;
import dev.durable.runtime.DurableEngine;
import java.util.Optional;
import org.springframework.context.SmartLifecycle;

/**
 * Serves the operator dashboard ({@code durable.dashboard.*}) while the application context runs;
 * it starts after the engine and stops before it.
 */
public final class DurableDashboardLifecycle implements SmartLifecycle {
  private final DurableEngine engine;
  private final DurableProperties.Dashboard properties;
  private volatile DurableDashboard dashboard;

  DurableDashboardLifecycle(DurableEngine engine, DurableProperties.Dashboard properties) {
    this.engine = engine;
    this.properties = properties;
  }

  /** The dashboard while it is served: its {@code url()} says where. */
  public Optional<DurableDashboard> dashboard() {
    return Optional.ofNullable(dashboard);
  }

  @Override
  public void start() {
    DurableDashboard.Builder builder =
        DurableDashboard.builder().engine(engine).port(properties.port()).host(properties.host());
    properties.tokenIfSet().ifPresent(builder::token);
    dashboard = builder.start();
  }

  @Override
  public void stop() {
    DurableDashboard served = dashboard;
    dashboard = null;
    if (served != null) {
      served.close();
    }
  }

  @Override
  public boolean isRunning() {
    return dashboard != null;
  }

  /** After the engine (whose phase is lower): started after it, stopped before it. */
  @Override
  public int getPhase() {
    return DEFAULT_PHASE;
  }
}
