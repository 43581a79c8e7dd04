package dev.durable.runtime.internal.engine;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.durable.runtime.DurableHooks;
import dev.durable.runtime.spi.DurableWorkflow;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.sql.DataSource;

/** Everything {@code DurableEngine.Builder} collected; immutable. */
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
    Optional<Duration> retention) {}
