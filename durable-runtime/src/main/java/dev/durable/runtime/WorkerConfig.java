package dev.durable.runtime;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A worker's configuration, as {@code DurableWorker.Builder} collected it: an immutable value that
 * the worker factory consumes. Each accessor is the setting of the builder method of the same name,
 * whose documentation says what it does; an option not set holds its default.
 */
public final class WorkerConfig extends StoreConfig {
  private final Map<String, StepHandler> handlers;
  private final List<StepService> bindings;
  private final Optional<ObjectMapper> objectMapper;
  private final Optional<String> workerId;
  private final int concurrency;
  private final boolean virtualThreads;
  private final Duration pollInterval;
  private final Duration shutdownTimeout;
  private final Clock clock;
  private final Optional<Object> openTelemetry;

  private WorkerConfig(Draft draft, StoreSettings store) {
    super(store);
    handlers = Collections.unmodifiableMap(new LinkedHashMap<>(draft.handlers));
    bindings = List.copyOf(draft.bindings);
    objectMapper = Optional.ofNullable(draft.objectMapper);
    workerId = Optional.ofNullable(draft.workerId);
    concurrency = draft.concurrency;
    virtualThreads = draft.virtualThreads;
    pollInterval = draft.pollInterval;
    shutdownTimeout = draft.shutdownTimeout;
    clock = draft.clock;
    openTelemetry = Optional.ofNullable(draft.openTelemetry);
  }

  /** The handlers registered by step name, in registration order. */
  public Map<String, StepHandler> handlers() {
    return handlers;
  }

  /** The typed step-contract implementations served. */
  public List<StepService> bindings() {
    return bindings;
  }

  /** The mapper of typed bindings' payloads; empty for the default one. */
  public Optional<ObjectMapper> objectMapper() {
    return objectMapper;
  }

  /** The worker's id; empty for one made of host, process and a random part. */
  public Optional<String> workerId() {
    return workerId;
  }

  public int concurrency() {
    return concurrency;
  }

  /**
   * Whether tasks are served on virtual threads where the JVM has them (Java 21 and later); true
   * by default. On Java 17, or when false, each task being served takes a platform thread.
   */
  public boolean virtualThreads() {
    return virtualThreads;
  }

  public Duration pollInterval() {
    return pollInterval;
  }

  public Duration shutdownTimeout() {
    return shutdownTimeout;
  }

  public Clock clock() {
    return clock;
  }

  /**
   * The {@code OpenTelemetry} instance spans go to, if any. Typed {@code Object} so that this class
   * never loads an OpenTelemetry class: OpenTelemetry is an optional dependency.
   */
  public Optional<Object> openTelemetry() {
    return openTelemetry;
  }

  /** The settings a builder has collected so far, each with its default. */
  static final class Draft {
    final Map<String, StepHandler> handlers = new LinkedHashMap<>();
    final List<StepService> bindings = new ArrayList<>();
    ObjectMapper objectMapper;
    String workerId;
    int concurrency = 4;
    boolean virtualThreads = true;
    Duration pollInterval = Duration.ofMillis(200);
    Duration shutdownTimeout = Duration.ofSeconds(10);
    Clock clock = Clock.systemUTC();
    Object openTelemetry;

    /**
     * The config, once it names something to serve and one store.
     *
     * @throws IllegalStateException if it serves no step, or has both a JDBC URL and a data source
     */
    WorkerConfig freeze(StoreSettings store) {
      if (handlers.isEmpty() && bindings.isEmpty()) {
        throw new IllegalStateException("a worker needs at least one step to serve; register one"
            + " with handle(name, handler) or serve(binding)");
      }
      if (store.jdbcUrl() != null && store.dataSource() != null) {
        throw new IllegalStateException("set either jdbcUrl or dataSource, not both");
      }
      return new WorkerConfig(this, store);
    }
  }
}
