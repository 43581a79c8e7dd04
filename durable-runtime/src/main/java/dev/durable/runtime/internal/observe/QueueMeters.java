package dev.durable.runtime.internal.observe;

import dev.durable.runtime.QueueInfo;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The meters of the queues of runs, per queue: the gauges {@code durable.queue.depth} (its runs
 * ENQUEUED), {@code durable.queue.running} (its runs admitted and not ended) and {@code
 * durable.queue.paused} (1 while it is paused), read from the
 * values of the last {@link #refresh}, which the observer runs at most once per poll interval (a
 * scrape never queries the database; a queue no longer read reports 0); and the counters {@code
 * durable.queue.admitted} (runs this engine admitted: its rate is admissions per second) and
 * {@code durable.queue.rate.held} (this engine's admissions of the queue that left runs waiting
 * for the rate limit alone).
 */
final class QueueMeters {
  private static final Logger LOG = LoggerFactory.getLogger(QueueMeters.class);

  private final MeterRegistry registry;
  private final Map<String, AtomicLong> depth = new ConcurrentHashMap<>();
  private final Map<String, AtomicLong> running = new ConcurrentHashMap<>();
  private final Map<String, AtomicLong> paused = new ConcurrentHashMap<>();
  private final Map<String, Counter> admitted = new ConcurrentHashMap<>();
  private final Map<String, Counter> heldByRate = new ConcurrentHashMap<>();

  QueueMeters(MeterRegistry registry) {
    this.registry = registry;
  }

  /** Reads the queues once and sets the gauges; a failed read leaves them as they were. */
  void refresh(Supplier<List<QueueInfo>> queues) {
    List<QueueInfo> read;
    try {
      read = queues.get();
    } catch (RuntimeException e) {
      LOG.debug("could not read the queues of runs: {}", e.getMessage());
      return;
    }
    Set<String> seen = read.stream().map(QueueInfo::name).collect(Collectors.toSet());
    depth.forEach((queue, value) -> value.set(seen.contains(queue) ? value.get() : 0));
    running.forEach((queue, value) -> value.set(seen.contains(queue) ? value.get() : 0));
    paused.forEach((queue, value) -> value.set(seen.contains(queue) ? value.get() : 0));
    for (QueueInfo queue : read) {
      gauge(paused, "durable.queue.paused", "1 while a queue is paused (engine.pauseQueue):"
          + " no engine admits a run through it", queue.name()).set(queue.paused() ? 1 : 0);
      gauge(depth, "durable.queue.depth", "Runs of a queue ENQUEUED: waiting for admission or"
          + " their delay, across every engine", queue.name()).set(queue.depth());
      gauge(running, "durable.queue.running", "Runs of a queue admitted and not ended (the"
          + " slots taken), across every engine", queue.name()).set(queue.running());
    }
  }

  /** This engine admitted {@code count} runs of {@code queue} in one admission. */
  void admitted(String queue, int count) {
    admitted.computeIfAbsent(queue, q -> Counter.builder("durable.queue.admitted")
        .description("Runs of a queue admitted by this engine")
        .tag("queue", q)
        .register(registry)).increment(count);
  }

  /** An admission of {@code queue} here left runs waiting for its rate limit alone. */
  void heldByRate(String queue) {
    heldByRate.computeIfAbsent(queue, q -> Counter.builder("durable.queue.rate.held")
        .description("Admissions of a queue by this engine that left runs waiting for its rate"
            + " limit alone")
        .tag("queue", q)
        .register(registry)).increment();
  }

  private AtomicLong gauge(
      Map<String, AtomicLong> values, String name, String description, String queue) {
    return values.computeIfAbsent(queue, q -> {
      AtomicLong value = new AtomicLong();
      Gauge.builder(name, value, AtomicLong::get)
          .description(description)
          .tag("queue", q)
          .register(registry);
      return value;
    });
  }
}
