package dev.durable.bench;

import static dev.durable.bench.Figures.f0;

import dev.dbos.transact.DBOS;
import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Runs every phase on one fresh store, in order: the database's limit, (a) sequential and (b)
 * concurrent throughput, measured in rounds with the database's commit rate probed between them
 * and, on PostgreSQL, DBOS Transact's (h) alternating with Durable's in the same rounds ({@link
 * Interleaved}); then (c) backoff lateness, (e) dispatched steps, (f) typed signals and, with
 * {@code bench.phases=all}, (j) I/O-bound runs and (k) metrics and tracing on and off, each in a
 * fresh database of its own (a schema, or
 * an H2 file, dropped afterwards), so that the tens of thousands of runs (a) and (b) leave behind
 * do not slow them; the database's limit again; (d)
 * the poll query with 1,000 and a million sleeping runs (it fills the runs table), and (g) run
 * search among a million runs unless {@code bench.phases=main}. Each phase, round and probe
 * starts after a checkpoint.
 */
final class StoreBench {
  static final int CLIENT_THREADS = 16;
  static final int SEQUENTIAL_WARMUP = 2_000;
  static final int CONCURRENT_WARMUP = 4_000;
  static final Duration BACKGROUND_WINDOW = Duration.ofSeconds(1);

  /** Everything measured on one store. */
  record Results(
      String product, String where, CpuMeter.Usage background, CpuMeter.Usage wholeRun,
      CommitBaseline.Result baseline,
      ThroughputBench.Result sequential, ThroughputBench.Result concurrent,
      LatenessBench.Result lateness, DispatchBench.Result dispatch, SignalBench.Result signals,
      PollBench.Result poll, Optional<SearchBench.Result> search,
      Optional<DbosBench.Result> dbos, Optional<IoBench.Result> io,
      Optional<ObserveBench.Result> observe) {}

  /** Phases (a) and (b), and (h) where DBOS ran beside them. */
  private record Throughput(
      ThroughputBench.Result a, ThroughputBench.Result b, Optional<DbosBench.Result> h) {}

  /** A phase that runs on a database given to it. */
  @FunctionalInterface
  private interface OnDatabase<T> {
    T run(Database database) throws Exception;
  }

  private final Database database;
  private final BenchConfig config;
  private final PrintStream progress;
  private final long startedNanos = System.nanoTime();

  StoreBench(Database database, BenchConfig config, PrintStream progress) {
    this.database = database;
    this.config = config;
    this.progress = progress;
  }

  Results run() throws Exception {
    String product = database.product();
    step("background load: the machine's CPU use over " + BACKGROUND_WINDOW.toSeconds()
        + " s while idle");
    CpuMeter.Reading started = CpuMeter.read();
    CpuMeter.Usage background = CpuMeter.background(BACKGROUND_WINDOW);
    step("database limit: one-row INSERT transactions from 1 and "
        + CommitBaseline.MANY + " connections");
    database.settle();
    CommitBaseline.Measurement before = CommitBaseline.measure(database);
    Throughput throughput = throughput(config.dbosPhase() && comparesWithDbos());
    step("(c) backoff lateness: " + LatenessBench.BATCHES + " batches of " + LatenessBench.BATCH
        + " runs, in a fresh database");
    LatenessBench.Result lateness = alone(LatenessBench::run);
    step("(e) dispatched steps: " + DispatchBench.SEQUENTIAL + " runs from 1 client, "
        + DispatchBench.CONCURRENT + " from " + CLIENT_THREADS + ", " + DispatchBench.FAN_WARMUP
        + " + " + DispatchBench.FANS
        + " fans of " + DispatchBench.FAN_WIDTH + ", in a fresh database");
    DispatchBench.Result dispatch = alone(DispatchBench::run);
    step("(f) typed signals: " + SignalBench.WARMUP + " warm-up + " + SignalBench.RUNS
        + " runs, one at a time, in a fresh database");
    SignalBench.Result signals = alone(SignalBench::run);
    Optional<IoBench.Result> io = Optional.empty();
    if (config.ioPhase()) {
      OptionalDouble concurrentRate = OptionalDouble.of(throughput.b().workflowsPerSecond());
      io = Optional.of(alone(fresh -> IoBench.run(fresh, config, concurrentRate, this::step)));
    }
    Optional<ObserveBench.Result> observe = Optional.empty();
    if (config.observePhase()) {
      step("(k) metrics and tracing off, Micrometer, Micrometer + OpenTelemetry: "
          + ObserveBench.ROUNDS + " rounds from 1 and " + CLIENT_THREADS
          + " clients, a fresh engine for each pass, in a fresh database");
      observe = Optional.of(alone(fresh -> ObserveBench.run(fresh, config, this::step)));
    }
    step("database limit again");
    database.settle();
    CommitBaseline.Measurement after = CommitBaseline.measure(database);
    step("(d) poll query with " + PollBench.SMALL + " and " + config.sleeping()
        + " sleeping runs");
    database.settle();
    PollBench.Result poll = PollBench.run(database, config.sleeping());
    Optional<SearchBench.Result> search =
        config.searchPhase() ? Optional.of(search()) : Optional.empty();
    return new Results(
        product, database.where(), background, CpuMeter.read().since(started),
        new CommitBaseline.Result(before, after),
        throughput.a(), throughput.b(), lateness, dispatch, signals, poll, search,
        throughput.h(), io, observe);
  }

  /** Whether phase (h) runs on this store: DBOS Transact runs on PostgreSQL only. */
  boolean comparesWithDbos() {
    return database.id().equals("pg");
  }

  /** Phases (a), (b) and (h) alone: what the comparison with DBOS needs. */
  DbosBench.Comparison dbosComparison() throws Exception {
    Throughput throughput = throughput(true);
    return new DbosBench.Comparison(throughput.a(), throughput.b(), throughput.h().orElseThrow());
  }

  /**
   * Phases (a) and (b) on one plain engine and, {@code withDbos}, (h) on one DBOS instance in a
   * database it drops, in alternating rounds ({@link Interleaved}); then the instrumented passes.
   * Both pools stay open through the rounds ({@link BenchEngine#POOL_SIZE} connections each), and
   * the probes open {@link CommitBaseline#MANY} more: over 80 of PostgreSQL's default 100, so a
   * second benchmark on the same server at the same time can leave either without connections.
   */
  private Throughput throughput(boolean withDbos) throws Exception {
    int sequentialRuns = perRound(config.sequentialRuns());
    int concurrentRuns = perRound(config.runs());
    Interleaved.Phase sequential;
    Interleaved.Phase concurrent;
    DbosDatabase dbosDatabase = withDbos ? new DbosDatabase(config.pgUrl()) : null;
    if (withDbos) {
      database.alsoMaintain(dbosDatabase.jdbcUrl()); // settled as Durable's is, between rounds
    }
    try {
      try (BenchEngine durable = BenchEngine.plain(database, new BenchWorkflowDurable());
          DbosBench.Instance dbos =
              withDbos ? new DbosBench.Instance(dbosDatabase, false) : null) {
        List<Interleaved.Contender> contenders = withDbos
            ? List.of(ThroughputBench.contender(durable), dbos.contender())
            : List.of(ThroughputBench.contender(durable));
        String who = withDbos ? "Durable and (h) DBOS Transact" : "Durable";
        step("(a) sequential, " + who + ": warm-up, then " + Interleaved.ROUNDS + " rounds of "
            + f0(sequentialRuns) + " runs, c1 probed between them");
        sequential = Interleaved.run(database, 1, SEQUENTIAL_WARMUP, sequentialRuns,
            contenders, line -> step("(a) " + line));
        step("(b) " + CLIENT_THREADS + " client threads, " + who + ": warm-up, then "
            + Interleaved.ROUNDS + " rounds of " + f0(concurrentRuns) + " runs, c"
            + CommitBaseline.MANY + " probed between them");
        concurrent = Interleaved.run(database, CLIENT_THREADS, CONCURRENT_WARMUP,
            concurrentRuns, contenders, line -> step("(b) " + line));
      }
      step("(a) and (b) instrumented: " + ThroughputBench.TRACED_WARMUP + " warm-up runs, then "
          + Math.min(config.sequentialRuns(), ThroughputBench.TRACED_RUNS) + " and "
          + Math.min(config.runs(), ThroughputBench.TRACED_RUNS) + " runs");
      ThroughputBench.Result a = new ThroughputBench.Result(1, sequential.warmups().get(0),
          sequential.rounds().get(0), sequential.limits(),
          ThroughputBench.traced(database, 1, config.sequentialRuns()));
      ThroughputBench.Result b = new ThroughputBench.Result(CLIENT_THREADS,
          concurrent.warmups().get(0), concurrent.rounds().get(0), concurrent.limits(),
          ThroughputBench.traced(database, CLIENT_THREADS, config.runs()));
      if (!withDbos) {
        return new Throughput(a, b, Optional.empty());
      }
      int tracedSequential = Math.min(config.sequentialRuns(), ThroughputBench.TRACED_RUNS);
      int tracedConcurrent = Math.min(config.runs(), ThroughputBench.TRACED_RUNS);
      step("(h) DBOS Transact counted behind the proxy: " + ThroughputBench.TRACED_WARMUP
          + " warm-up runs, then " + tracedSequential + " and " + tracedConcurrent + " runs");
      JdbcCounts countedSequential;
      JdbcCounts countedConcurrent;
      try (DbosBench.Instance counted = new DbosBench.Instance(dbosDatabase, true)) {
        database.settle();
        countedSequential = DbosBench.counted(counted, 1, tracedSequential);
        database.settle();
        countedConcurrent = DbosBench.counted(counted, CLIENT_THREADS, tracedConcurrent);
      }
      DbosBench.Result h = new DbosBench.Result(DBOS.version(), dbosDatabase.where(),
          new DbosBench.Phase(1, sequential.warmups().get(1), sequential.rounds().get(1),
              tracedSequential, countedSequential),
          new DbosBench.Phase(CLIENT_THREADS, concurrent.warmups().get(1),
              concurrent.rounds().get(1), tracedConcurrent, countedConcurrent));
      return new Throughput(a, b, Optional.of(h));
    } finally {
      if (dbosDatabase != null) {
        database.stopMaintaining(dbosDatabase.jdbcUrl());
        dbosDatabase.close();
      }
    }
  }

  /** A phase's measured runs, split over the rounds. */
  private static int perRound(int runs) {
    return Math.max(1, (runs + Interleaved.ROUNDS - 1) / Interleaved.ROUNDS);
  }

  /** Runs {@code phase} on a fresh database of the same kind, removed afterwards. */
  private <T> T alone(OnDatabase<T> phase) throws Exception {
    try (Database fresh = Database.open(database.id(), config)) {
      fresh.settle();
      return phase.run(fresh);
    }
  }

  /** Phase (g) alone, or after the others. */
  SearchBench.Result search() throws Exception {
    step("(g) run search among " + config.search() + " runs: " + SearchBench.CALLS
        + " calls of each query after " + SearchBench.WARMUP_CALLS + " warm-up calls");
    database.settle();
    return SearchBench.run(database, config.search());
  }

  /** Phase (i) alone, or after the others. */
  LongRunBench.Result longRuns() throws Exception {
    step("(i) long runs of " + LongRunBench.STEPS + " steps: a warm-up, "
        + LongRunBench.SEQUENTIAL + " one after another, " + LongRunBench.CONCURRENT
        + " at once, one resumed, " + LongRunBench.PAIRS + " side by side with a fresh one");
    database.settle();
    return LongRunBench.run(database);
  }

  /** A progress line, with the minutes and seconds since this bench began. */
  private void step(String what) {
    long seconds = (System.nanoTime() - startedNanos) / 1_000_000_000L;
    progress.println("[" + database.id() + String.format(Locale.ROOT, " %d:%02d] ", seconds / 60,
        seconds % 60) + what);
  }
}
