package dev.durable.bench;

import dev.dbos.transact.DBOS;
import java.io.PrintStream;
import java.time.Duration;
import java.util.Optional;

/**
 * Runs every phase on one fresh store, in order: the database's limit, (a) sequential and (b)
 * concurrent throughput, (c) backoff lateness, (e) dispatched steps, (f) typed signals, the
 * database's limit again,
 * (d) the poll query
 * with 1,000 and a million sleeping runs (it fills the runs table), (g) run search among a
 * million runs unless {@code bench.phases=main}, and last, on PostgreSQL only, (h) the workflow of
 * (a) and (b) on DBOS Transact, so that nothing of DBOS runs while Durable is measured. Each phase
 * starts after a checkpoint.
 */
final class StoreBench {
  static final int CLIENT_THREADS = 16;
  static final int SEQUENTIAL_WARMUP = 2_000;
  static final int CONCURRENT_WARMUP = 4_000;
  static final Duration BACKGROUND_WINDOW = Duration.ofSeconds(1);

  /** Everything measured on one store. */
  record Results(
      String product, String where, CpuMeter.Usage background, CommitBaseline.Result baseline,
      ThroughputBench.Result sequential, ThroughputBench.Result concurrent,
      LatenessBench.Result lateness, DispatchBench.Result dispatch, SignalBench.Result signals,
      PollBench.Result poll, Optional<SearchBench.Result> search,
      Optional<DbosBench.Result> dbos) {}

  private final Database database;
  private final BenchConfig config;
  private final PrintStream progress;

  StoreBench(Database database, BenchConfig config, PrintStream progress) {
    this.database = database;
    this.config = config;
    this.progress = progress;
  }

  Results run() throws Exception {
    String product = database.product();
    step("background load: the machine's CPU use over " + BACKGROUND_WINDOW.toSeconds()
        + " s while idle");
    CpuMeter.Usage background = CpuMeter.background(BACKGROUND_WINDOW);
    step("database limit: one-row INSERT transactions from 1 and "
        + CommitBaseline.MANY + " connections");
    database.settle();
    CommitBaseline.Measurement before = CommitBaseline.measure(database);
    ThroughputBench.Result sequential = sequential();
    ThroughputBench.Result concurrent = concurrent();
    step("(c) backoff lateness: " + LatenessBench.BATCHES + " batches of " + LatenessBench.BATCH
        + " runs");
    database.settle();
    LatenessBench.Result lateness = LatenessBench.run(database);
    step("(e) dispatched steps: " + DispatchBench.SEQUENTIAL + " runs from 1 client, "
        + DispatchBench.CONCURRENT + " from " + CLIENT_THREADS + ", " + DispatchBench.FANS
        + " fans of " + DispatchBench.FAN_WIDTH);
    database.settle();
    DispatchBench.Result dispatch = DispatchBench.run(database);
    step("(f) typed signals: " + SignalBench.WARMUP + " warm-up + " + SignalBench.RUNS
        + " runs, one at a time");
    database.settle();
    SignalBench.Result signals = SignalBench.run(database);
    step("database limit again");
    database.settle();
    CommitBaseline.Measurement after = CommitBaseline.measure(database);
    step("(d) poll query with " + PollBench.SMALL + " and " + config.sleeping()
        + " sleeping runs");
    database.settle();
    PollBench.Result poll = PollBench.run(database, config.sleeping());
    Optional<SearchBench.Result> search =
        config.searchPhase() ? Optional.of(search()) : Optional.empty();
    Optional<DbosBench.Result> dbos =
        config.dbosPhase() && comparesWithDbos() ? Optional.of(dbos()) : Optional.empty();
    return new Results(
        product, database.where(), background, new CommitBaseline.Result(before, after), sequential,
        concurrent, lateness, dispatch, signals, poll, search, dbos);
  }

  /** Whether phase (h) runs on this store: DBOS Transact runs on PostgreSQL only. */
  boolean comparesWithDbos() {
    return database.id().equals("pg");
  }

  /** Phases (a), (b) and (h) alone: what the comparison with DBOS needs. */
  DbosBench.Comparison dbosComparison() throws Exception {
    ThroughputBench.Result sequential = sequential();
    ThroughputBench.Result concurrent = concurrent();
    return new DbosBench.Comparison(sequential, concurrent, dbos());
  }

  private ThroughputBench.Result sequential() throws Exception {
    step("(a) sequential: warm-up rounds of " + SEQUENTIAL_WARMUP + " until the JIT settles, then "
        + config.sequentialRuns() + " runs");
    database.settle();
    return ThroughputBench.run(database, 1, SEQUENTIAL_WARMUP, config.sequentialRuns());
  }

  private ThroughputBench.Result concurrent() throws Exception {
    step("(b) " + CLIENT_THREADS + " client threads: warm-up rounds of " + CONCURRENT_WARMUP
        + " until the JIT settles, then " + config.runs() + " runs");
    database.settle();
    return ThroughputBench.run(database, CLIENT_THREADS, CONCURRENT_WARMUP, config.runs());
  }

  /** Phase (h), with the warm-up and measured runs of (a) and (b), in a database it drops. */
  private DbosBench.Result dbos() throws Exception {
    try (DbosDatabase dbos = new DbosDatabase(config.pgUrl())) {
      step("(h) DBOS Transact, sequential: warm-up rounds of " + SEQUENTIAL_WARMUP
          + " until the JIT settles, then " + config.sequentialRuns() + " runs");
      database.settle();
      DbosBench.Phase sequential =
          DbosBench.run(dbos, 1, SEQUENTIAL_WARMUP, config.sequentialRuns());
      step("(h) DBOS Transact, " + CLIENT_THREADS + " client threads: warm-up rounds of "
          + CONCURRENT_WARMUP + " until the JIT settles, then " + config.runs() + " runs");
      database.settle();
      DbosBench.Phase concurrent =
          DbosBench.run(dbos, CLIENT_THREADS, CONCURRENT_WARMUP, config.runs());
      return new DbosBench.Result(DBOS.version(), dbos.where(), sequential, concurrent);
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

  private void step(String what) {
    progress.println("[" + database.id() + "] " + what);
  }
}
