package dev.durable.runtime.internal.observe;

import dev.durable.runtime.QueueInfo;
import dev.durable.runtime.TriggerInfo;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.IntSupplier;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reports to a Micrometer registry; the metrics' names and tags are listed in the guide
 * (docs/guide/17-running-the-engine.md, "Metrics and tracing"). Loaded only when a registry was
 * configured.
 */
final class MicrometerObserver implements Observer {
  private static final Logger LOG = LoggerFactory.getLogger(MicrometerObserver.class);
  /** How often the count of tasks waiting for a worker is read again: it costs a query. */
  static final Duration TASKS_WAITING_REFRESH = Duration.ofSeconds(5);

  private final MeterRegistry registry;
  private final Duration waitingRefresh;
  private final Meter.MeterProvider<Counter> startedMeters;
  private final Meter.MeterProvider<Counter> completedMeters;
  private final Meter.MeterProvider<Counter> failedMeters;
  private final Meter.MeterProvider<Counter> setAsideMeters;
  private final Meter.MeterProvider<Counter> pausedMeters;
  private final Meter.MeterProvider<Counter> attemptsMeters;
  private final Meter.MeterProvider<Timer> durationMeters;
  private final Meter.MeterProvider<Counter> retriesMeters;
  private final Meter.MeterProvider<Timer> latenessMeters;
  private final Meter.MeterProvider<Counter> takeoversMeters;
  /*
   * The meters already registered, by their tags' values: an event increments one without
   * building its id or looking it up in the registry again.
   */
  private final Map<String, Counter> started = new ConcurrentHashMap<>();
  private final Map<String, Counter> completed = new ConcurrentHashMap<>();
  private final Map<Failure, Counter> failed = new ConcurrentHashMap<>();
  private final Map<String, Counter> setAside = new ConcurrentHashMap<>();
  private final Map<String, Counter> paused = new ConcurrentHashMap<>();
  private final Map<Attempt, StepMeters> steps = new ConcurrentHashMap<>();
  private final Map<String, Timer> lateness = new ConcurrentHashMap<>();
  private final Map<String, Counter> takeovers = new ConcurrentHashMap<>();
  /** The tasks waiting per step, as last read; a step no longer read reports 0. */
  private final Map<String, AtomicLong> waiting = new ConcurrentHashMap<>();
  private ScheduledExecutorService refresher;
  /** What the triggers' meters read, held here: Micrometer's function counters hold it weakly. */
  private final List<Supplier<TriggerInfo>> triggers = new CopyOnWriteArrayList<>();
  private boolean waitingRead;
  private final QueueMeters queueMeters;
  private boolean queuesRead;

  MicrometerObserver(MeterRegistry registry, Duration waitingRefresh) {
    this.registry = registry;
    this.waitingRefresh = waitingRefresh;
    this.queueMeters = new QueueMeters(registry);
    startedMeters = Counter.builder("durable.runs.started")
        .description("Runs stored: started by a client, a parent run or a schedule")
        .withRegistry(registry);
    completedMeters = Counter.builder("durable.runs.completed")
        .description("Runs that completed with a result")
        .withRegistry(registry);
    failedMeters = Counter.builder("durable.runs.failed")
        .description("Runs that failed, by error code")
        .withRegistry(registry);
    setAsideMeters = Counter.builder("durable.runs.set_aside")
        .description("Runs set aside: a payload this engine's codec cannot decode (a key it"
            + " lacks); each waits for an engine that can")
        .withRegistry(registry);
    pausedMeters = Counter.builder("durable.runs.paused")
        .description("Runs paused through this engine (engine.pause)")
        .withRegistry(registry);
    attemptsMeters = Counter.builder("durable.step.attempts")
        .description("Step attempts, by outcome: completed, retried or failed")
        .withRegistry(registry);
    durationMeters = Timer.builder("durable.step.duration")
        .description("How long step attempts took, by outcome")
        .withRegistry(registry);
    retriesMeters = Counter.builder("durable.step.retries")
        .description("Step attempts that failed and are retried")
        .withRegistry(registry);
    latenessMeters = Timer.builder("durable.runs.lateness")
        .description("How long after it was due an engine claimed a run")
        .withRegistry(registry);
    takeoversMeters = Counter.builder("durable.leases.takeovers")
        .description("Runs claimed from an engine whose lease expired")
        .withRegistry(registry);
  }

  static Observer of(Object registry) {
    if (!(registry instanceof MeterRegistry meters)) {
      throw new IllegalArgumentException(
          "meterRegistry must be a Micrometer MeterRegistry, but was " + registry.getClass());
    }
    return new MicrometerObserver(meters, TASKS_WAITING_REFRESH);
  }

  @Override
  public void runStarted(String workflow) {
    meter(started, workflow, w -> startedMeters.withTag("workflow", w)).increment();
  }

  @Override
  public void runCompleted(String workflow) {
    meter(completed, workflow, w -> completedMeters.withTag("workflow", w)).increment();
  }

  @Override
  public void runFailed(String workflow, String code) {
    meter(failed, new Failure(workflow, code),
        key -> failedMeters.withTags("workflow", key.workflow(), "code", key.code()))
        .increment();
  }

  @Override
  public void runPaused(String workflow) {
    meter(paused, workflow, w -> pausedMeters.withTag("workflow", w)).increment();
  }

  @Override
  public void runSetAside(String workflow) {
    meter(setAside, workflow, w -> setAsideMeters.withTag("workflow", w)).increment();
  }

  @Override
  public void stepAttempt(String workflow, String step, String outcome, Duration duration) {
    StepMeters meters = meter(steps, new Attempt(workflow, step, outcome), this::stepMeters);
    meters.attempts().increment();
    meters.duration().record(duration);
    if (meters.retries() != null) {
      meters.retries().increment();
    }
  }

  private StepMeters stepMeters(Attempt key) {
    String[] tags = {"workflow", key.workflow(), "step", key.step(), "outcome", key.outcome()};
    Counter retries = key.outcome().equals("retried")
        ? retriesMeters.withTags("workflow", key.workflow(), "step", key.step())
        : null;
    return new StepMeters(attemptsMeters.withTags(tags), durationMeters.withTags(tags), retries);
  }

  @Override
  public void runClaimed(String workflow, Duration late, boolean takenOver) {
    meter(lateness, workflow, w -> latenessMeters.withTag("workflow", w))
        .record(late.isNegative() ? Duration.ZERO : late);
    if (takenOver) {
      meter(takeovers, workflow, w -> takeoversMeters.withTag("workflow", w)).increment();
    }
  }

  /** The meter cached under {@code key}, registered on first use. */
  private static <K, M> M meter(Map<K, M> cache, K key, Function<K, M> register) {
    M meter = cache.get(key);
    return meter != null ? meter : cache.computeIfAbsent(key, register);
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
    if (waitingRead) {
      return;
    }
    waitingRead = true;
    refresher().scheduleWithFixedDelay(() -> refresh(queuedByStep), 0,
        waitingRefresh.toMillis(), TimeUnit.MILLISECONDS);
  }

  @Override
  public synchronized void queuesSeen(Supplier<List<QueueInfo>> queues, Duration every) {
    if (queuesRead) {
      return;
    }
    queuesRead = true;
    refresher().scheduleWithFixedDelay(() -> queueMeters.refresh(queues), 0,
        Math.max(1, every.toMillis()), TimeUnit.MILLISECONDS);
  }

  @Override
  public void runsAdmitted(String queue, int count, boolean heldByRate) {
    if (count > 0) {
      queueMeters.admitted(queue, count);
    }
    if (heldByRate) {
      queueMeters.heldByRate(queue);
    }
  }

  /**
   * Counts of trigger {@code trigger}: {@code durable.trigger.messages} by {@code outcome}
   * ({@code consumed}, {@code started}, {@code duplicate}, {@code dead_lettered}, {@code
   * redelivered}), and the gauges {@code durable.trigger.lag} (where the broker reports it) and
   * {@code durable.trigger.paused} (1 while a queue it feeds is at its bound).
   */
  @Override
  public void triggerStats(String trigger, Supplier<TriggerInfo> stats) {
    triggers.add(stats); // a function counter holds its object weakly
    triggerCount(trigger, "consumed", stats, TriggerInfo::consumed);
    triggerCount(trigger, "started", stats, TriggerInfo::started);
    triggerCount(trigger, "duplicate", stats, TriggerInfo::duplicates);
    triggerCount(trigger, "dead_lettered", stats, TriggerInfo::deadLettered);
    triggerCount(trigger, "redelivered", stats, TriggerInfo::redelivered);
    Gauge.builder("durable.trigger.lag", stats, s -> s.get().lag().orElse(0))
        .description("Messages the broker holds for a trigger and has not delivered yet")
        .tag("trigger", trigger)
        .strongReference(true)
        .register(registry);
    Gauge.builder("durable.trigger.paused", stats, s -> s.get().paused() ? 1 : 0)
        .description("1 while a trigger takes no messages, a queue it feeds being at its bound")
        .tag("trigger", trigger)
        .strongReference(true)
        .register(registry);
  }

  private void triggerCount(String trigger, String outcome, Supplier<TriggerInfo> stats,
      ToLongFunction<TriggerInfo> count) {
    FunctionCounter.builder("durable.trigger.messages", stats, s -> count.applyAsLong(s.get()))
        .description("Messages a trigger took, and what became of them")
        .tag("trigger", trigger)
        .tag("outcome", outcome)
        .register(registry);
  }

  /** The one thread that reads what the gauges report, made at the first need. */
  private ScheduledExecutorService refresher() {
    if (refresher == null) {
      refresher = Executors.newSingleThreadScheduledExecutor(task -> {
        Thread thread = new Thread(task, "durable-metrics");
        thread.setDaemon(true);
        return thread;
      });
    }
    return refresher;
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

  private record Failure(String workflow, String code) {}

  private record Attempt(String workflow, String step, String outcome) {}

  /** A step's meters for one outcome; {@code retries} only for the outcome "retried". */
  private record StepMeters(Counter attempts, Timer duration, Counter retries) {}
}
