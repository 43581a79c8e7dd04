package dev.durable.runtime.internal.engine;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.durable.runtime.DurableHooks;
import dev.durable.runtime.internal.observe.Observer;
import dev.durable.runtime.spi.DurableWorkflow;
import dev.durable.runtime.testing.StepFaults;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * Everything {@code DurableEngine.Builder} collected; immutable.
 *
 * @param stepFaults errors injected into local steps' attempts by a test; empty outside tests
 */
public record EngineConfig(
    Optional<DataSource> dataSource,
    String jdbcUrl,
    Optional<String> user,
    Optional<String> password,
    List<DurableWorkflow<?>> workflows,
    boolean discover,
    Clock clock,
    List<DurableHooks> hooks,
    Optional<ObjectMapper> objectMapper,
    Optional<String> engineId,
    int maxConcurrentRuns,
    Duration pollInterval,
    Duration leaseDuration,
    Duration shutdownTimeout,
    Map<String, Integer> queues,
    int maxPayloadBytes,
    Optional<Duration> retention,
    Observer observer,
    Optional<StepFaults> stepFaults) {}
