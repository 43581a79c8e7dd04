package dev.durable.runtime.internal.engine;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.zaxxer.hikari.HikariDataSource;
import dev.durable.runtime.DurableWorker;
import dev.durable.runtime.StepHandler;
import dev.durable.runtime.codec.Payloads;
import dev.durable.runtime.internal.observe.Observer;
import dev.durable.runtime.spi.StepBinding;
import dev.durable.runtime.spi.StepType;
import dev.durable.runtime.testing.StepFaults;
import dev.durable.runtime.internal.store.Store;
import java.net.InetAddress;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import javax.sql.DataSource;

/** Builds workers; what {@link DurableWorker.Builder#build()} calls. */
public final class Workers {
  private Workers() {}

  /**
   * A worker's configuration.
   *
   * @param jdbcUrl the store's URL, or null with a data source
   * @param handlers the handlers registered by name
   * @param bindings the typed contract implementations served
   * @param objectMapper the mapper of typed bindings' payloads, or null for the default
   * @param observer records the spans of the tasks served; {@link Observer#NONE} without tracing
   * @param stepFaults errors a test injects in place of attempts; null (outside tests) for none
   */
  public record Config(
      String jdbcUrl,
      String user,
      String password,
      DataSource dataSource,
      Map<String, StepHandler> handlers,
      List<StepBinding> bindings,
      ObjectMapper objectMapper,
      String workerId,
      int concurrency,
      Duration pollInterval,
      Duration shutdownTimeout,
      Clock clock,
      Observer observer,
      StepFaults stepFaults) {}

  public static DurableWorker create(Config config) {
    HikariDataSource pool = null;
    DataSource dataSource = config.dataSource();
    if (dataSource == null) {
      // the handlers' outcomes and heartbeats, the poller, the listener, one spare
      pool = DataSources.pool(config.jdbcUrl(), config.user(), config.password(),
          config.concurrency() + 3, "durable-worker-" + config.workerId());
      dataSource = pool;
    }
    try {
      ProcessWakeups process = ProcessWakeups.ofThisProcess();
      Store store = new Store(dataSource, process.origin());
      store.migrate();
      store.requireDurableCommits();
      return new DefaultWorker(config.workerId(), handlers(config), config.concurrency(),
          config.pollInterval(), config.shutdownTimeout(), store,
          DatabaseKey.of(config.dataSource(), config.jdbcUrl(), config.user()), mapper(config),
          new Time(config.clock()), process, pool, config.observer());
    } catch (RuntimeException e) {
      if (pool != null) {
        pool.close();
      }
      throw e;
    }
  }

  /** The handlers by name, and for each step of each binding, a typed one. */
  private static Map<String, StepHandler> handlers(Config config) {
    // the engine applies its payload limit when it records a result: a worker refuses none that
    // an engine with a raised limit would take
    Payloads payloads =
        new Payloads(mapper(config), Payloads.MAX_LIMIT);
    Map<String, StepHandler> handlers = new LinkedHashMap<>();
    config.handlers().forEach((step, handler) ->
        handlers.put(step, withFaults(handler, config.stepFaults())));
    for (StepBinding binding : config.bindings()) {
      StepBinding served = withFaults(binding, config.stepFaults());
      for (StepType<?> step : binding.steps()) {
        if (handlers.putIfAbsent(step.name(), new TypedHandler(payloads, step, served)) != null) {
          throw new IllegalArgumentException(
              "step '" + step.name() + "' already has a handler on this worker; serve each step"
                  + " once");
        }
      }
    }
    return handlers;
  }

  /**
   * {@code handler}, whose attempts first throw the error a test injected for their step, if any:
   * the worker then reports it as it reports the handler's own errors.
   */
  private static StepHandler withFaults(StepHandler handler, StepFaults faults) {
    if (faults == null) {
      return handler;
    }
    return (task, input) -> {
      throwInjected(faults, task.step());
      return handler.handle(task, input);
    };
  }

  /**
   * {@code binding}, whose calls first throw the error a test injected for their step, if any:
   * inside the typed handler, so that the step's {@code nonRetryable} applies to it.
   */
  private static StepBinding withFaults(StepBinding binding, StepFaults faults) {
    if (faults == null) {
      return binding;
    }
    return new StepBinding() {
      @Override
      public List<StepType<?>> steps() {
        return binding.steps();
      }

      @Override
      public Object invoke(String step, Object[] args) throws Exception {
        throwInjected(faults, step);
        return binding.invoke(step, args);
      }
    };
  }

  private static void throwInjected(StepFaults faults, String step) throws Exception {
    Optional<Exception> injected = faults.takeNext(step);
    if (injected.isPresent()) {
      throw injected.get();
    }
  }

  private static ObjectMapper mapper(Config config) {
    return config.objectMapper() == null ? Payloads.defaultMapper() : config.objectMapper();
  }

  public static String defaultWorkerId() {
    String host;
    try {
      host = InetAddress.getLocalHost().getHostName();
    } catch (Exception e) {
      host = "localhost";
    }
    return "worker-" + host + "-" + ProcessHandle.current().pid() + "-"
        + UUID.randomUUID().toString().substring(0, 8);
  }
}
