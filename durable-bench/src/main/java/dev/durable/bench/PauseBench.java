package dev.durable.bench;

import static dev.durable.bench.Figures.f0;
import static dev.durable.bench.Figures.f2;

import dev.durable.runtime.RunFilter;
import dev.durable.runtime.RunState;
import dev.durable.runtime.StartOptions;
import java.lang.management.ManagementFactory;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * Phase (q), pausing many runs by filter while phase (b)'s load runs, on PostgreSQL: what {@code
 * engine.pause(RunFilter)} costs the runs that go on beside it, and whether it holds locks long.
 * Each of {@link #ROUNDS} rounds works in a fresh schema. An engine that registers no workflow
 * stores {@code bench.paused} runs of {@link ParkedWorkflow} from {@link #STORE_THREADS} client
 * threads, through a queue that no engine declares, so that they stay {@code ENQUEUED}: with no due
 * time, they never enter the range of the index the engines' claims scan, and (b) runs beside the
 * same rows with or without the pause. Then, on an engine of its own, (b) runs (the workflow of
 * three trivial steps from {@link StoreBench#CLIENT_THREADS} client threads) for a baseline window,
 * and again while the engine that stored the runs pauses them all with {@code
 * pause(RunFilter.builder().workflow(ParkedWorkflow.NAME).build())}, which pauses page after page
 * of at most {@link RunFilter#MAX_LIMIT} runs, each page in one transaction; the with-pause window
 * is the call, from its start to its return.
 *
 * <p>A page's transaction is not visible from outside the engine, so two things stand in for it:
 * the longest time in which none of (b)'s runs ended ({@link ClientLoad.Window#longestGapNanos}),
 * which a lock that all of (b)'s clients waited on would lengthen (one run's wait would not show
 * in it); and the longest transaction of the pausing engine's sessions that the server showed
 * ({@code pg_stat_activity.xact_start}), sampled every {@link #SAMPLE_MILLIS} ms in both windows
 * alike, which is a page's pause (or its read of the next page) caught in flight: a lower bound of
 * the longest, to within the sampling period.
 */
final class PauseBench {
  static final int ROUNDS = 3;
  /** The queue the runs to pause are started through; no engine declares it. */
  static final String QUEUE = "bench-parked";
  /** Client threads storing the runs: the engine's group commit batches their starts. */
  static final int STORE_THREADS = 32;
  /** The first round's baseline; each later one lasts as long as the round before's pause. */
  static final Duration FIRST_BASELINE = Duration.ofSeconds(15);
  static final Duration SHORTEST_BASELINE = Duration.ofSeconds(5);
  static final Duration LONGEST_BASELINE = Duration.ofSeconds(120);
  /** How long (b) runs before a window opens: its clients all busy, its engine's pool in use. */
  static final Duration LEAD_IN = Duration.ofSeconds(2);
  /** Runs of each warm-up round of (b) on each round's fresh engine. */
  static final int WARMUP = 1_000;
  static final long SAMPLE_MILLIS = 10;

  /**
   * The longest transaction of one engine's sessions seen by sampling.
   *
   * @param longestNanos the oldest {@code xact_start} seen, as old as it was when last seen
   * @param transactions the transactions seen
   * @param what the longest one's state and statement, as last seen
   */
  record Observed(long longestNanos, int transactions, String what) {}

  /** One of (b)'s windows, with what the pausing engine's sessions did meanwhile. */
  record Measured(ClientLoad.Window load, Observed pausing) {}

  /**
   * One round, in a fresh schema.
   *
   * @param stored runs stored to be paused
   * @param storeNanos how long storing them took
   * @param warmupRuns (b)'s runs on its fresh engine before the baseline
   * @param paused what {@code pause(RunFilter)} returned
   * @param statuses the stored runs of {@link ParkedWorkflow} by state, after the pause
   * @param benchPaused runs of (b)'s workflow found paused afterwards: 0, as it has another name
   * @param resumed whether {@code resume} of one paused run then gave it back to its queue
   */
  record Round(
      int round, int stored, long storeNanos, int warmupRuns, Measured baseline,
      Measured withPause, int paused, Map<String, Long> statuses, long benchPaused,
      boolean resumed) {
    long pauseNanos() {
      return withPause.load().nanos();
    }

    double pausedPerSecond() {
      return paused / (pauseNanos() / 1e9);
    }

    double ratio() {
      return withPause.load().workflowsPerSecond() / baseline.load().workflowsPerSecond();
    }
  }

  /**
   * The phase.
   *
   * @param loadBefore the machine's load average (1 minute) as the phase began
   * @param loadAfter and as it ended
   */
  record Result(double loadBefore, double loadAfter, List<Round> rounds) {
    double[] ratios() {
      return rounds.stream().mapToDouble(Round::ratio).toArray();
    }
  }

  /** What a window measures (b) beside. */
  @FunctionalInterface
  private interface Beside {
    void run() throws Exception;
  }

  private PauseBench() {}

  /** The phase alone: the database's limit first, for context, then the rounds. */
  static Report alone(Database database, BenchConfig config, Consumer<String> progress)
      throws Exception {
    CommitBaseline.Measurement limit = CommitBaseline.beforeAPhase(database, progress);
    Result result = run(database, config, progress);
    Report report = new Report();
    report.heading("Pausing runs by filter beside (b), on " + database.product());
    report.lines("Store: a fresh schema for each round, made and dropped as this one, where the"
            + " limit was measured: " + database.where() + ".",
        limit.justBefore());
    report(report, result);
    return report;
  }

  static Result run(Database database, BenchConfig config, Consumer<String> progress)
      throws Exception {
    double loadBefore = load();
    List<Round> rounds = new ArrayList<>();
    Duration baseline = FIRST_BASELINE;
    for (int round = 0; round < ROUNDS; round++) {
      Round done = round(database, config, round, baseline, progress);
      rounds.add(done);
      Duration pause = Duration.ofNanos(done.pauseNanos());
      baseline = pause.compareTo(SHORTEST_BASELINE) < 0 ? SHORTEST_BASELINE
          : pause.compareTo(LONGEST_BASELINE) > 0 ? LONGEST_BASELINE : pause;
    }
    return new Result(loadBefore, load(), rounds);
  }

  private static Round round(
      Database database, BenchConfig config, int round, Duration baselineLength,
      Consumer<String> progress) throws Exception {
    String name = "(q) round " + (round + 1) + " of " + ROUNDS;
    int clients = StoreBench.CLIENT_THREADS;
    RunFilter filter = RunFilter.builder().workflow(ParkedWorkflow.NAME).build();
    try (Database fresh = Database.open(database.id(), config)) {
      fresh.settle();
      try (BenchEngine pausing = BenchEngine.plain(fresh)) {
        progress.accept(name + ": storing " + f0(config.paused()) + " ENQUEUED runs from "
            + STORE_THREADS + " client threads");
        long started = System.nanoTime();
        store(pausing, config.paused());
        long storeNanos = System.nanoTime() - started;
        progress.accept(name + ": stored in " + seconds(storeNanos) + " ("
            + f0(config.paused() / (storeNanos / 1e9)) + " runs/s)");
        fresh.settle(); // analyzed after the bulk of inserts, as autovacuum would have by now
        Measured baseline;
        Measured withPause;
        int[] paused = new int[1];
        int warmups;
        try (BenchEngine bench = BenchEngine.plain(fresh, new BenchWorkflowDurable());
            Transactions watch = new Transactions(fresh, pausing.name())) {
          Clients.OneRun oneRun = ThroughputBench.contender(bench).oneRun();
          warmups = Clients.warmUp(clients, WARMUP, oneRun);
          fresh.settle();
          baseline = measure(clients, oneRun, watch,
              () -> Thread.sleep(baselineLength.toMillis()));
          progress.accept(name + ": baseline " + f0(baseline.load().workflowsPerSecond())
              + " workflows/s over " + seconds(baseline.load().nanos()));
          fresh.settle();
          withPause = measure(clients, oneRun, watch,
              () -> paused[0] = pausing.engine().pause(filter));
          progress.accept(name + ": paused " + f0(paused[0]) + " runs in "
              + seconds(withPause.load().nanos()) + ", (b) meanwhile "
              + f0(withPause.load().workflowsPerSecond()) + " workflows/s, longest gap "
              + Samples.ms(withPause.load().longestGapNanos()) + " (baseline "
              + Samples.ms(baseline.load().longestGapNanos()) + ")");
        }
        Map<String, Long> statuses = statuses(fresh, ParkedWorkflow.NAME);
        long benchPaused = statuses(fresh, "bench").getOrDefault(RunState.PAUSED.name(), 0L);
        String one = "parked-0";
        boolean resumed = pausing.engine().resume(one)
            && pausing.engine().getRunStatus(one).run().status() == RunState.ENQUEUED;
        return new Round(round, config.paused(), storeNanos, warmups, baseline, withPause,
            paused[0], statuses, benchPaused, resumed);
      }
    }
  }

  /** Stores {@code runs} runs of {@link ParkedWorkflow}, ids {@code parked-<n>}, in its queue. */
  private static void store(BenchEngine engine, int runs) throws Exception {
    ParkedWorkflowClient client = ParkedWorkflowClient.of(engine.engine());
    Clients.drive(STORE_THREADS, runs, new Samples(), (runId, n) -> client.start(
        StartOptions.builder().runId("parked-" + n).queue(QUEUE).build(), n));
  }

  /**
   * (b) from {@code clients} threads, and after {@link #LEAD_IN} a window for as long as {@code
   * beside} takes on this thread.
   */
  private static Measured measure(
      int clients, Clients.OneRun oneRun, Transactions watch, Beside beside) throws Exception {
    try (ClientLoad load = new ClientLoad(clients, oneRun)) {
      Thread.sleep(LEAD_IN.toMillis());
      watch.begin();
      CpuMeter.Reading cpuFrom = CpuMeter.read();
      long from = System.nanoTime();
      beside.run();
      long to = System.nanoTime();
      CpuMeter.Reading cpuTo = CpuMeter.read();
      Observed pausing = watch.end();
      return new Measured(load.window(from, to, cpuFrom, cpuTo), pausing);
    }
  }

  /** The runs of {@code workflow} stored in {@code database}, by state. */
  private static Map<String, Long> statuses(Database database, String workflow)
      throws SQLException {
    Map<String, Long> counts = new TreeMap<>();
    try (Connection connection = database.connect();
        PreparedStatement select = connection.prepareStatement("SELECT status, COUNT(*) FROM"
            + " durable_runs WHERE workflow_name = ? GROUP BY status")) {
      select.setString(1, workflow);
      try (ResultSet rows = select.executeQuery()) {
        while (rows.next()) {
          counts.put(rows.getString(1), rows.getLong(2));
        }
      }
    }
    return counts;
  }

  /**
   * Samples, every {@link #SAMPLE_MILLIS} ms on a thread and a connection of its own, the open
   * transactions of the sessions whose application name is an engine's pool's, and keeps each
   * one's age as last seen, from {@link #begin} to {@link #end}.
   */
  static final class Transactions implements AutoCloseable {
    private final Connection connection;
    private final PreparedStatement select;
    private final Thread thread;
    private final Map<String, Long> ages = new HashMap<>();
    private final Map<String, String> whats = new HashMap<>();
    private volatile boolean stopping;
    private volatile SQLException failed;

    Transactions(Database database, String applicationName) throws SQLException {
      this.connection = database.connect();
      // not an idle session's: one that LISTENs reads each notification in a transaction of its
      // own while it stays idle, and that transaction's xact_start is the start of the session's
      // last statement, its LISTEN (phase (s) saw one "311 s old" on a session that had listened
      // since it opened)
      this.select = connection.prepareStatement("SELECT pid, xact_start, CAST(1e9 * EXTRACT("
          + "EPOCH FROM clock_timestamp() - xact_start) AS BIGINT), state, LEFT(query, 100)"
          + " FROM pg_stat_activity WHERE application_name = ? AND xact_start IS NOT NULL"
          + " AND state <> 'idle'");
      select.setString(1, applicationName);
      this.thread = new Thread(this::sample, "durable-bench-transactions");
      thread.setDaemon(true);
      thread.start();
    }

    private void sample() {
      try {
        while (!stopping) {
          try (ResultSet rows = select.executeQuery()) {
            while (rows.next()) {
              String key = rows.getInt(1) + "@" + rows.getString(2);
              long age = rows.getLong(3);
              String what = rows.getString(4) + ": " + rows.getString(5);
              synchronized (ages) {
                ages.merge(key, age, Math::max);
                whats.put(key, what);
              }
            }
          }
          Thread.sleep(SAMPLE_MILLIS);
        }
      } catch (SQLException e) {
        failed = e;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }

    void begin() {
      synchronized (ages) {
        ages.clear();
        whats.clear();
      }
    }

    Observed end() throws SQLException {
      if (failed != null) {
        throw failed;
      }
      synchronized (ages) {
        return ages.entrySet().stream().max(Map.Entry.comparingByValue())
            .map(e -> new Observed(e.getValue(), ages.size(), whats.get(e.getKey())))
            .orElse(new Observed(0, 0, "none seen"));
      }
    }

    @Override
    public void close() throws Exception {
      stopping = true;
      thread.join();
      connection.close();
    }
  }

  private static double load() {
    return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
  }

  private static String seconds(long nanos) {
    return String.format(Locale.ROOT, "%.1f s", nanos / 1e9);
  }

  /** The phase's section of a report. */
  static void report(Report report, Result r) {
    report.heading("(q) pausing runs by filter beside (b)");
    int stored = r.rounds().get(0).stored();
    report.lines(
        "Each round in a fresh schema: " + f0(stored) + " runs of workflow '"
            + ParkedWorkflow.NAME + "', which no engine registers, stored by an engine from "
            + STORE_THREADS + " client threads through queue '" + QUEUE + "', which no engine"
            + " declares (they stay ENQUEUED); then (b), the workflow of three trivial steps from "
            + StoreBench.CLIENT_THREADS + " client threads on an engine of its own (warmed up"
            + " until the JIT settled), for a baseline window, and again while the engine that"
            + " stored the runs calls pause(RunFilter.builder().workflow(\"" + ParkedWorkflow.NAME
            + "\").build()): pages of at most " + f0(RunFilter.MAX_LIMIT) + " runs, each paused"
            + " in one transaction. The with-pause window is the call, from start to return; the"
            + " baseline lasts " + seconds(FIRST_BASELINE.toNanos()) + " in the first round and"
            + " as long as the round before's pause in the others; each window opens "
            + seconds(LEAD_IN.toNanos()) + " after (b)'s clients start, on a settled database.",
        "Longest gap: the longest time within a window in which none of (b)'s runs ended. Slowest"
            + " second: the fewest of (b)'s runs that ended within one whole second of it."
            + " Longest transaction: the oldest open transaction of the pausing engine's sessions"
            + " that pg_stat_activity showed, sampled every " + SAMPLE_MILLIS + " ms in both"
            + " windows (a lower bound of the longest, within a sample).",
        String.format(Locale.ROOT, "The machine's load average (1 min): %.2f as the phase began,"
            + " %.2f as it ended.", r.loadBefore(), r.loadAfter()));
    double[] ratios = r.ratios();
    double[] pauses = r.rounds().stream().mapToDouble(each -> each.pauseNanos() / 1e9).toArray();
    double[] rates = r.rounds().stream().mapToDouble(Round::pausedPerSecond).toArray();
    double[] gaps = r.rounds().stream()
        .mapToDouble(each -> each.withPause().load().longestGapNanos() / 1e6).toArray();
    double[] baselineGaps = r.rounds().stream()
        .mapToDouble(each -> each.baseline().load().longestGapNanos() / 1e6).toArray();
    report.lines(String.format(Locale.ROOT, "Over %d rounds: the pause of %s runs took %.1f s"
            + " (median; %.1f-%.1f), %s runs/s; (b) during it / baseline: %.2f (median;"
            + " %.2f-%.2f); longest gap during the pauses %.1f ms (baselines %.1f ms).",
        r.rounds().size(), f0(stored), Rounds.median(pauses), min(pauses), max(pauses),
        f0(Rounds.median(rates)), Rounds.median(ratios), min(ratios), max(ratios), max(gaps),
        max(baselineGaps)));
    Report.TableBuilder pause = report.table("round", "stored (runs/s)", "pause wall",
        "runs paused/s", "per page of " + f0(RunFilter.MAX_LIMIT), "paused", "states after",
        "(b) runs paused", "resume of one");
    for (Round round : r.rounds()) {
      int pages = (round.paused() + RunFilter.MAX_LIMIT - 1) / RunFilter.MAX_LIMIT;
      pause.row(String.valueOf(round.round() + 1),
          f0(round.stored()) + " in " + seconds(round.storeNanos()) + " ("
              + f0(round.stored() / (round.storeNanos() / 1e9)) + ")",
          seconds(round.pauseNanos()), f0(round.pausedPerSecond()),
          Samples.ms(round.pauseNanos() / Math.max(1, pages)), f0(round.paused()),
          round.statuses().toString(), String.valueOf(round.benchPaused()),
          round.resumed() ? "ENQUEUED again" : "FAILED");
    }
    Report.TableBuilder load = report.table("round", "window", "length", "(b) workflows/s",
        "ratio", "latency p50 / p99 / max", "longest gap", "slowest second",
        "longest transaction (seen)", "JVM / other processes / steal");
    for (Round round : r.rounds()) {
      for (Measured m : List.of(round.baseline(), round.withPause())) {
        boolean baseline = m == round.baseline();
        ClientLoad.Window w = m.load();
        CpuMeter.Usage cpu = w.cpu();
        load.row(String.valueOf(round.round() + 1), baseline ? "baseline" : "with pause",
            seconds(w.nanos()), f0(w.workflowsPerSecond()), baseline ? "" : f2(round.ratio()),
            Samples.ms(w.latency().p50()) + " / " + Samples.ms(w.latency().p99()) + " / "
                + Samples.ms(w.latency().max()),
            Samples.ms(w.longestGapNanos()), f0(w.slowestSecond()) + " runs",
            Samples.ms(m.pausing().longestNanos()) + " (" + f0(m.pausing().transactions())
                + ")",
            f2(cpu.processCores()) + " / " + (cpu.otherCores() < 0 ? "n/a"
                : f2(cpu.otherCores())) + " / " + (cpu.stealCores() < 0 ? "n/a"
                : f2(cpu.stealCores())) + " cores");
      }
    }
    List<String> longest = new ArrayList<>();
    for (Round round : r.rounds()) {
      longest.add("round " + (round.round() + 1) + ", baseline: "
          + round.baseline().pausing().what() + "; with pause: "
          + round.withPause().pausing().what());
    }
    report.lines("The longest transaction of the pausing engine seen in each window, its state"
        + " and statement as last seen:");
    report.code(longest);
    report.lines("(b)'s warm-up runs per round: " + String.join(", ", r.rounds().stream()
        .map(round -> f0(round.warmupRuns())).toList()) + "; its runs per window, baseline /"
        + " with pause: " + String.join(", ", r.rounds().stream()
            .map(round -> f0(round.baseline().load().runs()) + " / "
                + f0(round.withPause().load().runs())).toList()) + ".");
  }

  private static double min(double[] values) {
    return Arrays.stream(values).min().orElse(0);
  }

  private static double max(double[] values) {
    return Arrays.stream(values).max().orElse(0);
  }
}
