package dev.durable.runtime.internal.worker;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.zaxxer.hikari.HikariDataSource;
import dev.durable.runtime.DurableWorker;
import dev.durable.runtime.EngineConfig;
import dev.durable.runtime.StepHandler;
import dev.durable.runtime.StepService;
import dev.durable.runtime.WorkerConfig;
import dev.durable.runtime.codec.Payloads;
import dev.durable.runtime.codec.StoredForm;
import dev.durable.runtime.internal.common.InjectedFaults;
import dev.durable.runtime.internal.observe.Observers;
import dev.durable.runtime.internal.store.DataSources;
import dev.durable.runtime.internal.store.StoreOptions;
import dev.durable.runtime.internal.store.Stores;
import dev.durable.runtime.internal.time.Threads;
import dev.durable.runtime.internal.time.Time;
import dev.durable.runtime.internal.time.VirtualThreads;
import dev.durable.runtime.internal.wake.DatabaseKey;
import dev.durable.runtime.internal.wake.ProcessWakeups;
import dev.durable.runtime.spi.StepBinding;
import dev.durable.runtime.spi.StepType;
import java.net.InetAddress;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import javax.sql.DataSource;

/** Creates workers from their configuration; {@code Factories} calls it. */
public final class Workers {
  private Workers() {}

  /** @param process the engines and workers of this process, which the worker's wake-ups reach */
  public static DurableWorker create(WorkerConfig config, ProcessWakeups process) {
    String workerId = config.workerId().orElseGet(Workers::defaultWorkerId);
    HikariDataSource pool = null;
    DataSource dataSource = config.dataSource().orElse(null);
    if (dataSource == null) {
      // the handlers' outcomes and heartbeats, the poller, the listener, one spare; a task holds
      // a connection only to write its heartbeat or answer, so hundreds of tasks served at once
      // (on virtual threads) share a few dozen
      pool = DataSources.pool(config.jdbcUrl(), config.user().orElse(null),
          config.password().orElse(null),
          Math.min(config.concurrency(), DataSources.MAX_RUN_CONNECTIONS) + 3,
          "durable-worker-" + workerId, config.pollOnly());
      dataSource = pool;
    }
    try {
      Stores stores = new Stores(dataSource, process.origin(), new StoreOptions(
          config.schema(), config.migrate(), config.pollOnly(), form(config)));
      stores.openSchema();
      stores.requireDurableCommits();
      boolean virtual = config.virtualThreads() && VirtualThreads.available();
      InjectedFaults faults = new InjectedFaults();
      return new DefaultWorker(workerId, handlers(config, faults), faults, config.concurrency(),
          Threads.executor(workerId, virtual, config.concurrency()),
          config.pollInterval(), config.shutdownTimeout(), stores.tasks(),
          DatabaseKey.of(config.dataSource().orElse(null), config.jdbcUrl(),
              config.user().orElse(null), config.schema().orElse(null)),
          mapper(config), new Time(config.clock()), process, pool,
          Observers.of(null, config.openTelemetry().orElse(null)));
    } catch (RuntimeException e) {
      if (pool != null) {
        pool.close();
      }
      throw e;
    }
  }

  /**
   * The handlers by name, and for each step of each binding, a typed one; each attempt first
   * passes {@code faults}.
   */
  private static Map<String, StepHandler> handlers(WorkerConfig config, InjectedFaults faults) {
    // the engine applies its payload limit when it records a result: a worker refuses none that
    // an engine with a raised limit would take
    StoredForm form = form(config);
    Payloads payloads = new Payloads(mapper(config), EngineConfig.MAX_PAYLOAD_LIMIT, form);
    Map<String, StepHandler> handlers = new LinkedHashMap<>();
    config.handlers().forEach((step, handler) ->
        handlers.put(step, decoded(withFaults(handler, faults), form)));
    for (StepService service : config.bindings()) {
      StepBinding binding = generated(service);
      StepBinding served = withFaults(binding, faults);
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
   * {@code service} as the worker calls it: the API takes a step contract's implementation as a
   * {@link StepService}, which its generated binding implements through {@link StepBinding}.
   */
  private static StepBinding generated(StepService service) {
    if (service instanceof StepBinding binding) {
      return binding;
    }
    throw new IllegalArgumentException(service.getClass().getName() + " is not a step contract's"
        + " generated binding: serve what the <Name>Worker.of(implementation) that the annotation"
        + " processor generates returns (it implements " + StepBinding.class.getName() + ")");
  }

  /**
   * {@code handler}, whose attempts first throw the error a test injected for their step, if any:
   * the worker then reports it as it reports the handler's own errors.
   */
  private static StepHandler withFaults(StepHandler handler, InjectedFaults faults) {
    return (task, input) -> {
      faults.throwInjected(task.step());
      return handler.handle(task, input);
    };
  }

  /**
   * {@code handler}, given its task's input as JSON and its result stored through the payload
   * codec, if any: a handler of JSON text never sees the stored form. An input the codec cannot
   * decode fails the attempt ({@code PayloadCodecException}) before the handler runs.
   */
  private static StepHandler decoded(StepHandler handler, StoredForm form) {
    if (!form.encodes()) {
      return handler;
    }
    return (task, input) -> form.seal(handler.handle(task, form.open(input)));
  }

  /** How this worker stores payloads: through its payload codec, if it was given one. */
  private static StoredForm form(WorkerConfig config) {
    return StoredForm.of(config.payloadCodec().orElse(null));
  }

  /**
   * {@code binding}, whose calls first throw the error a test injected for their step, if any:
   * inside the typed handler, so that the step's {@code nonRetryable} applies to it.
   */
  private static StepBinding withFaults(StepBinding binding, InjectedFaults faults) {
    return new StepBinding() {
      @Override
      public List<StepType<?>> steps() {
        return binding.steps();
      }

      @Override
      public Object invoke(String step, Object[] args) throws Exception {
        faults.throwInjected(step);
        return binding.invoke(step, args);
      }
    };
  }

  private static ObjectMapper mapper(WorkerConfig config) {
    return config.objectMapper().orElseGet(Payloads::defaultMapper);
  }

  private static String defaultWorkerId() {
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
