package dev.durable.runtime.internal.engine;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.DurableStore;
import dev.durable.runtime.DurableWorker;
import dev.durable.runtime.EngineConfig;
import dev.durable.runtime.Parallel;
import dev.durable.runtime.PayloadTransform;
import dev.durable.runtime.Retry;
import dev.durable.runtime.RetryPolicy;
import dev.durable.runtime.WorkerConfig;
import dev.durable.runtime.internal.store.Stores;
import dev.durable.runtime.internal.turn.BranchCalls;
import dev.durable.runtime.internal.turn.Replays;
import dev.durable.runtime.internal.turn.RetryOverrides;
import dev.durable.runtime.internal.wake.ProcessWakeups;
import dev.durable.runtime.internal.worker.Workers;
import dev.durable.runtime.spi.DurableWorkflow;
import dev.durable.runtime.spi.RunReplays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import javax.sql.DataSource;

/**
 * The way in from the public API: what {@code DurableEngine.builder()}, {@code
 * DurableWorker.builder()}, {@code DurableStore.migrate}, {@code Parallel}, {@code Retry} and
 * {@link RunReplays#open} find with {@link java.util.ServiceLoader}, registered under {@code
 * META-INF/services}. The public packages name nothing of this one.
 *
 * <p>The composition root of a process, so it holds what the engines and workers of the process
 * share: the in-process wake-ups ({@link ProcessWakeups}, where an engine and a worker built
 * through their separate builders find each other) and the upkeep warnings given once per
 * process. They are static here, and only here: the API finds a new instance of this class for
 * each builder's {@code build()} (once per factory type and call), and an engine's and a worker's
 * factories are different types, so an instance field would not be shared. Everything below takes
 * them as arguments ({@link Engines#create}, {@link Workers#create}); a test or a replay makes its
 * own.
 */
public final class Factories implements DurableEngine.Factory, DurableWorker.Factory,
    DurableStore.Migrator, Parallel.Runner, Retry.Runner, RunReplays.Factory {

  /** The engines and workers of this process, which signal each other. */
  private static final ProcessWakeups THIS_PROCESS = new ProcessWakeups();

  /** The upkeep warnings given in this process, each once ({@link Engines#create}). */
  private static final Set<String> UPKEEP_WARNED = ConcurrentHashMap.newKeySet();

  /** For {@link java.util.ServiceLoader}, which needs a public no-argument constructor. */
  public Factories() {}

  @Override
  public DurableEngine create(EngineConfig config) {
    return Engines.create(config, THIS_PROCESS, UPKEEP_WARNED);
  }

  @Override
  public DurableWorker create(WorkerConfig config) {
    return Workers.create(config, THIS_PROCESS);
  }

  @Override
  public String migrate(DataSource dataSource, Optional<String> schema) {
    return Stores.migrate(dataSource, schema);
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
  public RunReplays open(
      List<DurableWorkflow<?>> workflows, ObjectMapper mapper, PayloadTransform codec) {
    return new Replays(workflows, mapper, codec);
  }
}
