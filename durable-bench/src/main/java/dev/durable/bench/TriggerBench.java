package dev.durable.bench;

import static dev.durable.bench.Figures.f0;
import static dev.durable.bench.Figures.f1;
import static dev.durable.bench.Figures.f2;

import dev.durable.runtime.DurableEngine;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.function.ToDoubleFunction;

/**
 * Phase (u), trigger throughput, PostgreSQL only: messages turned into runs by a trigger
 * ({@code durable-nats}, {@code durable-rabbitmq}) on 1 and 2 engine processes ({@link
 * TriggerEngine}, separate JVMs with Durable's defaults, as in phase (r)), beside the plain start:
 * the same runs started by the generated client's {@code start(runId, input)} in the engines'
 * JVMs, from one thread per engine as a trigger starts its runs from one, no broker. Each pass in
 * a fresh schema; a trigger's pass on a fresh stream or queue that holds all its messages before
 * the engines start (published up front, not timed). {@link #ROUNDS} rounds, the sources and the
 * engine counts in opposite orders in turn, so that the machine's drift falls on all alike.
 *
 * <p>Runs stored per second: the runs over the time from the first run stored to the last, as the
 * store recorded them ({@code created_at}); runs completed per second: over the time from the first
 * stored to the last completed run's write. Each engine's share: the messages its trigger started
 * runs for over a fair part (the messages over the engines); duplicates: the starts that found
 * their run already stored, as the triggers count them (0 when each message is delivered once).
 */
final class TriggerBench {
  static final int ROUNDS = 2;
  static final List<Integer> ENGINES = List.of(1, 2);
  private static final Duration PASS_TIMEOUT = Duration.ofMinutes(15);

  /** What a pass cost from the engines' start to the last completion, as phase (r) counts it. */
  record Costs(double machineCores, double engineCpuMillisPerRun, double commitsPerRun) {}

  /**
   * One pass: where its runs came from ({@value TriggerEngine#PLAIN} or a broker), its engines,
   * the runs the store holds, the windows from the first stored run to the last stored and to the
   * last completed, what each engine's trigger (or plain start) started, the runs each engine
   * claimed, what publishing the messages up front took, and what the pass cost.
   */
  record Pass(String source, int engines, int round, int messages, long stored,
      double storedSeconds, double completedSeconds, Map<String, TriggerEngine.Started> started,
      Map<String, Integer> claims, double publishSeconds, Costs costs) {
    double storedPerSecond() {
      return stored / storedSeconds;
    }

    double completedPerSecond() {
      return stored / completedSeconds;
    }

    long duplicates() {
      return started.values().stream().mapToLong(TriggerEngine.Started::duplicates).sum();
    }

    long setAside() {
      return started.values().stream().mapToLong(TriggerEngine.Started::deadLettered).sum();
    }

    long redelivered() {
      return started.values().stream().mapToLong(TriggerEngine.Started::redelivered).sum();
    }

    /** The runs each engine started, over a fair part: the least and the most. */
    double lowestShare() {
      return started.values().stream().mapToLong(TriggerEngine.Started::started).min().orElse(0)
          / fair();
    }

    double highestShare() {
      return started.values().stream().mapToLong(TriggerEngine.Started::started).max().orElse(0)
          / fair();
    }

    double lowestClaims() {
      return claims.size() < engines ? 0
          : claims.values().stream().mapToInt(c -> c).min().orElse(0) / fair();
    }

    double highestClaims() {
      return claims.values().stream().mapToInt(c -> c).max().orElse(0) / fair();
    }

    private double fair() {
      return (double) messages / engines;
    }
  }

  record Result(int messages, Map<String, String> brokers, List<Pass> passes) {
    List<Pass> of(String source, int engines) {
      return passes.stream().filter(p -> p.source().equals(source) && p.engines() == engines)
          .toList();
    }

    /**
     * The pass's runs stored/s over the plain start's with as many engines in the same round:
     * the two measured minutes apart, where the means of the rounds mix the machine's drift in.
     */
    double overPlain(Pass pass) {
      return passes.stream().filter(p -> p.source().equals(TriggerEngine.PLAIN)
              && p.engines() == pass.engines() && p.round() == pass.round())
          .mapToDouble(p -> pass.storedPerSecond() / p.storedPerSecond()).findFirst().orElse(0);
    }

    double mean(String source, int engines, ToDoubleFunction<Pass> f) {
      return of(source, engines).stream().mapToDouble(f).average().orElse(0);
    }
  }

  private TriggerBench() {}

  static Report alone(Database database, BenchConfig config, Consumer<String> progress)
      throws Exception {
    CommitBaseline.Measurement limit = CommitBaseline.beforeAPhase(database, progress);
    Map<String, String> brokers = new LinkedHashMap<>();
    for (String broker : config.triggerBrokers()) {
      try (TriggerSource source = TriggerSource.named(broker)) {
        brokers.put(broker, source.title() + " at " + source.where());
      }
    }
    List<String> sources = new ArrayList<>();
    sources.add(TriggerEngine.PLAIN);
    sources.addAll(config.triggerBrokers());
    List<Pass> passes = new ArrayList<>();
    for (int round = 0; round < ROUNDS; round++) {
      List<Integer> counts = new ArrayList<>(ENGINES);
      List<String> order = new ArrayList<>(sources);
      if (round % 2 == 1) {
        Collections.reverse(counts);
        Collections.reverse(order);
      }
      for (int engines : counts) {
        for (String source : order) {
          Pass pass = pass(config, source, engines, round);
          passes.add(pass);
          progress.accept(String.format(Locale.ROOT,
              "(u) round %d, %d engine(s), %s: %d runs stored, %s stored/s, %s completed/s,"
                  + " started %s, duplicates %d, redelivered %d, claims %s%s; machine %s cores,"
                  + " engines' CPU %s ms per run, %s commits per run",
              round + 1, engines, title(source), pass.stored(), f1(pass.storedPerSecond()),
              f1(pass.completedPerSecond()), startedCounts(pass), pass.duplicates(),
              pass.redelivered(), pass.claims(),
              pass.publishSeconds() > 0 ? ", published up front in "
                  + f1(pass.publishSeconds()) + " s" : "",
              f2(pass.costs().machineCores()), f2(pass.costs().engineCpuMillisPerRun()),
              f2(pass.costs().commitsPerRun())));
        }
      }
    }
    Report report = new Report();
    report.heading("Trigger throughput: messages to runs on " + database.product());
    report.lines("Store: a fresh schema for each pass, beside the one where the limit was"
            + " measured: " + database.where() + ".",
        "Brokers: " + String.join("; ", brokers.values()) + ".",
        limit.justBefore() + " The engines, this JVM, the brokers and PostgreSQL share the CPUs.");
    report(report, new Result(config.triggerMessages(), brokers, passes));
    return report;
  }

  /**
   * One pass, in a fresh schema: the messages published to a fresh stream or queue (none for the
   * plain start), then {@code engines} engines launched, started together once all are built, and
   * the pass over when the store holds every run completed.
   */
  private static Pass pass(BenchConfig config, String source, int engines, int round)
      throws Exception {
    int messages = config.triggerMessages();
    String name = "durable-bench-u-" + System.currentTimeMillis();
    try (Database fresh = Database.open("pg", config);
        TriggerSource broker = source.equals(TriggerEngine.PLAIN) ? null
            : TriggerSource.named(source)) {
      // an engine never started: its build makes the schema the engines use (they do not
      // migrate); closed, its session's counts are flushed
      DurableEngine.builder().jdbcUrl(fresh.jdbcUrl()).engineId("trigger-bench-schema")
          .discover(false).register(new TriggerBenchWorkflowDurable()).build().close();
      double publishSeconds = 0;
      if (broker != null) {
        long before = System.nanoTime();
        broker.fill(name, messages);
        publishSeconds = (System.nanoTime() - before) / 1e9;
      }
      try {
        fresh.settle();
        Path logs = Files.createDirectories(config.out().resolve("trigger-logs"));
        List<EngineJvm> launched = new ArrayList<>();
        Map<String, TriggerEngine.Started> started = new TreeMap<>();
        CpuMeter.Usage machine;
        double engineCpuMillisPerRun;
        long commitsBefore;
        try {
          for (int i = 0; i < engines; i++) {
            String id = "engine-" + (i + 1);
            launched.add(TriggerEngine.launch(fresh.jdbcUrl(), id, source, name, i, engines,
                messages, logs.resolve(String.format(Locale.ROOT, "r%d-%s-%d-%s.log",
                    round + 1, source, engines, id))));
          }
          for (EngineJvm engine : launched) {
            engine.awaitReady(TriggerEngine.READY_TIMEOUT);
          }
          commitsBefore = fresh.committedTransactions().orElse(0);
          long cpuBefore = launched.stream().mapToLong(EngineJvm::cpuNanos).sum();
          CpuMeter.Reading before = CpuMeter.read();
          for (EngineJvm engine : launched) {
            engine.go();
          }
          awaitCompleted(fresh, messages);
          machine = CpuMeter.read().since(before);
          long cpu = launched.stream().mapToLong(EngineJvm::cpuNanos).sum() - cpuBefore;
          engineCpuMillisPerRun = cpu / 1e6 / messages;
          for (EngineJvm engine : launched) {
            started.put(engine.engineId(), TriggerEngine.started(engine));
          }
        } finally {
          for (EngineJvm engine : launched) {
            engine.close();
          }
        }
        // read once the engines' sessions have ended, which flushes their counts to the server's
        long commits = fresh.committedTransactions().orElse(0) - commitsBefore;
        return measured(fresh, source, engines, round, messages, started, publishSeconds,
            new Costs(machine.machineCores(), engineCpuMillisPerRun,
                (double) commits / messages));
      } finally {
        if (broker != null) {
          broker.remove(name);
        }
      }
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
          throw new IllegalStateException("the runs of a trigger pass did not all complete"
              + " within " + PASS_TIMEOUT + "; see the engines' logs");
        }
        Thread.sleep(200); // a poll of the store, as an operator's dashboard would
      }
    }
  }

  /** The pass, with the figures the store recorded: the runs, the windows, the claims. */
  private static Pass measured(Database database, String source, int engines, int round,
      int messages, Map<String, TriggerEngine.Started> started, double publishSeconds,
      Costs costs) throws SQLException {
    try (Connection connection = database.connect()) {
      long stored;
      double storedSeconds;
      double completedSeconds;
      try (PreparedStatement window = connection.prepareStatement("SELECT COUNT(*),"
          + " EXTRACT(EPOCH FROM MAX(created_at) - MIN(created_at)),"
          + " EXTRACT(EPOCH FROM (SELECT MAX(updated_at) FROM durable_runs"
          + " WHERE status = 'COMPLETED') - MIN(created_at)) FROM durable_runs");
          ResultSet rows = window.executeQuery()) {
        rows.next();
        stored = rows.getLong(1);
        storedSeconds = rows.getDouble(2);
        completedSeconds = rows.getDouble(3);
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
      return new Pass(source, engines, round, messages, stored, storedSeconds, completedSeconds,
          started, claims, publishSeconds, costs);
    }
  }

  private static String title(String source) {
    return switch (source) {
      case TriggerEngine.PLAIN -> "plain start";
      case "nats" -> "NATS JetStream";
      case "rabbitmq" -> "RabbitMQ";
      default -> source;
    };
  }

  private static String startedCounts(Pass pass) {
    Map<String, Long> counts = new TreeMap<>();
    pass.started().forEach((engine, s) -> counts.put(engine, s.started()));
    return counts.toString();
  }

  private static double mean(List<Pass> passes, ToDoubleFunction<Pass> f) {
    return passes.stream().mapToDouble(f).average().orElse(0);
  }

  /** The phase's section of a report. */
  static void report(Report report, Result r) {
    report.heading("(u) Trigger throughput: messages to runs, 1 and 2 engine processes");
    report.lines("Each engine a JVM of its own with Durable's defaults (a JDBC URL, an engine id,"
            + " the workflow of one instant step; its own pool), warmed up with "
            + f0(TriggerEngine.WARM_UP_RUNS) + " runs in a schema of its own (the broker's client"
            + " is not warmed up), each pass in a fresh schema. A trigger's pass: "
            + f0(r.messages()) + " messages published up front to a fresh stream or queue (not"
            + " timed), then the engines launched, each with a trigger on it (the builder's"
            + " defaults, setAside()), and started together once all are built. The plain"
            + " start: the same number of runs started by the generated client's start(runId,"
            + " input) in the engines' JVMs, from one thread per engine (a trigger starts its"
            + " runs from one), each engine its part, no broker.",
        "Stored/s: the runs over the time from the first run stored to the last, as the store"
            + " recorded them (created_at); completed/s: from the first stored to the last"
            + " completed run's write. x plain by round: stored/s over the plain start's with as"
            + " many engines in the same round; x plain: the means' ratio. Started, share of"
            + " fair: the runs each engine's trigger stored over a fair part (messages /"
            + " engines), the lowest and the highest (the plain start's are fixed); claimed:"
            + " the runs each engine ran, likewise. Duplicates: starts that found their run"
            + " stored, as the triggers count them (should be 0); redelivered: messages handed"
            + " back; set aside: poison messages (none are published). The machine's CPU use"
            + " (steal apart), the engines' CPU over the runs and the server's commits over the"
            + " runs are counted from the engines' start to the last completion. " + ROUNDS
            + " rounds, the sources and the engine counts in opposite orders.");
    List<String> sources = new ArrayList<>();
    sources.add(TriggerEngine.PLAIN);
    sources.addAll(r.brokers().keySet());
    for (int engines : ENGINES) {
      if (r.of(TriggerEngine.PLAIN, engines).isEmpty()) {
        continue;
      }
      report.heading("(u) " + engines + (engines == 1 ? " engine" : " engines"));
      double plainStored = r.mean(TriggerEngine.PLAIN, engines, Pass::storedPerSecond);
      double plainCompleted = r.mean(TriggerEngine.PLAIN, engines, Pass::completedPerSecond);
      Report.TableBuilder table = report.table("source", "runs stored / messages",
          "stored/s by round", "x plain by round", "stored/s, mean", "x plain",
          "completed/s, mean", "x plain", "started, share of fair", "claimed, share of fair",
          "duplicates, redelivered, set aside", "machine, cores", "engines' CPU per run",
          "commits per run");
      for (String source : sources) {
        List<Pass> passes = r.of(source, engines);
        if (passes.isEmpty()) {
          continue;
        }
        boolean plain = source.equals(TriggerEngine.PLAIN);
        table.row(title(source),
            String.join(", ", passes.stream().map(p -> f0(p.stored()) + " / "
                + f0(p.messages())).toList()),
            String.join(", ", passes.stream().map(p -> f1(p.storedPerSecond())).toList()),
            String.join(", ", passes.stream().map(p -> f2(r.overPlain(p))).toList()),
            f1(mean(passes, Pass::storedPerSecond)),
            f2(mean(passes, Pass::storedPerSecond) / plainStored),
            f1(mean(passes, Pass::completedPerSecond)),
            f2(mean(passes, Pass::completedPerSecond) / plainCompleted),
            plain ? "(split evenly)"
                : f2(passes.stream().mapToDouble(Pass::lowestShare).min().orElse(0)) + "-"
                    + f2(passes.stream().mapToDouble(Pass::highestShare).max().orElse(0)),
            f2(passes.stream().mapToDouble(Pass::lowestClaims).min().orElse(0)) + "-"
                + f2(passes.stream().mapToDouble(Pass::highestClaims).max().orElse(0)),
            plain ? "-" : passes.stream().mapToLong(Pass::duplicates).sum() + ", "
                + passes.stream().mapToLong(Pass::redelivered).sum() + ", "
                + passes.stream().mapToLong(Pass::setAside).sum(),
            f2(mean(passes, p -> p.costs().machineCores())),
            f2(mean(passes, p -> p.costs().engineCpuMillisPerRun())) + " ms",
            f2(mean(passes, p -> p.costs().commitsPerRun())));
      }
    }
    if (!r.brokers().isEmpty()) {
      report.heading("(u) Publishing up front, not timed in the passes");
      Report.TableBuilder table = report.table("broker", "messages", "seconds by pass",
          "messages/s, mean");
      r.brokers().forEach((broker, where) -> {
        List<Pass> passes = r.passes().stream().filter(p -> p.source().equals(broker)).toList();
        table.row(where, f0(r.messages()),
            String.join(", ", passes.stream().map(p -> f2(p.publishSeconds())).toList()),
            f0(mean(passes, p -> p.messages() / p.publishSeconds())));
      });
    }
  }
}
