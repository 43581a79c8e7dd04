package dev.durable.spring.boot;

import dev.durable.runtime.DurableEngine;
import org.springframework.context.SmartLifecycle;

/**
 * Starts the engine when the application context has been refreshed, and closes it when the
 * context closes, before the {@code DataSource} does: runs in flight get the engine's shutdown
 * timeout to finish, and the runs still leased are released for another engine. A closed engine
 * does not start again.
 */
final class DurableEngineLifecycle implements SmartLifecycle {
  private final DurableEngine engine;
  private final boolean autoStart;
  private volatile boolean running;

  DurableEngineLifecycle(DurableEngine engine, boolean autoStart) {
    this.engine = engine;
    this.autoStart = autoStart;
  }

  @Override
  public boolean isAutoStartup() {
    return autoStart;
  }

  @Override
  public void start() {
    engine.start();
    running = true;
  }

  @Override
  public void stop() {
    running = false;
    engine.close();
  }

  @Override
  public boolean isRunning() {
    return running;
  }

  @Override
  public int getPhase() {
    return DurableAutoConfiguration.ENGINE_PHASE;
  }
}
