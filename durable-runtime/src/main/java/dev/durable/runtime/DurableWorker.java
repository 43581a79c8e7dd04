package dev.durable.runtime;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.opentelemetry.api.OpenTelemetry;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;

/**
 * Serves dispatched steps: claims their tasks from the shared database ({@code durable_tasks}),
 * runs the handler registered for each task's step name, and stores the outcome, which makes the
 * waiting run due for whichever engine sees it first. Workers may run in any process and on any
 * machine that reaches the database; several share the tasks without serving one twice.
 *
 * <pre>{@code
 * try (DurableWorker worker = DurableWorker.builder()
 *     .jdbcUrl("jdbc:postgresql://db/app")
 *     .handle("pricing.quote", (task, input) -> quote(input))
 *     .build()) {
 *   worker.start();
 *   ...
 * }
 * }</pre>
 */
public interface DurableWorker extends AutoCloseable {

  static Builder builder() {
    return new Builder();
  }

  /** This worker's id, stored on the tasks it claims. */
  String workerId();

  /** Starts claiming tasks in the background, every {@code pollInterval} and whenever told to. */
  void start();

  /**
   * Claims the tasks queued now and serves them on the calling thread, one at a time; for tests
   * and scripts.
   *
   * @return how many tasks were served
   */
  int tick();

  /** Stops claiming, and waits up to the shutdown timeout for the tasks being served. */
  @Override
  void close();

  /**
   * Configures a worker. The store's options ({@code jdbcUrl}, {@code dataSource}, {@code schema},
   * {@code migrate}, {@code pollOnly}...) are those of {@link DurableEngine.Builder}, written once.
   */
  final class Builder extends StoreOptions<Builder> {
    private final WorkerConfig.Draft draft = new WorkerConfig.Draft();

    Builder() {}

    /** Serves the step named {@code step} with {@code handler}. */
    public Builder handle(String step, StepHandler handler) {
      Objects.requireNonNull(step, "step");
      Objects.requireNonNull(handler, "handler");
      if (draft.handlers.putIfAbsent(step, handler) != null) {
        throw new IllegalArgumentException(
            "step '" + step + "' already has a handler on this worker; register one per step");
      }
      return this;
    }

    /**
     * Serves every step of a step contract with a typed implementation: {@code
     * serve(PricingStepsWorker.of(new Pricing()))}. Arguments are decoded and results encoded with
     * the steps' stored types, results are validated, and errors listed in a step's {@code
     * nonRetryable} fail it for good.
     */
    public Builder serve(StepService binding) {
      draft.bindings.add(Objects.requireNonNull(binding, "binding"));
      return this;
    }

    /** The Jackson mapper for typed bindings' payloads; it must match the engines'. */
    public Builder objectMapper(ObjectMapper objectMapper) {
      draft.objectMapper = Objects.requireNonNull(objectMapper, "objectMapper");
      return this;
    }

    /** Defaults to the host name, the process id and a random suffix. */
    public Builder workerId(String workerId) {
      draft.workerId = Objects.requireNonNull(workerId, "workerId");
      return this;
    }

    /** How many tasks are served at once; 4 by default. */
    public Builder concurrency(int concurrency) {
      draft.concurrency = Checks.atLeastOne(concurrency, "concurrency");
      return this;
    }

    /**
     * Whether tasks are served on virtual threads where the JVM has them (Java 21 and later); true
     * by default. False keeps them on platform threads, one per task being served. {@link
     * #concurrency(int)} bounds the tasks served at once either way.
     */
    public Builder virtualThreads(boolean virtualThreads) {
      draft.virtualThreads = virtualThreads;
      return this;
    }

    /**
     * How often a started worker looks for queued tasks it was not told about; 200 ms by default.
     * It is told at once of tasks queued in its own process and, on PostgreSQL, in any other.
     */
    public Builder pollInterval(Duration pollInterval) {
      draft.pollInterval = Checks.positive(pollInterval, "pollInterval");
      return this;
    }

    /** How long {@link #close()} waits for the tasks being served; 10 s by default. */
    public Builder shutdownTimeout(Duration shutdownTimeout) {
      draft.shutdownTimeout = Objects.requireNonNull(shutdownTimeout, "shutdownTimeout");
      return this;
    }

    /**
     * The clock that claims and heartbeats are stamped with, which the engines measure liveness
     * windows and lost-task leases against; pass the engines' {@code TestClock} in tests.
     */
    public Builder clock(Clock clock) {
      draft.clock = Objects.requireNonNull(clock, "clock");
      return this;
    }

    /**
     * Records a span per task served with OpenTelemetry, a child of the span that queued the task
     * when the engine traces too ({@link DurableEngine.Builder#openTelemetry(OpenTelemetry)}): a
     * dispatched step's attempt shows in its run's trace. OpenTelemetry ({@code
     * io.opentelemetry:opentelemetry-api}) is an optional dependency: without this call the worker
     * records no span and needs no OpenTelemetry class.
     */
    public Builder openTelemetry(OpenTelemetry openTelemetry) {
      draft.openTelemetry = Objects.requireNonNull(openTelemetry, "openTelemetry");
      return this;
    }

    /** Opens the store (migrating its schema) and builds a worker that is not started yet. */
    public DurableWorker build() {
      return Providers.load(Factory.class).create(draft.freeze(storeSettings()));
    }
  }

  /** Makes workers: what {@link Builder#build()} finds in {@code META-INF/services}. */
  interface Factory {
    /** Opens the store (migrating its schema) and makes a worker that is not started yet. */
    DurableWorker create(WorkerConfig config);
  }
}
