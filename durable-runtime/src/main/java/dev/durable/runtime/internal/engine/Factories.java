package dev.durable.runtime.internal.engine;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.DurableWorker;
import dev.durable.runtime.EngineConfig;
import dev.durable.runtime.WorkerConfig;
import dev.durable.runtime.spi.DurableWorkflow;
import dev.durable.runtime.spi.RunReplays;
import java.util.List;

/**
 * The way in from the public API: the factories that {@code DurableEngine.builder()}, {@code
 * DurableWorker.builder()} and {@link RunReplays#open} find with {@link java.util.ServiceLoader},
 * registered under {@code META-INF/services}. The public package names nothing of this one.
 */
public final class Factories
    implements DurableEngine.Factory, DurableWorker.Factory, RunReplays.Factory {

  /** For {@link java.util.ServiceLoader}, which needs a public no-argument constructor. */
  public Factories() {}

  @Override
  public DurableEngine create(EngineConfig config) {
    return Engines.create(config);
  }

  @Override
  public DurableWorker create(WorkerConfig config) {
    return Workers.create(config);
  }

  @Override
  public RunReplays open(List<DurableWorkflow<?>> workflows, ObjectMapper mapper) {
    return new Replays(workflows, mapper);
  }
}
