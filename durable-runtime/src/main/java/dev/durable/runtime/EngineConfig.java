package dev.durable.runtime;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.type.LogicalType;
import com.fasterxml.jackson.datatype.jdk8.Jdk8Module;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * An engine's configuration, as {@code DurableEngine.Builder} collected it: an immutable value that
 * the engine factory consumes. Each accessor is the setting of the builder method of the same name,
 * whose documentation says what it does; an option not set holds its default.
 */
public final class EngineConfig extends StoreConfig {
  static final int DEFAULT_MAX_PAYLOAD_BYTES = 1 << 20;
  /**
   * The largest {@link #maxPayloadBytes()} an engine takes: 256 MiB. PostgreSQL stores at most 1 GB
   * in a value, and a payload is held several times over while it is encoded, written and read.
   */
  public static final int MAX_PAYLOAD_LIMIT = 1 << 28;
  public static final int DEFAULT_MAX_CONCURRENT_RUNS_VIRTUAL = 1_000;
  public static final int DEFAULT_MAX_CONCURRENT_RUNS_PLATFORM = 128;

  private final List<WorkflowDefinition> workflows;
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
  private final List<TriggerDefinition> triggers;

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
    triggers = List.copyOf(draft.triggers);
  }

  /** The workflows registered, in registration order. */
  public List<WorkflowDefinition> workflows() {
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
   * #defaultObjectMapper()} (which {@code dev.durable.runtime.codec.Payloads.defaultMapper()}
   * returns too): the JDK 8 and java.time modules, ISO dates, unknown properties ignored, and
   * strict decoding, so that a stored value whose type changed fails to decode instead of becoming
   * a wrong value. A mapper given is used as it is; start from {@code Payloads.defaultMapper()} to
   * keep those settings.
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

  /** The triggers added, in the order the engine starts them. */
  public List<TriggerDefinition> triggers() {
    return triggers;
  }

  /**
   * {@code maxPayloadBytes}, if it is a limit an engine takes: 1 byte to {@link
   * #MAX_PAYLOAD_LIMIT}.
   *
   * @throws IllegalArgumentException saying what to do, if it is not
   */
  public static int requirePayloadLimit(int maxPayloadBytes) {
    if (maxPayloadBytes < 1 || maxPayloadBytes > MAX_PAYLOAD_LIMIT) {
      throw new IllegalArgumentException(
          "maxPayloadBytes must be 1 to " + MAX_PAYLOAD_LIMIT + " (256 MiB), but was "
              + maxPayloadBytes + "; store larger data elsewhere and pass a reference to it");
    }
    return maxPayloadBytes;
  }

  /**
   * A new mapper with the settings of the one used when none is configured: JDK 8 types ({@code
   * Optional}) and {@code java.time} as ISO text. Users get it as {@code
   * dev.durable.runtime.codec.Payloads.defaultMapper()}; it is made here, where {@link RunExport}
   * reads and writes its documents with it too.
   *
   * <p>It decodes strictly, so that a stored value whose type changed since (a deploy changed a
   * step's {@code long} result to {@code boolean}, say) fails to decode instead of turning into a
   * wrong value: no coercion between numbers, strings and booleans, no fractional number into an
   * integer, no number into an enum, and no {@code null} or missing value for a primitive (a
   * record component or creator parameter of type {@code int} must be present). Missing reference
   * fields decode as {@code null} (or an empty {@code Optional}), and unknown properties are
   * ignored, so that adding a nullable or {@code Optional} field to a class, or removing one, does
   * not break the runs that stored it.
   */
  public static ObjectMapper defaultObjectMapper() {
    JsonMapper mapper =
        JsonMapper.builder()
            .addModule(new Jdk8Module())
            .addModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .disable(DeserializationFeature.ADJUST_DATES_TO_CONTEXT_TIME_ZONE)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
            .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(DeserializationFeature.FAIL_ON_NUMBERS_FOR_ENUMS)
            .build();
    refuse(mapper, LogicalType.Boolean,
        CoercionInputShape.Integer, CoercionInputShape.Float, CoercionInputShape.String);
    refuse(mapper, LogicalType.Integer,
        CoercionInputShape.Float, CoercionInputShape.Boolean, CoercionInputShape.String);
    refuse(mapper, LogicalType.Float, CoercionInputShape.Boolean, CoercionInputShape.String);
    refuse(mapper, LogicalType.Textual,
        CoercionInputShape.Integer, CoercionInputShape.Float, CoercionInputShape.Boolean);
    return mapper;
  }

  private static void refuse(ObjectMapper mapper, LogicalType type, CoercionInputShape... from) {
    for (CoercionInputShape shape : from) {
      mapper.coercionConfigFor(type).setCoercion(shape, CoercionAction.Fail);
    }
  }

  /**
   * The settings a builder has collected so far, each with its default: what the builder writes,
   * checked, and {@link #freeze} copies into a config with the store options.
   */
  static final class Draft {
    final List<WorkflowDefinition> workflows = new ArrayList<>();
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
    final List<TriggerDefinition> triggers = new ArrayList<>();

    EngineConfig freeze(StoreSettings store) {
      return new EngineConfig(this, store);
    }
  }
}
