package dev.durable.runtime.internal.engine;

import com.zaxxer.hikari.HikariDataSource;
import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.EngineConfig;
import dev.durable.runtime.TaskQueueInfo;
import dev.durable.runtime.codec.Payloads;
import dev.durable.runtime.codec.StoredForm;
import dev.durable.runtime.internal.common.Hooks;
import dev.durable.runtime.internal.common.InjectedFaults;
import dev.durable.runtime.internal.common.Registry;
import dev.durable.runtime.internal.flow.Admissions;
import dev.durable.runtime.internal.flow.Queues;
import dev.durable.runtime.internal.flow.SharedSlots;
import dev.durable.runtime.internal.lineage.RunForks;
import dev.durable.runtime.internal.model.EventType;
import dev.durable.runtime.internal.model.WorkflowKey;
import dev.durable.runtime.internal.observe.Observer;
import dev.durable.runtime.internal.observe.Observers;
import dev.durable.runtime.internal.ops.OperatorViews;
import dev.durable.runtime.internal.ops.Reencoding;
import dev.durable.runtime.internal.ops.Retention;
import dev.durable.runtime.internal.ops.RunStatuses;
import dev.durable.runtime.internal.ops.Steering;
import dev.durable.runtime.internal.run.InFlight;
import dev.durable.runtime.internal.run.Leases;
import dev.durable.runtime.internal.run.ProgressWrites;
import dev.durable.runtime.internal.run.RunClaims;
import dev.durable.runtime.internal.run.RunExecutor;
import dev.durable.runtime.internal.run.RunStarts;
import dev.durable.runtime.internal.run.Scheduler;
import dev.durable.runtime.internal.run.StartWrites;
import dev.durable.runtime.internal.run.SteeredElsewhere;
import dev.durable.runtime.internal.run.Waiters;
import dev.durable.runtime.internal.schedule.Schedules;
import dev.durable.runtime.internal.signal.SignalSender;
import dev.durable.runtime.internal.signal.SignalTokens;
import dev.durable.runtime.internal.store.DataSources;
import dev.durable.runtime.internal.store.JdbcUrls;
import dev.durable.runtime.internal.store.RunStore;
import dev.durable.runtime.internal.store.StoreOptions;
import dev.durable.runtime.internal.store.Stores;
import dev.durable.runtime.internal.store.ops.StoredShapes;
import dev.durable.runtime.internal.store.signal.SignalQueue;
import dev.durable.runtime.internal.store.task.TaskQueue;
import dev.durable.runtime.internal.time.Jitter;
import dev.durable.runtime.internal.time.Threads;
import dev.durable.runtime.internal.time.Time;
import dev.durable.runtime.internal.time.VirtualThreads;
import dev.durable.runtime.internal.trigger.Triggers;
import dev.durable.runtime.internal.turn.AttemptRunner;
import dev.durable.runtime.internal.turn.TurnContext;
import dev.durable.runtime.internal.turn.Turns;
import dev.durable.runtime.internal.values.RunValueReads;
import dev.durable.runtime.internal.wake.DatabaseKey;
import dev.durable.runtime.internal.wake.EngineWakeups;
import dev.durable.runtime.internal.wake.PollLoop;
import dev.durable.runtime.internal.wake.ProcessWakeups;
import dev.durable.runtime.spi.DurableWorkflow;
import dev.durable.runtime.spi.SignalType;
import dev.durable.runtime.spi.WorkflowType;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.stream.Collectors;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Creates engines from their configuration; {@link Factories} calls it. */
final class Engines {
  private static final Logger LOG = LoggerFactory.getLogger(Engines.class);

  private Engines() {}

  /**
   * Opens the store, migrates its schema, and wires an engine that is not started yet.
   *
   * @param process the engines and workers of this process, which the engine's wake-ups reach
   * @param upkeepWarned the upkeep warnings given in this process ({@link Stores#upkeepWarning}):
   *     each names its server and database, and is given once, not by every engine built on them
   */
  static DurableEngine create(
      EngineConfig config, ProcessWakeups process, Set<String> upkeepWarned) {
    String engineId = config.engineId().orElseGet(Engines::defaultEngineId);
    boolean virtual = config.virtualThreads() && VirtualThreads.available();
    int maxConcurrentRuns = maxConcurrentRuns(config.maxConcurrentRuns(), virtual);
    Registry registry = Registry.of(config.workflows(), config.discover());
    List<AutoCloseable> resources = new ArrayList<>();
    DataSource dataSource;
    if (config.dataSource().isPresent()) {
      dataSource = config.dataSource().get();
    } else {
      HikariDataSource pool = DataSources.pool(config, maxConcurrentRuns, engineId);
      resources.add(pool);
      dataSource = pool;
    }
    try {
      StoredForm form = StoredForm.of(config.payloadCodec().orElse(null));
      Stores stores = new Stores(dataSource, process.origin(), new StoreOptions(
          config.schema(), config.migrate(), config.pollOnly(), form));
      stores.openSchema();
      stores.requireDurableCommits();
      stores.upkeepWarning().filter(upkeepWarned::add).ifPresent(LOG::warn);
      RunStore store = stores.runs();
      Time time = new Time(config.clock());
      if (DataSources.isExclusive(config)) {
        int recovered = store.expireLeases(EventType.RUN_RECOVERED, time.now());
        if (recovered > 0) {
          LOG.info("recovered {} run(s) that a previous process left in flight", recovered);
        }
      }
      Observer observer = Observers.of(
          config.meterRegistry().orElse(null), config.openTelemetry().orElse(null));
      resources.add(0, observer);
      InjectedFaults faults = new InjectedFaults();
      AttemptRunner attempts = new AttemptRunner(observer, faults, virtual);
      StartWrites startWrites = new StartWrites(store);
      // the turns wake runs through the wake-ups, which signal the poll: both are made first
      PollLoop poll = Scheduler.pollLoop(config.pollInterval());
      EngineWakeups wakeups = new EngineWakeups(store, time, poll, process,
          DatabaseKey.of(config.dataSource().orElse(null), config.jdbcUrl(),
              config.user().orElse(null), config.schema().orElse(null)),
          engineId, config.leaseDuration());
      ProgressWrites progressWrites = new ProgressWrites(store, time, wakeups);
      Payloads payloads = new Payloads(config.objectMapper().orElseGet(Payloads::defaultMapper),
          config.maxPayloadBytes(), form);
      Hooks hooks = new Hooks(config.hooks());
      InFlight inFlight = new InFlight();
      Waiters waiters = new Waiters();
      SharedSlots sharedSlots = new SharedSlots(
          stores.queueSlots(), time, engineId, config.leaseDuration());
      Queues queues =
          new Queues(config.queues(), config.declaredQueues(), store, time, wakeups, sharedSlots);
      observeQueues(observer, config.queues().keySet(), queues, stores.tasks());
      OperatorViews views = new OperatorViews(
          stores.tasks(), stores.queues(), stores.overview(), stores.schedules(), time);
      if (!config.declaredQueues().isEmpty()) { // the engines serving queues of runs report them
        observer.queuesSeen(views::queues, config.pollInterval());
      }
      declareSignals(stores.signals(), time, registry);
      storeShapes(stores.shapes(), time, registry);
      Admissions admissions = Admissions.declare(stores.queues(), stores.queueSlots(), time,
          engineId,
          config.declaredQueues().values(), wakeups, config.pollInterval(),
          config.leaseDuration(), queues, observer);
      RunStarts starts =
          new RunStarts(registry, payloads, startWrites, store, stores.queues(), observer,
              config.leaseDuration());
      RunStatuses statuses =
          new RunStatuses(store, stores.attributes(), stores.schedules(), inFlight, form);
      SteeredElsewhere steeredElsewhere =
          new SteeredElsewhere(store, inFlight, waiters, wakeups);
      SignalTokens tokens = new SignalTokens(stores.signals(), time);
      TurnContext turnContext = new TurnContext(
          store, stores.tasks(), stores.signals(), stores.attributes(), payloads, time, hooks,
          observer, wakeups, tokens);
      Turns turns = new Turns(turnContext, progressWrites, attempts, queues, Jitter.RANDOM, poll,
          starts, statuses);
      Schedules schedules =
          Schedules.of(stores.schedules(), time, payloads, observer, wakeups, registry.workflows());
      Scheduler scheduler = new Scheduler(
          new RunClaims(store, time, registry, observer, engineId, config.leaseDuration()),
          new RunExecutor(
              registry, turnContext, turns, inFlight, waiters, steeredElsewhere, admissions,
              stores.lineages()),
          time, inFlight, wakeups, poll, schedules, admissions,
          new Leases(store, time, inFlight, engineId, config.leaseDuration(), steeredElsewhere,
              queues.sharesSlots() ? sharedSlots : null),
          maxConcurrentRuns, Threads.executor("durable-run", virtual, maxConcurrentRuns),
          config.shutdownTimeout());
      Retention retention = new Retention(store, time, config.retention());
      resources.add(0, progressWrites);
      resources.add(0, startWrites);
      resources.add(0, attempts);
      resources.add(0, time.onAdvance(scheduler::clockMoved));
      resources.add(0, retention);
      resources.add(0, admissions);
      resources.add(0, time.onAdvance(retention::clockMoved));
      RunValueReads values =
          new RunValueReads(store, stores.values(), payloads, process.values(), time,
              config.pollInterval());
      resources.add(0, values);
      // the engine's one listener, and its signals from the other engines and workers of this
      // process: made last, once everything it signals exists
      resources.add(0, wakeups.listen(admissions::queueMayHaveRuns, steeredElsewhere::stop,
          values::listening, "durable-listener-" + engineId));
      LOG.info("durable engine {} ready on {}{}{} with workflows {}; at most {} runs at once, on {}"
              + " threads", engineId,
          config.dataSource().isPresent()
              ? "a supplied DataSource" : JdbcUrls.masked(config.jdbcUrl()),
          config.schema().map(schema -> ", schema " + schema).orElse(""),
          config.pollOnly() ? ", poll-only" : "",
          registry.keys(), maxConcurrentRuns, virtual ? "virtual" : "platform");
      platformThreadsNote(config.virtualThreads(), virtual, maxConcurrentRuns)
          .ifPresent(LOG::info);
      if (!virtual && maxConcurrentRuns > EngineConfig.DEFAULT_MAX_CONCURRENT_RUNS_VIRTUAL) {
        LOG.warn("maxConcurrentRuns is {} on platform threads: up to {} platform threads, each with"
            + " a stack of its own (1 MiB reserved by default); on Java 21 or later, with virtual"
            + " threads, that many runs in flight take a few KiB of heap each", maxConcurrentRuns,
            maxConcurrentRuns);
      }
      return new DefaultEngine(engineId, store, stores.shapes(), time, payloads,
          wakeups, inFlight, waiters, registry, scheduler, starts, statuses,
          schedules, retention, values, views,
          new Steering(store, stores.tasks(), stores.queues(), time, wakeups, waiters,
              steeredElsewhere, observer),
          new SignalSender(store, stores.signals(), time, payloads, registry, wakeups, tokens),
          new RunForks(store, stores.lineages(), time, registry, wakeups, scheduler), faults,
          new Reencoding(stores.payloads(), form),
          Triggers.of(config.triggers(), stores.queues(), observer), resources);
    } catch (RuntimeException e) {
      for (AutoCloseable resource : resources) {
        try {
          resource.close();
        } catch (Exception suppressed) {
          e.addSuppressed(suppressed);
        }
      }
      throw e;
    }
  }

  /**
   * The runs a started engine executes at once: as configured, else the default for the threads
   * they execute on.
   */
  static int maxConcurrentRuns(OptionalInt configured, boolean virtual) {
    return configured.orElse(virtual
        ? EngineConfig.DEFAULT_MAX_CONCURRENT_RUNS_VIRTUAL
        : EngineConfig.DEFAULT_MAX_CONCURRENT_RUNS_PLATFORM);
  }

  /**
   * What an engine whose runs execute on platform threads tells its user at start, beside the
   * ready line: the limit that sets, and what virtual threads would change; empty on virtual
   * threads.
   *
   * @param wanted whether the configuration asks for virtual threads (the default)
   * @param virtual whether the runs execute on them
   */
  static Optional<String> platformThreadsNote(boolean wanted, boolean virtual, int max) {
    if (virtual) {
      return Optional.empty();
    }
    String limit = "each run in flight holds a platform thread of its own while its steps"
        + " execute, so this engine holds at most " + max + " runs in flight (maxConcurrentRuns)";
    if (!wanted) {
      return Optional.of("runs execute on platform threads, as configured (virtualThreads(false)):"
          + " " + limit);
    }
    return Optional.of("runs execute on platform threads: this JVM (Java "
        + Runtime.version().feature() + ") has no virtual threads; " + limit + ". On Java 21 or"
        + " later they execute on virtual threads, and one engine holds many more in flight ("
        + String.format(Locale.ROOT, "%,d", EngineConfig.DEFAULT_MAX_CONCURRENT_RUNS_VIRTUAL)
        + " by default, 100,000 when"
        + " maxConcurrentRuns allows it) with no more platform threads");
  }

  /** Reports the slots taken of each limited queue, and the tasks waiting for workers by step. */
  private static void observeQueues(
      Observer observer, Set<String> limited, Queues queues, TaskQueue tasks) {
    limited.forEach(queue -> observer.queueSlots(queue, () -> queues.used(queue)));
    observer.tasksWaiting(() -> tasks.queues().stream().collect(Collectors.toMap(
        TaskQueueInfo::step, queue -> (long) queue.queued(), Long::sum, TreeMap::new)));
  }

  private static String defaultEngineId() {
    String host;
    try {
      host = InetAddress.getLocalHost().getHostName();
    } catch (Exception e) {
      host = "localhost";
    }
    return host + "-" + ProcessHandle.current().pid() + "-"
        + UUID.randomUUID().toString().substring(0, 8);
  }

  /**
   * Stores the signal names of each registered workflow version, so that a sender that knows the
   * names alone (the CLI, the dashboard) refuses a misspelt one.
   */
  private static void declareSignals(SignalQueue signals, Time time, Registry registry) {
    for (DurableWorkflow<?> workflow : registry.workflows()) {
      WorkflowType<?> type = workflow.workflowType();
      signals.declare(new WorkflowKey(type.name(), type.version()),
          workflow.signals().stream().map(SignalType::name).toList(), time.now());
    }
  }

  /**
   * Stores the shape of each registered workflow version that has one, one upsert each, so that
   * a dashboard without the workflows' classes can draw it.
   */
  private static void storeShapes(StoredShapes shapes, Time time, Registry registry) {
    for (DurableWorkflow<?> workflow : registry.workflows()) {
      WorkflowType<?> type = workflow.workflowType();
      type.shape().ifPresent(shape -> shapes.store(
          new WorkflowKey(type.name(), type.version()), shape, time.now()));
    }
  }
}
