package dev.durable.runtime.internal.engine;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.DurableStore;
import dev.durable.runtime.DurableWorker;
import dev.durable.runtime.EngineConfig;
import dev.durable.runtime.Parallel;
import dev.durable.runtime.Retry;
import dev.durable.runtime.RetryPolicy;
import dev.durable.runtime.WorkerConfig;
import dev.durable.runtime.internal.store.Store;
import dev.durable.runtime.internal.turn.BranchCalls;
import dev.durable.runtime.internal.turn.Replays;
import dev.durable.runtime.internal.turn.RetryOverrides;
import dev.durable.runtime.internal.worker.Workers;
import dev.durable.runtime.spi.DurableWorkflow;
import dev.durable.runtime.spi.RunReplays;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import javax.sql.DataSource;

/**
 * The way in from the public API: what {@code DurableEngine.builder()}, {@code
 * DurableWorker.builder()}, {@code DurableStore.migrate}, {@code Parallel}, {@code Retry} and
 * {@link RunReplays#open} find with {@link java.util.ServiceLoader}, registered under {@code
 * META-INF/services}. The public packages name nothing of this one.
 */
public final class Factories implements DurableEngine.Factory, DurableWorker.Factory,
    DurableStore.Migrator, Parallel.Runner, Retry.Runner, RunReplays.Factory {

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
  public String migrate(DataSource dataSource, Optional<String> schema) {
    return Store.migrate(dataSource, schema);
  }

  @Override
  public <R> List<R> run(List<? extends Supplier<? extends R>> branches) {
    return BranchCalls.run(branches);
  }

  @Override
  public <R> R with(RetryPolicy policy, Supplier<R> call) {
    return RetryOverrides.with(policy, call);
  }

  @Override
  public RunReplays open(List<DurableWorkflow<?>> workflows, ObjectMapper mapper) {
    return new Replays(workflows, mapper);
  }
}
