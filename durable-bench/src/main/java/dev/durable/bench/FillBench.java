package dev.durable.bench;

import static dev.durable.bench.Figures.f0;
import static dev.durable.bench.Figures.f1;
import static dev.durable.bench.Figures.f2;
import static dev.durable.bench.Figures.verdict;

import com.zaxxer.hikari.HikariDataSource;
import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.RunFilter;
import dev.durable.runtime.RunState;
import java.lang.management.ManagementFactory;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * Phase (s), the store as it fills, on PostgreSQL: whether {@code bench.ended} (5,000,000) ended
 * runs in the store, with their checkpoints and history as a real run leaves them ({@link
 * EndedRuns}), slow down the runs that go on. Two stores are alive at once, each a schema of its
 * own: one empty, one filled. In each of {@link #ROUNDS} rounds each store has a pass, the first
 * in a round alternating (empty first in the first round): a fresh engine ({@link
 * BenchEngine#plain}) that warms up ({@link Clients#warmUp}, until the JIT settled) and measures
 * (a), the workflow of three trivial steps from one client thread, and (b), from {@link
 * StoreBench#CLIENT_THREADS}; then a fresh engine with its defaults for phase (j)'s Durable pass
 * ({@link IoPass}: {@code bench.ioRuns} runs of one {@code bench.ioStepMs} step started at once).
 *
 * <p>Then, on both stores, what an operator reads: {@code listRuns} pages of 50 (newest, by
 * workflow, by state) and {@code overview}; and, on the filled store, a purge of the oldest
 * {@code bench.purged} (1,000,000) ended runs ({@code engine.purge(Instant)}) on an engine of its
 * own while (b) runs on another, measured as phase (q) measures a pause ({@link PauseBench}): a
 * baseline window of (b), then a window that is the purge call from start to return, the longest
 * gap between (b)'s completions in each, the purging engine's longest transaction seen, and its
 * progress (the server's count of deleted runs rows, sampled every second).
 */
final class FillBench {
  static final int ROUNDS = 3;
  static final int SEQUENTIAL_WARMUP = 500;
  static final int CONCURRENT_WARMUP = 2_000;
  static final Duration BASELINE = Duration.ofSeconds(15);
  static final int PAGE = 50;
  static final int READ_WARMUP = 20;
  static final int READ_CALLS = 100;
  static final Duration READ_TIME = Duration.ofSeconds(10);
  /** The target: each figure of the filled store within this factor of the empty store's. */
  static final double TARGET = 1.15;
  static final long PROGRESS_MILLIS = 1_000;
  /**
   * The longest the purge may take: then the phase closes the purging engine, which stops it
   * between two batches, and reports what it deleted by then.
   */
  static final Duration PURGE_LIMIT = Duration.ofMinutes(20);

  /** One store's pass in one round. */
  record Pass(
      String store, int round, int warmupA, Clients.Measured a, int warmupB, Clients.Measured b,
      IoPass.Result j) {}

  /** A read, timed on one store, with the summaries of its statements' plans. */
  record Read(String label, int calls, Samples time, List<String> plans) {}

  /**
   * The purge beside (b).
   *
   * @param asked the runs whose ends lie before the cut-off: the oldest {@code bench.purged}
   * @param purged what {@code purge} returned
   * @param stopped whether the phase stopped it after {@link #PURGE_LIMIT}
   * @param progress seconds into the purge and runs deleted by then, per sample
   * @param deletedBefore rows of each table the server counted as deleted before the purge
   *     ({@code n_tup_del}): only a purge deletes rows of these tables
   * @param deletedAfter and after it, once the purging engine's sessions had exited
   * @param commits the purging engine's commits, counted at its pool
   */
  record Purge(
      int asked, Instant endedBefore, int purged, boolean stopped, PauseBench.Measured baseline,
      PauseBench.Measured withPurge, Map<String, Long> deletedBefore,
      Map<String, Long> deletedAfter,
      List<long[]> progress, long commits) {
    double seconds() {
      return withPurge.load().nanos() / 1e9;
    }

    double ratio() {
      return withPurge.load().workflowsPerSecond() / baseline.load().workflowsPerSecond();
    }
  }

  record Result(
      double loadBefore, double loadAfter, EndedRuns.Fill fill, List<Pass> passes,
      long emptyRuns, List<Read> emptyReads, List<Read> fullReads, List<List<String>> plans,
      Purge purge) {}

  /** A read and the statements whose plans it reports (by a piece of their text). */
  private record Case(String label, Call call, List<String> statements) {}

  @FunctionalInterface
  private interface Call {
    Object run() throws Exception;
  }

  private FillBench() {}

  static Report alone(Database database, BenchConfig config, Consumer<String> progress)
      throws Exception {
    CommitBaseline.Measurement limit = CommitBaseline.beforeAPhase(database, progress);
    Result result = run(database, config, progress);
    Report report = new Report();
    report.heading("The store as it fills, on " + database.product());
    report.lines("Stores: the empty store is " + database.where() + "; the filled one a schema"
            + " beside it, made and dropped as that one.",
        limit.justBefore());
    report(report, result, config);
    return report;
  }

  /** The phase; {@code empty} is the empty store, the filled one is made beside it. */
  static Result run(Database empty, BenchConfig config, Consumer<String> progress)
      throws Exception {
    double loadBefore = load();
    try (Database full = Database.open(empty.id(), config)) {
      // the schema, and the real run whose rows the generated ones copy
      for (Database store : List.of(empty, full)) {
        try (BenchEngine engine = BenchEngine.plain(store, new BenchWorkflowDurable())) {
          int result = BenchWorkflowClient.of(engine.engine()).start(EndedRuns.TEMPLATE, 7)
              .await(Duration.ofMinutes(1));
          if (result != 10) {
            throw new IllegalStateException("the template run returned " + result);
          }
        }
      }
      progress.accept("(s) filling the store with " + f0(config.ended()) + " ended runs in"
          + " batches of " + f0(EndedRuns.BATCH));
      EndedRuns.Fill fill = EndedRuns.fill(full, config.ended(), progress);
      progress.accept(String.format(Locale.ROOT, "(s) filled in %.0f s, vacuumed and analyzed"
          + " in %.0f s: %s", fill.insertNanos() / 1e9, fill.vacuumNanos() / 1e9, fill.sizes()));
      List<Pass> passes = new ArrayList<>();
      for (int round = 0; round < ROUNDS; round++) {
        List<Database> order = round % 2 == 0 ? List.of(empty, full) : List.of(full, empty);
        for (Database store : order) {
          String name = store == empty ? "empty" : "full";
          Pass pass = pass(store, name, round, config);
          passes.add(pass);
          progress.accept("(s) round " + (round + 1) + " of " + ROUNDS + ", " + name + ": (a) "
              + f0(pass.a().workflowsPerSecond()) + ", (b) " + f0(pass.b().workflowsPerSecond())
              + " workflows/s, (j) " + f1(pass.j().runsPerSecond()) + " runs/s");
        }
      }
      long emptyRuns;
      try (Connection connection = empty.connect()) {
        emptyRuns = EndedRuns.rows(connection).get("durable_runs");
      }
      List<List<String>> plans = new ArrayList<>();
      empty.settle();
      progress.accept("(s) reads on the empty store (" + f0(emptyRuns) + " runs)");
      List<Read> emptyReads = reads(empty, fill, null);
      full.settle();
      progress.accept("(s) reads on the filled store");
      List<Read> fullReads = reads(full, fill, plans);
      Purge purge = purge(full, fill, config.purged(), plans, progress);
      return new Result(loadBefore, load(), fill, passes, emptyRuns, emptyReads, fullReads,
          plans, purge);
    }
  }

  /** One store's pass: (a) and (b) on a fresh engine, then (j) on another. */
  private static Pass pass(Database store, String name, int round, BenchConfig config)
      throws Exception {
    int warmupA;
    int warmupB;
    Clients.Measured a;
    Clients.Measured b;
    store.settle();
    try (BenchEngine bench = BenchEngine.plain(store, new BenchWorkflowDurable())) {
      Clients.OneRun oneRun = ThroughputBench.contender(bench).oneRun();
      warmupA = Clients.warmUp(1, SEQUENTIAL_WARMUP, oneRun);
      store.settle();
      a = Clients.measure(1, config.sequentialRuns(), oneRun);
      warmupB = Clients.warmUp(StoreBench.CLIENT_THREADS, CONCURRENT_WARMUP, oneRun);
      store.settle();
      b = Clients.measure(StoreBench.CLIENT_THREADS, config.runs(), oneRun);
    }
    store.settle();
    IoCall service = new IoCall();
    Duration await = Duration.ofMillis((long) config.ioRuns() * config.ioStepMs())
        .plusMinutes(10);
    IoPass.Result j;
    try (IoBench.Contender contender = IoBench.durable(store, service, await)) {
      IoPass.run(contender, service, Math.min(config.ioRuns(), IoBench.WARMUP_RUNS),
          IoBench.WARMUP_STEP_MILLIS);
      j = IoPass.run(contender, service, config.ioRuns(), config.ioStepMs());
    }
    return new Pass(name, round, warmupA, a, warmupB, b, j);
  }

  /**
   * An operator's reads on {@code store}, through an engine over a counting pool of 2 (not
   * started: it reads); the plans in full go to {@code plans} unless it is null.
   */
  private static List<Read> reads(Database store, EndedRuns.Fill fill, List<List<String>> plans)
      throws Exception {
    Instant now = Instant.now();
    Instant hourAgo = now.truncatedTo(ChronoUnit.MINUTES).minus(Duration.ofHours(1));
    Instant middle = fill.startOf(fill.runs() / 2);
    List<Read> reads = new ArrayList<>();
    try (HikariDataSource pool = store.pool("durable-bench-fill-reads", 2)) {
      CountingDataSource counting = new CountingDataSource(pool);
      try (DurableEngine engine = DurableEngine.builder().dataSource(counting.dataSource())
          .discover(false).build()) {
        List<Case> cases = List.of(
            page(engine, "newest runs", RunFilter.builder()),
            page(engine, "workflow 'bench', newest", RunFilter.builder().workflow("bench")),
            page(engine, "FAILED, newest", RunFilter.builder().status(RunState.FAILED)),
            page(engine, "COMPLETED, newest", RunFilter.builder().status(RunState.COMPLETED)),
            page(engine, "CANCELLED, newest", RunFilter.builder().status(RunState.CANCELLED)),
            page(engine, "FAILED, started before the fill's middle (90 days back)",
                RunFilter.builder().status(RunState.FAILED).createdBefore(middle)),
            new Case("engine.overview(an hour ago, a minute)",
                () -> engine.overview(hourAgo, Duration.ofMinutes(1)),
                List.of("created_at >= ?", "updated_at >= ?")));
        for (Case c : cases) {
          reads.add(read(store, pool, counting, c, plans));
        }
      }
    }
    return reads;
  }

  /** A page of {@link #PAGE} runs: the filled store has them all, the empty one may not. */
  private static Case page(DurableEngine engine, String label, RunFilter.Builder filter) {
    RunFilter built = filter.limit(PAGE).build();
    return new Case(label + ", a page of " + PAGE, () -> engine.listRuns(built).size(),
        List.of("ORDER BY"));
  }

  private static Read read(Database store, HikariDataSource pool, CountingDataSource counting,
      Case c, List<List<String>> plans) throws Exception {
    List<String> summaries = new ArrayList<>();
    for (String statement : c.statements()) {
      counting.markFirst(statement);
      c.call().run();
      CountingDataSource.Executed executed = counting.firstExecuted();
      if (executed == null) {
        continue;
      }
      try (Connection connection = pool.getConnection()) {
        List<String> plan = store.explain(connection, executed.sql(), executed.params().toArray());
        summaries.add(SearchBench.summary(plan));
        if (plans != null) {
          List<String> full = new ArrayList<>();
          full.add("-- " + c.label() + ": " + executed.sql());
          full.addAll(plan);
          plans.add(full);
        }
      }
    }
    long warmupEnd = System.nanoTime() + READ_TIME.toNanos() / 2;
    for (int i = 0; i < READ_WARMUP && System.nanoTime() < warmupEnd; i++) {
      c.call().run();
    }
    Samples time = new Samples();
    long deadline = System.nanoTime() + READ_TIME.toNanos();
    for (int i = 0; i < READ_CALLS; i++) {
      long started = System.nanoTime();
      c.call().run();
      time.add(System.nanoTime() - started);
      if (time.size() >= 10 && System.nanoTime() > deadline) {
        break;
      }
    }
    return new Read(c.label(), time.size(), time, summaries);
  }

  /**
   * Purges the oldest {@code count} runs of the filled store on an engine of its own while (b)
   * runs on another: a baseline window first, then the purge's.
   */
  private static Purge purge(Database full, EndedRuns.Fill fill, int count,
      List<List<String>> plans, Consumer<String> progress) throws Exception {
    int asked = Math.min(count, fill.runs());
    Instant endedBefore = fill.endedBefore(asked);
    String name = "durable-bench-purge-" + ProcessHandle.current().pid();
    Map<String, Long> deletedBefore = deleted(full);
    Windows measured;
    int[] purged = new int[1];
    boolean[] stopped = new boolean[1];
    long commits;
    try (HikariDataSource pool = full.pool(name, 4)) {
      CountingDataSource counting = new CountingDataSource(pool);
      try (DurableEngine purging = DurableEngine.builder().dataSource(counting.dataSource())
          .discover(false).build()) {
        // the candidates' statement, as the purge runs it: its plan before and after the purge
        counting.markFirst("SKIP LOCKED");
        purging.purge(fill.first().minus(Duration.ofDays(1)));
        CountingDataSource.Executed candidates = counting.firstExecuted();
        plans.add(plan(full, pool, "the purge's candidates, before it (cut-off "
            + endedBefore + ")", candidates, withCutoff(candidates, endedBefore)));
        long commitsBefore;
        try (BenchEngine bench = BenchEngine.plain(full, new BenchWorkflowDurable());
            PauseBench.Transactions watch = new PauseBench.Transactions(full, name)) {
          Clients.OneRun oneRun = ThroughputBench.contender(bench).oneRun();
          Clients.warmUp(StoreBench.CLIENT_THREADS, CONCURRENT_WARMUP, oneRun);
          full.settle();
          PauseBench.Measured baseline = measure(oneRun, watch, null,
              () -> Thread.sleep(BASELINE.toMillis()));
          progress.accept("(s) purge: (b)'s baseline " + f0(baseline.load().workflowsPerSecond())
              + " workflows/s over " + f1(baseline.load().nanos() / 1e9) + " s");
          full.settle();
          commitsBefore = counting.snapshot().commits();
          ScheduledExecutorService stopper = Executors.newSingleThreadScheduledExecutor();
          try (Deletions deletions = new Deletions(full)) {
            ScheduledFuture<?> stop = stopper.schedule(purging::close,
                PURGE_LIMIT.toSeconds(), TimeUnit.SECONDS);
            PauseBench.Measured withPurge = measure(oneRun, watch, deletions,
                () -> purged[0] = purging.purge(endedBefore));
            stopped[0] = !stop.cancel(false);
            measured = new Windows(baseline, withPurge, deletions.samples());
          } finally {
            stopper.shutdownNow();
          }
        }
        commits = counting.snapshot().commits() - commitsBefore;
        plans.add(plan(full, pool, "the purge's candidates, after it (cut-off " + endedBefore
            + ")", candidates, withCutoff(candidates, endedBefore)));
        progress.accept("(s) purged " + f0(purged[0]) + " runs in "
            + f1(measured.withPurge().load().nanos() / 1e9) + " s, (b) meanwhile "
            + f0(measured.withPurge().load().workflowsPerSecond()) + " workflows/s, longest gap "
            + Samples.ms(measured.withPurge().load().longestGapNanos()) + " (baseline "
            + Samples.ms(measured.baseline().load().longestGapNanos()) + ")");
      }
    }
    // a session reports its counts as it exits: the purging engine's are all in by now
    full.awaitDisconnected(name);
    Map<String, Long> deletedAfter = deleted(full);
    return new Purge(asked, endedBefore, purged[0], stopped[0], measured.baseline(),
        measured.withPurge(), deletedBefore, deletedAfter, measured.progress(), commits);
  }

  /** The rows of each table the server counts as deleted so far ({@code n_tup_del}). */
  private static Map<String, Long> deleted(Database store) throws SQLException {
    Map<String, Long> deleted = new java.util.LinkedHashMap<>();
    try (Connection connection = store.connect();
        PreparedStatement select = connection.prepareStatement("SELECT n_tup_del FROM"
            + " pg_stat_user_tables WHERE relid = CAST(? AS REGCLASS)")) {
      for (String table : EndedRuns.TABLES) {
        select.setString(1, table);
        try (ResultSet rows = select.executeQuery()) {
          rows.next();
          deleted.put(table, rows.getLong(1));
        }
      }
    }
    return deleted;
  }

  /** The purge's two windows of (b), and its progress. */
  private record Windows(
      PauseBench.Measured baseline, PauseBench.Measured withPurge, List<long[]> progress) {}

  /** The candidates' parameters with {@code endedBefore} for every instant. */
  private static Object[] withCutoff(CountingDataSource.Executed candidates, Instant endedBefore) {
    return candidates.params().stream()
        .map(p -> p instanceof Number ? p : java.time.OffsetDateTime.ofInstant(endedBefore,
            java.time.ZoneOffset.UTC))
        .toArray();
  }

  private static List<String> plan(Database store, HikariDataSource pool, String label,
      CountingDataSource.Executed executed, Object[] params) throws SQLException {
    List<String> lines = new ArrayList<>();
    lines.add("-- " + label + ": " + executed.sql());
    try (Connection connection = pool.getConnection()) {
      lines.addAll(store.explain(connection, executed.sql(), params));
    }
    return lines;
  }

  @FunctionalInterface
  private interface Beside {
    void run() throws Exception;
  }

  /** (b) from 16 threads, and after {@link PauseBench#LEAD_IN} a window as long as {@code beside}. */
  private static PauseBench.Measured measure(Clients.OneRun oneRun,
      PauseBench.Transactions watch, Deletions deletions, Beside beside) throws Exception {
    try (ClientLoad load = new ClientLoad(StoreBench.CLIENT_THREADS, oneRun)) {
      Thread.sleep(PauseBench.LEAD_IN.toMillis());
      watch.begin();
      if (deletions != null) {
        deletions.begin();
      }
      CpuMeter.Reading cpuFrom = CpuMeter.read();
      long from = System.nanoTime();
      beside.run();
      long to = System.nanoTime();
      CpuMeter.Reading cpuTo = CpuMeter.read();
      return new PauseBench.Measured(load.window(from, to, cpuFrom, cpuTo), watch.end());
    }
  }

  /**
   * Samples, every {@link #PROGRESS_MILLIS} ms, the rows of {@code durable_runs} the server counts
   * as deleted ({@code pg_stat_user_tables.n_tup_del}; a session reports its counts once it is
   * idle between transactions, at most once a second).
   */
  private static final class Deletions implements AutoCloseable {
    private final Connection connection;
    private final Thread thread;
    private final List<long[]> samples = new ArrayList<>();
    private volatile boolean stopping;
    private volatile long from;
    private volatile long deletedBefore = -1;

    Deletions(Database database) throws SQLException {
      this.connection = database.connect();
      this.thread = new Thread(this::sample, "durable-bench-deletions");
      thread.setDaemon(true);
    }

    void begin() throws SQLException {
      deletedBefore = deleted();
      from = System.nanoTime();
      thread.start();
    }

    private long deleted() throws SQLException {
      try (PreparedStatement select = connection.prepareStatement("SELECT n_tup_del FROM"
          + " pg_stat_user_tables WHERE relid = CAST('durable_runs' AS REGCLASS)");
          ResultSet rows = select.executeQuery()) {
        rows.next();
        return rows.getLong(1);
      }
    }

    private void sample() {
      try {
        while (!stopping) {
          Thread.sleep(PROGRESS_MILLIS);
          long deleted = deleted() - deletedBefore;
          synchronized (samples) {
            samples.add(new long[] {(System.nanoTime() - from) / 1_000_000, deleted});
          }
        }
      } catch (SQLException e) {
        // the progress is a side figure; the purge's own is its return value
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }

    List<long[]> samples() {
      synchronized (samples) {
        return List.copyOf(samples);
      }
    }

    @Override
    public void close() throws Exception {
      stopping = true;
      if (thread.isAlive()) {
        thread.join();
      }
      connection.close();
    }
  }

  private static double load() {
    return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
  }

  /** The median of {@code figure} over the passes on store {@code store}. */
  private static double median(List<Pass> passes, String store,
      java.util.function.ToDoubleFunction<Pass> figure) {
    return Rounds.median(passes.stream().filter(p -> p.store().equals(store))
        .mapToDouble(figure).toArray());
  }

  /** The phase's section of a report. */
  static void report(Report report, Result r, BenchConfig config) {
    EndedRuns.Fill fill = r.fill();
    report.heading("(s) the store as it fills: " + f0(fill.runs()) + " ended runs");
    report.lines(
        "The filled store: " + f0(fill.runs()) + " ended runs of workflow 'bench' inserted with"
            + " SQL in batches of " + f0(EndedRuns.BATCH) + " (" + (100 - EndedRuns.FAILED_PER_100
            - EndedRuns.CANCELLED_PER_100) + " % COMPLETED, " + EndedRuns.FAILED_PER_100
            + " % FAILED at step c, " + EndedRuns.CANCELLED_PER_100 + " % CANCELLED after step"
            + " b), started evenly over " + EndedRuns.SPAN.toDays() + " days up to a minute"
            + " before the fill, each with the checkpoints and history rows a real run leaves"
            + " (compared below with a real run's, column by column). The empty store: the"
            + " same schema and one real run.",
        String.format(Locale.ROOT, "Generation: %.0f s for the inserts (%s runs/s), %.0f s for"
                + " VACUUM (ANALYZE) of the three tables; %.0f s in all.",
            fill.insertNanos() / 1e9, f0(fill.runs() / (fill.insertNanos() / 1e9)),
            fill.vacuumNanos() / 1e9, (fill.insertNanos() + fill.vacuumNanos()) / 1e9),
        String.format(Locale.ROOT, "The machine's load average (1 min): %.2f as the phase began,"
            + " %.2f as it ended.", r.loadBefore(), r.loadAfter()));
    Report.TableBuilder sizes = report.table("table", "rows", "total size", "of it indexes");
    for (String table : EndedRuns.TABLES) {
      sizes.row(table, f0(fill.rows().get(table)), mib(fill.sizes().get(table)),
          mib(fill.indexSizes().get(table)));
    }
    sizes.row("all three", f0(fill.rows().values().stream().mapToLong(Long::longValue).sum()),
        mib(fill.sizes().values().stream().mapToLong(Long::longValue).sum()),
        mib(fill.indexSizes().values().stream().mapToLong(Long::longValue).sum()));
    report.lines("A generated completed run beside the real one: the columns set in each row"
        + " (and the event types), the same in both:");
    report.code(fill.shapes());

    report.heading("(s) (a), (b) and (j): empty and filled store, interleaved");
    report.lines(ROUNDS + " rounds, each a pass on each store, the first in a round alternating"
            + " (empty first in round 1); a fresh engine per pass. (a): " + f0(config
            .sequentialRuns()) + " runs from 1 client thread after warm-up rounds of "
            + f0(SEQUENTIAL_WARMUP) + "; (b): " + f0(config.runs()) + " runs from "
            + StoreBench.CLIENT_THREADS + " after warm-up rounds of " + f0(CONCURRENT_WARMUP)
            + " (until the JIT settled), on an engine with " + BenchEngine.MAX_CONCURRENT_RUNS
            + " concurrent runs and a pool of " + BenchEngine.POOL_SIZE + "; (j): phase (j)'s"
            + " Durable pass, an engine with its defaults, " + f0(config.ioRuns()) + " runs of"
            + " one " + config.ioStepMs() + " ms step started at once (after "
            + IoBench.WARMUP_RUNS + " of a " + IoBench.WARMUP_STEP_MILLIS + " ms step).",
        "Each window starts on a settled database (VACUUM (ANALYZE), CHECKPOINT).");
    Report.TableBuilder rounds = report.table("round", "store", "(a) workflows/s",
        "(a) p50 / p99", "(b) workflows/s", "(b) p50 / p99", "(j) runs/s", "(j) p50 / p99",
        "(j) in flight at the peak");
    for (Pass p : r.passes()) {
      rounds.row(String.valueOf(p.round() + 1), p.store(), f0(p.a().workflowsPerSecond()),
          Samples.ms(p.a().latency().p50()) + " / " + Samples.ms(p.a().latency().p99()),
          f0(p.b().workflowsPerSecond()),
          Samples.ms(p.b().latency().p50()) + " / " + Samples.ms(p.b().latency().p99()),
          f1(p.j().runsPerSecond()), seconds(p.j().latency().p50()) + " / "
              + seconds(p.j().latency().p99()), f0(p.j().peakInCall()));
    }
    report.lines("Medians of the rounds, and the filled store's figure against the empty one's"
        + " (empty / full for a rate: how many times longer the same work takes on the filled"
        + " store):");
    Report.TableBuilder ratios = report.table("figure", "empty", "full", "empty / full",
        "per round", "target <= " + f2(TARGET));
    ratio(ratios, r.passes(), "(a) workflows/s", p -> p.a().workflowsPerSecond());
    ratio(ratios, r.passes(), "(b) workflows/s", p -> p.b().workflowsPerSecond());
    ratio(ratios, r.passes(), "(j) runs/s", p -> p.j().runsPerSecond());

    report.heading("(s) an operator's reads, empty and filled");
    report.lines("Through engine.listRuns and engine.overview on an engine over a pool of 2: up"
        + " to " + READ_WARMUP + " warm-up calls, then " + READ_CALLS + " timed calls (fewer if"
        + " they take over " + READ_TIME.toSeconds() + " s, 10 at least). The empty store held "
        + f0(r.emptyRuns()) + " runs by then (its passes'), the filled one " + f0(fill.runs())
        + " more than it. Plans: the filled store's (custom plan; generic where it differs),"
        + " in full below.");
    Report.TableBuilder reads = report.table("read", "empty p50 / p99", "full p50 / p99",
        "full / empty (p50)", "plan on the filled store");
    for (int i = 0; i < r.fullReads().size(); i++) {
      Read e = r.emptyReads().get(i);
      Read f = r.fullReads().get(i);
      reads.row(f.label(), Samples.ms(e.time().p50()) + " / " + Samples.ms(e.time().p99()),
          Samples.ms(f.time().p50()) + " / " + Samples.ms(f.time().p99()),
          f2((double) f.time().p50() / Math.max(1, e.time().p50())), String.join("; ",
              f.plans()));
    }

    Purge p = r.purge();
    report.heading("(s) purging " + f0(p.asked()) + " ended runs beside (b)");
    report.lines("On the filled store: an engine of its own calls purge(" + p.endedBefore()
            + "), the end of the oldest " + f0(p.asked()) + " runs, while (b) runs from "
            + StoreBench.CLIENT_THREADS + " client threads on another engine (warmed up). A"
            + " baseline window of " + BASELINE.toSeconds() + " s first, then a window that is"
            + " the purge call from start to return; each opens " + PauseBench.LEAD_IN
            .toSeconds() + " s after (b)'s clients start, on a settled database. Longest gap:"
            + " the longest time in a window in which none of (b)'s runs ended. Longest"
            + " transaction: the purging engine's oldest open transaction in"
            + " pg_stat_activity, sampled every " + PauseBench.SAMPLE_MILLIS + " ms (a lower"
            + " bound).",
        String.format(Locale.ROOT, "The purge: %s runs deleted in %.1f s, %s runs/s, in %s"
                + " commits of the purging engine (%s runs a batch); (b) %s workflows/s"
                + " during it against %s in the baseline: %.2f.", f0(p.purged()), p.seconds(),
            f0(p.purged() / p.seconds()), f0(p.commits()), f0(p.purged() / Math.max(1.0,
                p.commits() - 1)), f0(p.withPurge().load().workflowsPerSecond()),
            f0(p.baseline().load().workflowsPerSecond()), p.ratio()),
        p.stopped() ? "The purge was STOPPED after " + PURGE_LIMIT.toMinutes() + " minutes (the"
            + " phase closed its engine, which ends it between two batches): it had deleted "
            + f0(p.purged()) + " of the " + f0(p.asked()) + " runs." : "The purge ended by"
            + " itself: no run before the cut-off was left.");
    Report.TableBuilder windows = report.table("window", "length", "(b) workflows/s",
        "latency p50 / p99 / max", "longest gap", "slowest second",
        "longest transaction seen (count)", "JVM / other processes / steal");
    for (PauseBench.Measured m : List.of(p.baseline(), p.withPurge())) {
      ClientLoad.Window w = m.load();
      CpuMeter.Usage cpu = w.cpu();
      windows.row(m == p.baseline() ? "baseline" : "with purge", f1(w.nanos() / 1e9) + " s",
          f0(w.workflowsPerSecond()), Samples.ms(w.latency().p50()) + " / "
              + Samples.ms(w.latency().p99()) + " / " + Samples.ms(w.latency().max()),
          Samples.ms(w.longestGapNanos()), f0(w.slowestSecond()) + " runs",
          Samples.ms(m.pausing().longestNanos()) + " (" + f0(m.pausing().transactions()) + ")",
          f2(cpu.processCores()) + " / " + (cpu.otherCores() < 0 ? "n/a"
              : f2(cpu.otherCores())) + " / " + (cpu.stealCores() < 0 ? "n/a"
              : f2(cpu.stealCores())) + " cores");
    }
    report.lines("The purging engine's longest transaction seen, as last seen: baseline: "
        + p.baseline().pausing().what() + "; with purge: " + p.withPurge().pausing().what()
        + ".", "Rows deleted, as the server counts them (pg_stat_user_tables.n_tup_del, after"
        + " the purging engine's sessions exited), per run purged:");
    Report.TableBuilder rows = report.table("table", "rows deleted", "per run purged");
    for (String table : EndedRuns.TABLES) {
      long deleted = p.deletedAfter().get(table) - p.deletedBefore().get(table);
      rows.row(table, f0(deleted), f2((double) deleted / Math.max(1, p.purged())));
    }
    report.lines("The purge's pace: runs deleted per tenth of its time (the server's count,"
        + " sampled every second), first tenth to last:");
    report.code(List.of(tenths(p)));
    report.heading("(s) plans on the filled store");
    for (List<String> plan : r.plans()) {
      report.code(plan);
    }
  }

  private static void ratio(Report.TableBuilder table, List<Pass> passes, String figure,
      java.util.function.ToDoubleFunction<Pass> rate) {
    double empty = median(passes, "empty", rate);
    double full = median(passes, "full", rate);
    List<String> perRound = new ArrayList<>();
    for (int round = 0; round < ROUNDS; round++) {
      int n = round;
      Predicate<Pass> inRound = p -> p.round() == n;
      double e = passes.stream().filter(inRound.and(p -> p.store().equals("empty")))
          .mapToDouble(rate).findFirst().orElse(0);
      double f = passes.stream().filter(inRound.and(p -> p.store().equals("full")))
          .mapToDouble(rate).findFirst().orElse(0);
      perRound.add(f2(e / f));
    }
    table.row(figure, f1(empty), f1(full), f2(empty / full), String.join(", ", perRound),
        verdict(empty / full <= TARGET));
  }

  /** Runs deleted in each tenth of the purge's samples, from its progress. */
  private static String tenths(Purge p) {
    List<long[]> samples = p.progress();
    if (samples.size() < 10) {
      return "(too few samples: " + samples.size() + ")";
    }
    long[] per = new long[10];
    long previous = 0;
    for (int tenth = 0; tenth < 10; tenth++) {
      long[] last = samples.get((samples.size() * (tenth + 1)) / 10 - 1);
      per[tenth] = last[1] - previous;
      previous = last[1];
    }
    double tenthSeconds = samples.get(samples.size() - 1)[0] / 1e3 / 10;
    return String.join(", ", Arrays.stream(per).mapToObj(Figures::f0).toList())
        + String.format(Locale.ROOT, " (a tenth: about %.1f s)", tenthSeconds);
  }

  private static String mib(long bytes) {
    return f0(bytes / (1024.0 * 1024.0)) + " MiB";
  }

  private static String seconds(long nanos) {
    return String.format(Locale.ROOT, "%.2f s", nanos / 1e9);
  }
}
