package dev.durable.bench;

import java.io.PrintStream;
import java.time.Duration;
import java.util.Optional;

/**
 * Runs every phase on one fresh store, in order: the database's limit, (a) sequential and (b)
 * concurrent throughput, (c) backoff lateness, (e) dispatched steps, (f) typed signals, the
 * database's limit again,
 * (d) the poll query
 * with 1,000 and a million sleeping runs (it fills the runs table), and (g) run search among a
 * million runs unless {@code bench.phases=main}. Each phase starts after a checkpoint.
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
      PollBench.Result poll, Optional<SearchBench.Result> search) {}

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
    step("(a) sequential: " + SEQUENTIAL_WARMUP + " warm-up + " + config.sequentialRuns()
        + " runs");
    database.settle();
    ThroughputBench.Result sequential =
        ThroughputBench.run(database, 1, SEQUENTIAL_WARMUP, config.sequentialRuns());
    step("(b) " + CLIENT_THREADS + " client threads: " + CONCURRENT_WARMUP + " warm-up + "
        + config.runs() + " runs");
    database.settle();
    ThroughputBench.Result concurrent =
        ThroughputBench.run(database, CLIENT_THREADS, CONCURRENT_WARMUP, config.runs());
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
    return new Results(
        product, database.where(), background, new CommitBaseline.Result(before, after), sequential,
        concurrent, lateness, dispatch, signals, poll, search);
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
