package dev.durable.bench;

import static dev.durable.bench.Figures.f0;
import static dev.durable.bench.Figures.f1;
import static dev.durable.bench.Figures.f2;
import static dev.durable.bench.Figures.verdict;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.StartOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import java.util.function.ToDoubleFunction;
import java.util.stream.IntStream;

/**
 * Phase (r), scale-out: 1, 2 and 4 engine processes ({@link ScaleEngine}, separate JVMs with
 * Durable's defaults) on one PostgreSQL, each pass in a fresh schema. The runs are started first,
 * from this JVM, by an engine that is never started itself (as an application's web tier starts
 * runs for the workers to execute); then the engines are launched, built, and started together
 * once all are built; the pass ends when the store holds every run completed. Two workloads: runs of one step that waits
 * {@code bench.ioStepMs} (a slow API: what bounds them is how many runs the engines keep in
 * flight), and runs of three instant steps (what bounds them is the database); each started
 * directly and through a run queue whose concurrency bounds the pass, where what matters is how
 * the engines share it. {@link #ROUNDS} rounds, the engine counts in opposite orders in turn.
 *
 * <p>Runs/s: the runs over the time from the first claim to the last completion, both as the
 * store recorded them ({@code run.claimed} in the history, the completed runs' last write), so
 * that the engines' start-up is not counted. Each engine's share: the runs it claimed over a fair
 * part (the runs over the engines).
 */
final class ScaleBench {
  static final int ROUNDS = 2;
  static final List<Integer> ENGINES = List.of(1, 2, 4);
  /** The queued passes' queue bounds them: 100 runs of a 1 s step at once, 16 instant. */
  static final int IO_QUEUE_CONCURRENCY = 100;
  static final int INSTANT_QUEUE_CONCURRENCY = 16;
  /** The queued passes' runs of a 1 s step, at most: fewer, as the queue bounds their rate. */
  static final int IO_QUEUED_RUNS = 2_000;
  static final double TWO_ENGINES_TARGET = 1.8;
  static final double FOUR_ENGINES_TARGET = 3.2;
  static final double SHARE_LOW = 0.7;
  static final double SHARE_HIGH = 1.3;
  private static final int STARTERS = 8;
  private static final Duration PASS_TIMEOUT = Duration.ofMinutes(10);

  /** A pass's runs: what they do, and whether they come through the queue. */
  record Shape(boolean io, boolean queued) {
    String describe(int stepMillis) {
      return (io ? "one " + stepMillis + " ms step" : "three instant steps")
          + (queued ? ", through a queue of concurrency " + queueConcurrency() : ", no queue");
    }

    int queueConcurrency() {
      return queued ? (io ? IO_QUEUE_CONCURRENCY : INSTANT_QUEUE_CONCURRENCY) : 0;
    }

    /** Its name in {@code bench.scaleShapes}. */
    String key() {
      return (io ? "io" : "instant") + (queued ? "-queued" : "");
    }
  }

  static final List<Shape> SHAPES = List.of(
      new Shape(true, false), new Shape(true, true), new Shape(false, false),
      new Shape(false, true));

  /**
   * What a pass cost, from the engines' start to the last completion: the machine's CPU use in
   * cores, the engines' CPU time per run, and the server's commits per run.
   */
  record Costs(double machineCores, double engineCpuMillisPerRun, double commitsPerRun) {}

  /**
   * One pass: its runs, the time from the first claim to the last completion, the runs each engine
   * claimed and (through a queue) was given by the admissions, and what it cost.
   */
  record Pass(Shape shape, int engines, int round, int runs, double seconds,
      Map<String, Integer> claims, Map<String, Integer> givenTo, Costs costs) {
    double runsPerSecond() {
      return runs / seconds;
    }

    /** The least and the most runs an engine claimed, over a fair part. */
    double lowestShare() {
      return claims.size() < engines ? 0
          : claims.values().stream().mapToInt(c -> c).min().orElse(0) / fair();
    }

    double highestShare() {
      return claims.values().stream().mapToInt(c -> c).max().orElse(0) / fair();
    }

    private double fair() {
      return (double) runs / engines;
    }
  }

  record Result(CommitBaseline.Measurement limit, int ioRuns, int stepMillis, List<Pass> passes) {
    List<Pass> of(Shape shape, int engines) {
      return passes.stream().filter(p -> p.shape().equals(shape) && p.engines() == engines)
          .toList();
    }

    double rate(Shape shape, int engines) {
      return of(shape, engines).stream().mapToDouble(Pass::runsPerSecond).average().orElse(0);
    }
  }

  private ScaleBench() {}

  static Report alone(Database database, BenchConfig config, Consumer<String> progress)
      throws Exception {
    CommitBaseline.Measurement limit = CommitBaseline.beforeAPhase(database, progress);
    List<Pass> passes = new ArrayList<>();
    for (int round = 0; round < ROUNDS; round++) {
      List<Integer> order = new ArrayList<>(ENGINES);
      if (round % 2 == 1) {
        Collections.reverse(order);
      }
      for (int engines : order) {
        for (Shape shape : SHAPES) {
          if (!config.scaleShapes().contains(shape.key())) {
            continue;
          }
          Pass pass = pass(config, shape, engines, round);
          passes.add(pass);
          progress.accept(String.format(Locale.ROOT,
              "(r) round %d, %d engine(s), %s: %s runs/s, shares of fair %s-%s, claims %s%s;"
                  + " machine %s cores, engines' CPU %s ms per run, %s commits per run",
              round + 1, engines, shape.describe(config.ioStepMs()), f1(pass.runsPerSecond()),
              f2(pass.lowestShare()), f2(pass.highestShare()), pass.claims(),
              pass.givenTo().isEmpty() ? "" : ", given to " + pass.givenTo(),
              f2(pass.costs().machineCores()), f2(pass.costs().engineCpuMillisPerRun()),
              f2(pass.costs().commitsPerRun())));
        }
      }
    }
    Result result = new Result(limit, config.ioRuns(), config.ioStepMs(), passes);
    Report report = new Report();
    report.heading("Scale-out: engine processes sharing one " + database.product());
    report.lines("Store: a fresh schema for each pass, beside the one where the limit was"
            + " measured: " + database.where() + ".",
        limit.justBefore() + " The engines, this JVM and PostgreSQL share the CPUs.");
    report(report, result);
    return report;
  }

  /** One pass, in a fresh schema: the runs started, then {@code engines} engines launched. */
  private static Pass pass(BenchConfig config, Shape shape, int engines, int round)
      throws Exception {
    int runs = shape.io()
        ? (shape.queued() ? Math.min(IO_QUEUED_RUNS, config.ioRuns()) : config.ioRuns())
        : (shape.queued() ? config.scaleRuns() / 4 : config.scaleRuns());
    try (Database fresh = Database.open("pg", config)) {
      // the client makes the schema the engines use; closed, its session's counts are flushed
      try (DurableEngine client = client(fresh, shape)) {
        startRuns(client, shape, runs, config.ioStepMs());
      }
      fresh.settle(); // analyzed after the bulk of inserts, as autovacuum would have by now
      Path logs = Files.createDirectories(config.out().resolve("scale-logs"));
      List<EngineJvm> launched = new ArrayList<>();
      CpuMeter.Usage machine;
      double engineCpuMillisPerRun;
      long commitsBefore;
      try {
        for (int i = 1; i <= engines; i++) {
          String id = "engine-" + i;
          launched.add(ScaleEngine.launch(fresh.jdbcUrl(), id, shape.queueConcurrency(),
              logs.resolve(String.format(Locale.ROOT, "r%d-%s-%d-%s.log", round + 1,
                  (shape.io() ? "io" : "instant") + (shape.queued() ? "-queued" : ""), engines,
                  id))));
        }
        for (EngineJvm engine : launched) {
          engine.awaitReady(ScaleEngine.READY_TIMEOUT); // warmed up, the warm-up's sessions ended
        }
        commitsBefore = fresh.committedTransactions().orElse(0);
        long cpuBefore = launched.stream().mapToLong(EngineJvm::cpuNanos).sum();
        CpuMeter.Reading before = CpuMeter.read();
        for (EngineJvm engine : launched) {
          engine.go();
        }
        awaitCompleted(fresh, runs);
        machine = CpuMeter.read().since(before);
        long cpu = launched.stream().mapToLong(EngineJvm::cpuNanos).sum() - cpuBefore;
        engineCpuMillisPerRun = cpu / 1e6 / runs;
      } finally {
        for (EngineJvm engine : launched) {
          engine.close();
        }
      }
      // read once the engines' sessions have ended, which flushes their counts to the server's
      long commits = fresh.committedTransactions().orElse(0) - commitsBefore;
      return measured(fresh, shape, engines, round, runs,
          new Costs(machine.machineCores(), engineCpuMillisPerRun, (double) commits / runs));
    }
  }

  /** The engine that starts the pass's runs, and is never started itself. */
  private static DurableEngine client(Database database, Shape shape) {
    DurableEngine.Builder builder = DurableEngine.builder()
        .jdbcUrl(database.jdbcUrl())
        .engineId("scale-client")
        .discover(false)
        .register(new IoWorkflowDurable(new IoCall()))
        .register(new BenchWorkflowDurable());
    if (shape.queued()) {
      builder.queue(ScaleEngine.queue(shape.queueConcurrency()));
    }
    return builder.build();
  }

  /** Starts the pass's runs from {@link #STARTERS} threads. */
  private static void startRuns(DurableEngine client, Shape shape, int runs, int stepMillis)
      throws Exception {
    ExecutorService starters = Executors.newFixedThreadPool(STARTERS);
    try {
      IoWorkflowClient io = IoWorkflowClient.of(client);
      BenchWorkflowClient instant = BenchWorkflowClient.of(client);
      List<Future<?>> started = new ArrayList<>();
      for (int s = 0; s < STARTERS; s++) {
        int starter = s;
        started.add(starters.submit(() -> IntStream.range(0, runs)
            .filter(i -> i % STARTERS == starter).forEach(i -> {
              StartOptions.Builder options = StartOptions.builder().runId("run-" + i);
              if (shape.queued()) {
                options.queue(ScaleEngine.QUEUE);
              }
              if (shape.io()) {
                io.start(options.build(), stepMillis);
              } else {
                instant.start(options.build(), i);
              }
            })));
      }
      for (Future<?> future : started) {
        future.get();
      }
    } finally {
      starters.shutdownNow();
    }
  }

  private static void awaitCompleted(Database database, int runs) throws Exception {
    long deadline = System.nanoTime() + PASS_TIMEOUT.toNanos();
    try (Connection connection = database.connect();
        PreparedStatement completed = connection.prepareStatement(
            "SELECT COUNT(*) FROM durable_runs WHERE status = 'COMPLETED'")) {
      while (true) {
        try (ResultSet rows = completed.executeQuery()) {
          rows.next();
          if (rows.getLong(1) >= runs) {
            return;
          }
        }
        if (System.nanoTime() > deadline) {
          throw new IllegalStateException("the runs of a scale-out pass did not all complete"
              + " within " + PASS_TIMEOUT + "; see the engines' logs");
        }
        Thread.sleep(200); // a poll of the store, as an operator's dashboard would
      }
    }
  }

  /** The pass, with the figures the store recorded: the window, the claims and admissions. */
  private static Pass measured(Database database, Shape shape, int engines, int round, int runs,
      Costs costs) throws SQLException {
    try (Connection connection = database.connect()) {
      double seconds;
      try (PreparedStatement window = connection.prepareStatement("SELECT EXTRACT(EPOCH FROM"
          + " (SELECT MAX(updated_at) FROM durable_runs WHERE status = 'COMPLETED')"
          + " - (SELECT MIN(at) FROM durable_events WHERE type = 'run.claimed'))");
          ResultSet rows = window.executeQuery()) {
        rows.next();
        seconds = rows.getDouble(1);
      }
      Map<String, Integer> claims = new TreeMap<>();
      try (PreparedStatement byEngine = connection.prepareStatement("SELECT detail,"
          + " COUNT(DISTINCT run_id) FROM durable_events WHERE type = 'run.claimed'"
          + " GROUP BY detail");
          ResultSet rows = byEngine.executeQuery()) {
        while (rows.next()) {
          claims.put(rows.getString(1), rows.getInt(2));
        }
      }
      Map<String, Integer> givenTo = new TreeMap<>();
      if (shape.queued()) {
        try (PreparedStatement byEngine = connection.prepareStatement("SELECT admitted_by,"
            + " COUNT(*) FROM durable_runs WHERE admitted_by IS NOT NULL GROUP BY admitted_by");
            ResultSet rows = byEngine.executeQuery()) {
          while (rows.next()) {
            givenTo.put(rows.getString(1), rows.getInt(2));
          }
        } catch (SQLException e) {
          // a store before V30 does not say which engine a run was given to: none counted
        }
      }
      return new Pass(shape, engines, round, runs, seconds, claims, givenTo, costs);
    }
  }

  private static double mean(List<Pass> passes, ToDoubleFunction<Pass> f) {
    return passes.stream().mapToDouble(f).average().orElse(0);
  }

  /** The phase's section of a report. */
  static void report(Report report, Result r) {
    report.heading("(r) Scale-out: 1, 2 and 4 engine processes on one database");
    report.lines("Each engine a JVM of its own with Durable's defaults (a JDBC URL, an engine id,"
            + " the workflows; its own pool; the default maxConcurrentRuns), each pass in a fresh"
            + " schema: the runs started first from " + STARTERS + " threads of the bench's JVM by"
            + " an engine that is never started, then the engines launched, and started together"
            + " once all are built. Runs/s: the runs over the time from the first claim to"
            + " the last completion as the store recorded them (the engines' start-up not"
            + " counted). Shares: the runs each engine claimed over a fair part (runs / engines),"
            + " the lowest and the highest. The machine's CPU use (steal apart), the engines' CPU"
            + " time over the runs and the server's commits over the runs are counted from the"
            + " engines' start to the last completion. " + ROUNDS + " rounds, the engine counts in"
            + " opposite orders.");
    Report.TableBuilder table = report.table("runs", "engines", "runs/s by round",
        "runs/s, mean", "x one engine", "shares of fair, lowest-highest", "machine, cores",
        "engines' CPU per run", "commits per run");
    for (Shape shape : SHAPES) {
      if (r.of(shape, 1).isEmpty()) {
        continue; // not measured this time (bench.scaleShapes)
      }
      double one = r.rate(shape, 1);
      for (int engines : ENGINES) {
        List<Pass> passes = r.of(shape, engines);
        table.row(f0(passes.isEmpty() ? 0 : passes.get(0).runs()) + " of "
                + shape.describe(r.stepMillis()), Integer.toString(engines),
            String.join(", ", passes.stream().map(p -> f1(p.runsPerSecond())).toList()),
            f1(r.rate(shape, engines)), f2(r.rate(shape, engines) / one),
            f2(passes.stream().mapToDouble(Pass::lowestShare).min().orElse(0)) + "-"
                + f2(passes.stream().mapToDouble(Pass::highestShare).max().orElse(0)),
            f2(mean(passes, p -> p.costs().machineCores())),
            f2(mean(passes, p -> p.costs().engineCpuMillisPerRun())) + " ms",
            f2(mean(passes, p -> p.costs().commitsPerRun())));
      }
    }
    report.heading("Targets");
    Report.TableBuilder targets = report.table("target", "required", "measured", "result");
    Shape io = new Shape(true, false);
    for (int engines : r.of(io, 1).isEmpty() ? List.<Integer>of() : List.of(2, 4)) {
      double target = engines == 2 ? TWO_ENGINES_TARGET : FOUR_ENGINES_TARGET;
      double ratio = r.rate(io, engines) / r.rate(io, 1);
      targets.row("(r) I/O-bound runs/s, " + engines + " engines over one",
          ">= " + f1(target) + "x", f2(ratio) + "x", verdict(ratio >= target));
    }
    Shape instant = new Shape(false, false);
    if (!r.of(instant, 1).isEmpty()) {
      double instantTwo = r.rate(instant, 2) / r.rate(instant, 1);
      targets.row("(r) instant steps, 2 engines no slower than one", ">= 1.00x",
          f2(instantTwo) + "x", verdict(instantTwo >= 1));
    }
    double low = r.passes().stream().filter(p -> p.engines() > 1)
        .mapToDouble(Pass::lowestShare).min().orElse(0);
    double high = r.passes().stream().filter(p -> p.engines() > 1)
        .mapToDouble(Pass::highestShare).max().orElse(0);
    targets.row("(r) every engine's share, every pass of 2 and 4 engines",
        f2(SHARE_LOW) + "-" + f2(SHARE_HIGH) + " of fair", f2(low) + "-" + f2(high),
        verdict(low >= SHARE_LOW && high <= SHARE_HIGH));
  }
}
