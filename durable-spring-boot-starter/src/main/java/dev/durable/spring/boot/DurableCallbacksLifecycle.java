package dev.durable.spring.boot;

import dev.durable.dashboard.SignalCallbacks;
import dev.durable.runtime.DurableEngine;
import java.util.Optional;
import org.springframework.context.SmartLifecycle;

/**
 * Serves signal tokens over HTTP ({@code durable.callbacks.*}) while the application context runs;
 * it starts after the engine and stops before it.
 */
public final class DurableCallbacksLifecycle implements SmartLifecycle {
  private final DurableEngine engine;
  private final DurableProperties.Callbacks properties;
  private volatile SignalCallbacks callbacks;

  DurableCallbacksLifecycle(DurableEngine engine, DurableProperties.Callbacks properties) {
    this.engine = engine;
    this.properties = properties;
  }

  /** The callbacks while they are served: their {@code url()} says where. */
  public Optional<SignalCallbacks> callbacks() {
    return Optional.ofNullable(callbacks);
  }

  @Override
  public void start() {
    callbacks = SignalCallbacks.builder().engine(engine).port(properties.port())
        .host(properties.host()).start();
  }

  @Override
  public void stop() {
    SignalCallbacks served = callbacks;
    callbacks = null;
    if (served != null) {
      served.close();
    }
  }

  @Override
  public boolean isRunning() {
    return callbacks != null;
  }

  /** After the engine (whose phase is lower): started after it, stopped before it. */
  @Override
  public int getPhase() {
    return DEFAULT_PHASE;
  }
}
