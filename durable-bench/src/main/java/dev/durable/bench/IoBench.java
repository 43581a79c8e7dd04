package dev.durable.bench;

import static dev.durable.bench.Figures.f0;
import static dev.durable.bench.Figures.f1;
import static dev.durable.bench.Figures.f2;
import static dev.durable.bench.Figures.verdict;

import dev.dbos.transact.DBOS;
import dev.dbos.transact.StartWorkflowOptions;
import dev.dbos.transact.config.DBOSConfig;
import dev.dbos.transact.workflow.WorkflowHandle;
import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.RunHandle;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Consumer;

/**
 * Phase (j), I/O-bound work: runs of one step that blocks for {@code bench.ioStepMs} (a sleep
 * standing in for an HTTP call to a slow service), {@code bench.ioRuns} of them started at once,
 * on Durable with its default settings and, on PostgreSQL, on DBOS Transact with its defaults, in
 * the same JVM one after the other, {@link #ROUNDS} rounds with the first in a round alternating.
 * Each pass ({@link IoPass}) has an engine of its own, started before it and closed after it, with
 * a short warm-up. Where steps wait on the network rather than the database, what bounds the rate
 * is how many runs an engine keeps in flight, and what each costs in threads and heap.
 */
final class IoBench {
  static final int ROUNDS = 2;
  /** Runs/s at least this share of (b)'s workflows/s, on Java 21 and later. */
  static final double CONCURRENT_SHARE_TARGET = 0.8;
  /** Warm-up runs before each pass, with a step of {@value #WARMUP_STEP_MILLIS} ms. */
  static final int WARMUP_RUNS = 200;
  static final int WARMUP_STEP_MILLIS = 1;

  /** An engine of the phase: started for one pass and closed after it. */
  interface Contender extends IoPass.Engine, AutoCloseable {}

  /**
   * The phase on one store.
   *
   * @param concurrentRate (b)'s workflows/s when (b) ran in this invocation
   * @param dbosVersion DBOS's version where DBOS ran (PostgreSQL)
   * @param durable Durable's passes, by round
   * @param dbos DBOS's passes, by round; empty where DBOS did not run
   */
  record Result(
      String java, boolean virtualThreads, long maxHeap, int runs, int stepMillis,
      OptionalDouble concurrentRate, Optional<String> dbosVersion, List<IoPass.Result> durable,
      List<IoPass.Result> dbos) {
    Result {
      durable = List.copyOf(durable);
      dbos = List.copyOf(dbos);
    }

    /** Durable's runs/s: the mean of its rounds'. */
    double durableRate() {
      return mean(durable);
    }

    double dbosRate() {
      return mean(dbos);
    }

    private static double mean(List<IoPass.Result> passes) {
      return passes.stream().mapToDouble(IoPass.Result::runsPerSecond).average().orElse(0);
    }
  }

  private IoBench() {}

  /** The phase alone: the database's limit first, for context, then the passes. */
  static Report alone(Database database, BenchConfig config, Consumer<String> progress)
      throws Exception {
    CommitBaseline.Measurement limit = CommitBaseline.beforeAPhase(database, progress);
    Result result = run(database, config, OptionalDouble.empty(), progress);
    Report report = new Report();
    report.heading("Durable I/O-bound benchmark on " + database.product());
    report.lines("Store: " + database.where() + ".",
        limit.justBefore());
    report(report, result);
    report.heading("Targets");
    targets(report.table("target", "required", "measured", "result"), result);
    return report;
  }

  /**
   * Measures the phase on {@code database}; DBOS too where it is PostgreSQL, in a database of its
   * own that is dropped afterwards.
   */
  static Result run(
      Database database, BenchConfig config, OptionalDouble concurrentRate,
      Consumer<String> progress) throws Exception {
    int runs = config.ioRuns();
    int stepMillis = config.ioStepMs();
    boolean withDbos = database.id().equals("pg");
    progress.accept("(j) I/O-bound: " + f0(runs) + " runs of one " + stepMillis
        + " ms step, started at once, Durable" + (withDbos ? " and DBOS Transact" : "")
        + " with default settings, " + ROUNDS + " rounds; Java "
        + System.getProperty("java.version") + ", virtual threads "
        + (IoCall.virtualThreadsAvailable() ? "available" : "not available"));
    IoCall service = new IoCall();
    // as long as the runs would take one after another, and ten minutes more
    Duration await = Duration.ofMillis((long) runs * stepMillis).plusMinutes(10);
    List<IoPass.Result> durable = new ArrayList<>();
    List<IoPass.Result> dbos = new ArrayList<>();
    DbosDatabase dbosDatabase = withDbos ? new DbosDatabase(config.pgUrl()) : null;
    if (withDbos) {
      database.alsoMaintain(dbosDatabase.jdbcUrl());
    }
    try {
      for (int round = 0; round < ROUNDS; round++) {
        boolean durableFirst = round % 2 == 0;
        for (int turn = 0; turn < (withDbos ? 2 : 1); turn++) {
          boolean isDurable = !withDbos || (turn == 0) == durableFirst;
          String name = isDurable ? "Durable" : "DBOS";
          database.settle();
          IoPass.Result pass;
          try (Contender contender = isDurable
              ? durable(database, service, await) : dbos(dbosDatabase, service)) {
            IoPass.run(contender, service, Math.min(runs, WARMUP_RUNS), WARMUP_STEP_MILLIS);
            pass = IoPass.run(contender, service, runs, stepMillis);
          }
          (isDurable ? durable : dbos).add(pass);
          progress.accept("(j) round " + (round + 1) + " of " + ROUNDS + ", " + name + ": "
              + f1(pass.runsPerSecond()) + " runs/s, " + f0(pass.peakInCall())
              + " in flight at the peak, latency p50 " + seconds(pass.latency().p50()) + ", p99 "
              + seconds(pass.latency().p99()) + ", " + heapPerRun(pass)
              + " heap per run in flight, " + pass.maxThreads() + " platform threads at most");
        }
      }
    } finally {
      if (withDbos) {
        database.stopMaintaining(dbosDatabase.jdbcUrl());
        dbosDatabase.close();
      }
    }
    return new Result(System.getProperty("java.version"), IoCall.virtualThreadsAvailable(),
        Runtime.getRuntime().maxMemory(), runs, stepMillis, concurrentRate,
        withDbos ? Optional.of(DBOS.version()) : Optional.empty(), durable, dbos);
  }

  /**
   * Durable as an application starts it: a JDBC URL and the workflow, nothing else set but
   * discovery, turned off so that the module's other workflows stay out of the engine.
   */
  static Contender durable(Database database, IoCall service, Duration await) {
    DurableEngine engine = DurableEngine.builder()
        .jdbcUrl(database.jdbcUrl())
        .discover(false)
        .register(new IoWorkflowDurable(service))
        .build();
    try {
      engine.start();
    } catch (RuntimeException | Error e) {
      engine.close();
      throw e;
    }
    IoWorkflowClient client = IoWorkflowClient.of(engine);
    return new Contender() {
      @Override
      public IoPass.Started start(String runId, int stepMillis) {
        RunHandle<Integer> handle = client.start(runId, stepMillis);
        return () -> handle.await(await);
      }

      @Override
      public void close() {
        engine.close();
      }
    };
  }

  /**
   * DBOS as its documentation sets it up: {@code DBOSConfig.defaults} with a database URL, user and
   * password.
   */
  private static Contender dbos(DbosDatabase database, IoCall service) {
    DBOS dbos = new DBOS(DBOSConfig.defaults(DbosBench.APP_NAME)
        .withDatabaseUrl(database.jdbcUrl())
        .withDbUser(database.user())
        .withDbPassword(database.password()));
    DbosIoWorkflow proxy;
    try {
      DbosIoWorkflowImpl workflow = new DbosIoWorkflowImpl(service);
      proxy = dbos.registerProxy(DbosIoWorkflow.class, workflow);
      workflow.proxy(proxy);
      dbos.launch();
    } catch (RuntimeException | Error e) {
      dbos.close();
      throw e;
    }
    return new Contender() {
      @Override
      public IoPass.Started start(String runId, int stepMillis) throws Exception {
        WorkflowHandle<Integer, RuntimeException> handle =
            dbos.startWorkflow(() -> proxy.run(stepMillis), new StartWorkflowOptions(runId));
        return handle::getResult;
      }

      @Override
      public void close() {
        dbos.close();
      }
    };
  }

  /** The phase's section of a report. */
  static void report(Report report, Result r) {
    report.heading("(j) I/O-bound: runs of one step that waits " + f0(r.stepMillis())
        + " ms, " + f0(r.runs()) + " started at once");
    report.lines(
        "Java " + r.java() + ", virtual threads " + (r.virtualThreads()
            ? "available (Java 21 and later)" : "not available (before Java 21)") + ", heap "
            + r.maxHeap() / (1 << 20) + " MiB.",
        "The workflow: one @Step that blocks in Thread.sleep(" + r.stepMillis() + " ms), standing"
            + " in for an HTTP call to a slow service. Durable with its default settings (an engine"
            + " given a JDBC URL and the workflow, nothing else: its own pool, its default"
            + " maxConcurrentRuns)"
            + r.dbosVersion().map(v -> " and DBOS Transact " + v + " with its defaults"
                + " (DBOSConfig.defaults with a database URL, user and password: its own pool),"
                + " in a database of its own on the same server,").orElse("")
            + " in this JVM, one after the other, "
            + ROUNDS + " rounds" + (r.dbos().isEmpty() ? "" : ", the first in a round alternating")
            + "; a fresh engine for each pass, warmed up with " + WARMUP_RUNS + " runs of a "
            + WARMUP_STEP_MILLIS + " ms step.",
        "Runs started from " + IoPass.STARTERS + " threads as fast as the engine takes them, and"
            + " awaited by " + IoPass.AWAITERS + " in the order they were started. Runs/s: runs"
            + " over the time from the first start to the last result. In flight: steps in"
            + " progress at once, counted in the step. Latency: start to result as the awaiter"
            + " saw it.",
        "Heap per run in flight: heap in use after a full collection at the peak of steps in"
            + " progress, minus heap in use after a full collection before the pass (engine up"
            + " and idle), over the steps in progress just before the collection; it includes"
            + " the engine's queued runs and the clients' handles, and on H2 the growth of the"
            + " database's own cache, which lives in this heap; with few steps in flight it is"
            + " mostly noise. Platform threads as the JVM"
            + " counts them (virtual threads not included), the pass's own "
            + IoPass.ownThreads() + " (starters, awaiters, sampler) included from the peak on.");
    Report.TableBuilder table = report.table("pass", "runs/s", "over (b)",
        "in flight: peak (at the collection)", "latency p50 / p99", "heap per run in flight",
        "platform threads: before / at the peak / max", "steps on virtual threads");
    for (int round = 0; round < ROUNDS; round++) {
      boolean durableFirst = round % 2 == 0;
      if (durableFirst || r.dbos().isEmpty()) {
        row(table, r, "Durable", round);
        dbosRow(table, r, round);
      } else {
        dbosRow(table, r, round);
        row(table, r, "Durable", round);
      }
    }
    String rates = "Runs/s, mean of the rounds: Durable " + f1(r.durableRate())
        + r.concurrentRate().stream().mapToObj(b -> " (" + f2(r.durableRate() / b) + " of (b)'s "
            + f0(b) + " workflows/s)").findFirst().orElse(" ((b) not run)");
    if (!r.dbos().isEmpty()) {
      rates += ", DBOS " + f1(r.dbosRate()) + "; Durable vs DBOS "
          + DbosBench.times(r.durableRate() / r.dbosRate());
    }
    report.lines(rates + ".");
  }

  private static void dbosRow(Report.TableBuilder table, Result r, int round) {
    if (!r.dbos().isEmpty()) {
      row(table, r, "DBOS", round);
    }
  }

  private static void row(Report.TableBuilder table, Result r, String name, int round) {
    IoPass.Result p = (name.equals("Durable") ? r.durable() : r.dbos()).get(round);
    table.row(name + ", round " + (round + 1), f1(p.runsPerSecond()),
        r.concurrentRate().stream().mapToObj(b -> f2(p.runsPerSecond() / b)).findFirst()
            .orElse("(b) not run"),
        f0(p.peakInCall()) + " (" + f0(p.inCallAtCollection()) + ")",
        seconds(p.latency().p50()) + " / " + seconds(p.latency().p99()), heapPerRun(p),
        p.threadsBefore() + " / " + p.threadsAtPeak() + " / " + p.maxThreads(),
        f0(p.onVirtualThreads()) + " of " + f0(p.runs()));
  }

  /** The phase's rows of a targets table (target, required, measured, result). */
  static void targets(Report.TableBuilder table, Result r) {
    String share = "(j) I/O-bound runs/s >= " + f2(CONCURRENT_SHARE_TARGET)
        + " x (b)'s workflows/s, Java 21+, defaults";
    if (r.concurrentRate().isEmpty()) {
      table.row(share, "", f1(r.durableRate()) + " runs/s", "(b) not run");
    } else {
      double b = r.concurrentRate().getAsDouble();
      boolean pass = r.durableRate() >= CONCURRENT_SHARE_TARGET * b;
      table.row(share, ">= " + f1(CONCURRENT_SHARE_TARGET * b) + " runs/s",
          f1(r.durableRate()) + " runs/s (" + f2(r.durableRate() / b) + "x)",
          r.virtualThreads() ? verdict(pass) : "(set for Java 21+; " + verdict(pass) + ")");
    }
    String ahead = "(j) I/O-bound runs/s ahead of DBOS Transact's, both with defaults";
    if (r.dbos().isEmpty()) {
      table.row(ahead, "", f1(r.durableRate()) + " runs/s", "(DBOS runs on PostgreSQL only)");
    } else {
      table.row(ahead, "> " + f1(r.dbosRate()) + " runs/s",
          f1(r.durableRate()) + " runs/s (" + DbosBench.times(r.durableRate() / r.dbosRate())
              + ")", verdict(r.durableRate() > r.dbosRate()));
    }
  }

  private static String heapPerRun(IoPass.Result p) {
    return p.heapMeasured() ? f1(p.heapPerRunInFlight() / 1024) + " KiB" : "(no peak seen)";
  }

  private static String seconds(long nanos) {
    return String.format(Locale.ROOT, "%.2f s", nanos / 1e9);
  }
}
