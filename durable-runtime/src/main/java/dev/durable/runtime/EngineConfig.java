package dev.durable.runtime;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.durable.runtime.codec.StoredText;
import dev.durable.runtime.spi.DurableWorkflow;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * An engine's configuration, as {@code DurableEngine.Builder} collected it: an immutable value that
 * the engine factory consumes. Each accessor is the setting of the builder method of the same name,
 * whose documentation says what it does; an option not set holds its default.
 */
public final class EngineConfig extends StoreConfig {
  static final String DEFAULT_JDBC_URL = "jdbc:h2:./durable-data/durable";
  static final int DEFAULT_MAX_PAYLOAD_BYTES = 1 << 20;
  public static final int DEFAULT_MAX_CONCURRENT_RUNS_VIRTUAL = 1_000;
  public static final int DEFAULT_MAX_CONCURRENT_RUNS_PLATFORM = 128;

  private final List<DurableWorkflow<?>> workflows;
  private final boolean discover;
  private final Clock clock;
  private final List<DurableHooks> hooks;
  private final Optional<ObjectMapper> objectMapper;
  private final Optional<String> engineId;
  private final OptionalInt maxConcurrentRuns;
  private final boolean virtualThreads;
  private final Duration pollInterval;
  private final Duration leaseDuration;
  private final Duration shutdownTimeout;
  private final Map<String, Integer> queues;
  private final Map<String, Queue> declaredQueues;
  private final int maxPayloadBytes;
  private final Optional<Duration> retention;
  private final Optional<Object> meterRegistry;
  private final Optional<Object> openTelemetry;

  private EngineConfig(Draft draft, StoreSettings store) {
    super(store);
    workflows = List.copyOf(draft.workflows);
    discover = draft.discover;
    clock = draft.clock;
    hooks = List.copyOf(draft.hooks);
    objectMapper = Optional.ofNullable(draft.objectMapper);
    engineId = Optional.ofNullable(draft.engineId);
    maxConcurrentRuns = draft.maxConcurrentRuns == 0
        ? OptionalInt.empty() : OptionalInt.of(draft.maxConcurrentRuns);
    virtualThreads = draft.virtualThreads;
    pollInterval = draft.pollInterval;
    leaseDuration = draft.leaseDuration;
    shutdownTimeout = draft.shutdownTimeout;
    Map<String, Integer> perEngine = new LinkedHashMap<>();
    draft.queues.values().stream().filter(q -> q.perEngine() > 0)
        .forEach(q -> perEngine.put(q.name(), q.perEngine()));
    queues = Collections.unmodifiableMap(perEngine);
    declaredQueues = Collections.unmodifiableMap(new LinkedHashMap<>(draft.queues));
    maxPayloadBytes = draft.maxPayloadBytes;
    retention = Optional.ofNullable(draft.retention);
    meterRegistry = Optional.ofNullable(draft.meterRegistry);
    openTelemetry = Optional.ofNullable(draft.openTelemetry);
  }

  /** The workflows registered, in registration order. */
  public List<DurableWorkflow<?>> workflows() {
    return workflows;
  }

  /** Whether the workflows found through their {@code META-INF/services} entries are registered. */
  public boolean discover() {
    return discover;
  }

  public Clock clock() {
    return clock;
  }

  /** The hooks, in the order they are called. */
  public List<DurableHooks> hooks() {
    return hooks;
  }

  /**
   * The Jackson mapper that stores inputs, outputs and step results; empty for {@link
   * dev.durable.runtime.codec.Payloads#defaultMapper()}: the JDK 8 and java.time modules, ISO
   * dates, unknown properties ignored, and strict decoding, so that a stored value whose type
   * changed fails to decode instead of becoming a wrong value. A mapper given is used as it is;
   * start from {@code Payloads.defaultMapper()} to keep those settings.
   */
  public Optional<ObjectMapper> objectMapper() {
    return objectMapper;
  }

  /** The engine's id; empty for one made of host, process and a random part. */
  public Optional<String> engineId() {
    return engineId;
  }

  /**
   * How many runs a started engine executes at once, if set; empty for the default, {@value
   * #DEFAULT_MAX_CONCURRENT_RUNS_VIRTUAL} where runs execute on virtual threads and {@value
   * #DEFAULT_MAX_CONCURRENT_RUNS_PLATFORM} where they take a platform thread each. A run in flight
   * holds a thread (virtual or not) and its state in memory, no connection: its step executes
   * with none.
   */
  public OptionalInt maxConcurrentRuns() {
    return maxConcurrentRuns;
  }

  /**
   * Whether runs, local steps' attempts and workers' tasks execute on virtual threads where the JVM
   * has them (Java 21 and later); true by default. False keeps them on platform threads on any
   * JVM. On Java 17 they are always on platform threads.
   */
  public boolean virtualThreads() {
    return virtualThreads;
  }

  public Duration pollInterval() {
    return pollInterval;
  }

  public Duration leaseDuration() {
    return leaseDuration;
  }

  public Duration shutdownTimeout() {
    return shutdownTimeout;
  }

  /**
   * The flow-control queues' limit on one engine ({@link Queue#perEngine()}), by queue name: those
   * declared with one.
   */
  public Map<String, Integer> queues() {
    return queues;
  }

  /** Every queue declared, by name, in declaration order (a name declared again: the last). */
  public Map<String, Queue> declaredQueues() {
    return declaredQueues;
  }

  /**
   * The longest value stored, in UTF-8 bytes of its JSON: a run's input (its arguments together)
   * and result, and a step's arguments and result. Every turn of a run reads its stored values
   * again, so large ones slow every run that holds them: pass a reference to large data (an
   * object-store key, a row id) instead. A start whose input is over the limit throws {@link
   * InvalidInputException} and stores nothing; a step whose arguments or result are over it fails
   * at once, without retry, with code {@code invalid_input} or {@code invalid_output}. Values
   * stored under an earlier, larger limit are still read.
   */
  public int maxPayloadBytes() {
    return maxPayloadBytes;
  }

  /**
   * How long runs are kept after they end; empty to keep them for ever. Once started, the engine
   * deletes the runs that completed, failed or were cancelled longer ago than this, with all their
   * rows, as {@code DurableEngine.purge} does, in the background (every minute, or every tenth of
   * the retention if that is shorter) on a thread of its own.
   */
  public Optional<Duration> retention() {
    return retention;
  }

  /**
   * The Micrometer {@code MeterRegistry} metrics go to, if any. Typed {@code Object} so that this
   * class never loads a Micrometer class: Micrometer is an optional dependency.
   */
  public Optional<Object> meterRegistry() {
    return meterRegistry;
  }

  /**
   * The {@code OpenTelemetry} instance spans go to, if any; typed {@code Object} for the same
   * reason as {@link #meterRegistry()}.
   */
  public Optional<Object> openTelemetry() {
    return openTelemetry;
  }

  /**
   * Throws unless {@code name} is a schema name that means the same quoted or not on H2 and
   * PostgreSQL; returns it.
   */
  static String schemaName(String name) {
    Objects.requireNonNull(name, "schema");
    if (!name.matches("[a-z_][a-z0-9_]{0,62}") || name.startsWith("pg_")) {
      throw new IllegalArgumentException("schema '" + (name.length() > 80
          ? name.substring(0, 80) + "...' (" + name.length() + " characters)" : name + "'")
          + " is not a schema name Durable accepts: use 1 to 63 lowercase letters, digits or"
          + " '_', starting with a letter or '_', and not 'pg_' (PostgreSQL's own)");
    }
    return name;
  }

  /** Throws, naming {@code name}, unless {@code value} is positive; returns it. */
  static Duration positive(Duration value, String name) {
    Objects.requireNonNull(value, name);
    if (value.isZero() || value.isNegative()) {
      throw new IllegalArgumentException(name + " must be positive, but was " + value);
    }
    return value;
  }

  /** Throws, naming {@code name}, unless {@code value} is at least 1; returns it. */
  static int atLeastOne(int value, String name) {
    if (value < 1) {
      throw new IllegalArgumentException(name + " must be at least 1, but was " + value);
    }
    return value;
  }

  /** Throws unless {@code name} is a valid queue name; returns it. */
  static String queueName(String name) {
    Objects.requireNonNull(name, "name");
    if (!name.matches("[A-Za-z0-9._-]{1,100}")) {
      throw new IllegalArgumentException("queue '" + StoredText.echo(name) + "' is not a queue"
          + " name: use 1 to 100 letters, digits, '.', '_' or '-'");
    }
    return name;
  }

  /** Throws unless queue {@code name}'s {@code concurrency} is at least 1; returns it. */
  static int queueConcurrency(String name, int concurrency) {
    if (concurrency < 1) {
      throw new IllegalArgumentException(
          "queue '" + name + "' needs a concurrency of at least 1, but was " + concurrency);
    }
    return concurrency;
  }

  /**
   * The settings a builder has collected so far, each with its default: what the builder writes,
   * checked, and {@link #freeze} copies into a config with the store options.
   */
  static final class Draft {
    final List<DurableWorkflow<?>> workflows = new ArrayList<>();
    boolean discover = true;
    Clock clock = Clock.systemUTC();
    final List<DurableHooks> hooks = new ArrayList<>();
    ObjectMapper objectMapper;
    String engineId;
    /** 0: the default for the threads the runs execute on. */
    int maxConcurrentRuns;
    boolean virtualThreads = true;
    Duration pollInterval = Duration.ofSeconds(1);
    Duration leaseDuration = Duration.ofSeconds(30);
    Duration shutdownTimeout = Duration.ofSeconds(10);
    final Map<String, Queue> queues = new LinkedHashMap<>();
    int maxPayloadBytes = DEFAULT_MAX_PAYLOAD_BYTES;
    Duration retention;
    Object meterRegistry;
    Object openTelemetry;

    EngineConfig freeze(StoreSettings store) {
      return new EngineConfig(this, store);
    }
  }
}
