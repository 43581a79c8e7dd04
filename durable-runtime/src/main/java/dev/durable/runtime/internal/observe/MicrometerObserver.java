package dev.durable.runtime.internal.observe;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntSupplier;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reports to a Micrometer registry; the metrics' names and tags are listed in the guide
 * (docs/guide/09-operating.md, "Metrics and tracing"). Loaded only when a registry was configured.
 */
final class MicrometerObserver implements Observer {
  private static final Logger LOG = LoggerFactory.getLogger(MicrometerObserver.class);

  private final MeterRegistry registry;
  private final Duration waitingRefresh;
  /** The tasks waiting per step, as last read; a step no longer read reports 0. */
  private final Map<String, AtomicLong> waiting = new ConcurrentHashMap<>();
  private ScheduledExecutorService refresher;

  MicrometerObserver(MeterRegistry registry, Duration waitingRefresh) {
    this.registry = registry;
    this.waitingRefresh = waitingRefresh;
  }

  static Observer of(Object registry) {
    if (!(registry instanceof MeterRegistry meters)) {
      throw new IllegalArgumentException(
          "meterRegistry must be a Micrometer MeterRegistry, but was " + registry.getClass());
    }
    return new MicrometerObserver(meters, Observers.TASKS_WAITING_REFRESH);
  }

  @Override
  public void runStarted(String workflow) {
    Counter.builder("durable.runs.started")
        .description("Runs stored: started by a client, a parent run or a schedule")
        .tag("workflow", workflow)
        .register(registry)
        .increment();
  }

  @Override
  public void runCompleted(String workflow) {
    Counter.builder("durable.runs.completed")
        .description("Runs that completed with a result")
        .tag("workflow", workflow)
        .register(registry)
        .increment();
  }

  @Override
  public void runFailed(String workflow, String code) {
    Counter.builder("durable.runs.failed")
        .description("Runs that failed, by error code")
        .tag("workflow", workflow)
        .tag("code", code)
        .register(registry)
        .increment();
  }

  @Override
  public void stepAttempt(String workflow, String step, String outcome, Duration duration) {
    Counter.builder("durable.step.attempts")
        .description("Step attempts, by outcome: completed, retried or failed")
        .tag("workflow", workflow)
        .tag("step", step)
        .tag("outcome", outcome)
        .register(registry)
        .increment();
    Timer.builder("durable.step.duration")
        .description("How long step attempts took, by outcome")
        .tag("workflow", workflow)
        .tag("step", step)
        .tag("outcome", outcome)
        .register(registry)
        .record(duration);
    if (outcome.equals("retried")) {
      Counter.builder("durable.step.retries")
          .description("Step attempts that failed and are retried")
          .tag("workflow", workflow)
          .tag("step", step)
          .register(registry)
          .increment();
    }
  }

  @Override
  public void runClaimed(String workflow, Duration late, boolean takenOver) {
    Timer.builder("durable.runs.lateness")
        .description("How long after it was due an engine claimed a run")
        .tag("workflow", workflow)
        .register(registry)
        .record(late.isNegative() ? Duration.ZERO : late);
    if (takenOver) {
      Counter.builder("durable.leases.takeovers")
          .description("Runs claimed from an engine whose lease expired")
          .tag("workflow", workflow)
          .register(registry)
          .increment();
    }
  }

  @Override
  public void queueSlots(String queue, IntSupplier used) {
    Gauge.builder("durable.queue.slots.used", used, IntSupplier::getAsInt)
        .description("Slots of a flow-control queue in use on this engine")
        .tag("queue", queue)
        .strongReference(true)
        .register(registry);
  }

  @Override
  public synchronized void tasksWaiting(Supplier<Map<String, Long>> queuedByStep) {
    if (refresher != null) {
      return;
    }
    refresher = Executors.newSingleThreadScheduledExecutor(task -> {
      Thread thread = new Thread(task, "durable-metrics");
      thread.setDaemon(true);
      return thread;
    });
    refresher.scheduleWithFixedDelay(() -> refresh(queuedByStep), 0,
        waitingRefresh.toMillis(), TimeUnit.MILLISECONDS);
  }

  private void refresh(Supplier<Map<String, Long>> queuedByStep) {
    Map<String, Long> counts;
    try {
      counts = queuedByStep.get();
    } catch (RuntimeException e) {
      LOG.debug("could not count the tasks waiting for a worker: {}", e.getMessage());
      return;
    }
    Set<String> seen = Set.copyOf(counts.keySet());
    waiting.forEach((step, value) -> {
      if (!seen.contains(step)) {
        value.set(0);
      }
    });
    counts.forEach((step, count) -> waiting.computeIfAbsent(step, name -> {
      AtomicLong value = new AtomicLong();
      Gauge.builder("durable.tasks.waiting", value, AtomicLong::get)
          .description("Tasks of a dispatched step queued for a worker, read every "
              + waitingRefresh.toSeconds() + " s")
          .tag("step", name)
          .register(registry);
      return value;
    }).set(count));
  }

  @Override
  public synchronized void close() {
    if (refresher != null) {
      refresher.shutdownNow();
    }
  }
}
