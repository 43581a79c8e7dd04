package dev.durable.bench;

import java.time.Duration;
import java.util.Map;

/**
 * Phases (a) and (b): client threads each starting a run of {@link BenchWorkflow} and awaiting it,
 * over and over, on a started engine. The figures (throughput, latency, CPU) come from an engine
 * as an application runs it, with nothing between it and its pool and no hooks; a shorter pass on
 * an instrumented engine (a counting JDBC proxy, hooks that time each step) then says where the
 * time goes and how many round trips and commits a workflow takes. Each pass has a warm-up of the
 * same shape first (JIT, pool, caches).
 */
final class ThroughputBench {
  private static final Duration AWAIT = Duration.ofMinutes(1);
  /** Runs of the instrumented pass, at most, and its warm-up: the JIT is warm by then. */
  static final int TRACED_RUNS = 2_000;
  static final int TRACED_WARMUP = 500;

  /**
   * One measured phase.
   *
   * @param clients client threads
   * @param runs runs measured on the plain engine
   * @param warmupRuns runs before that measurement, until the JIT settled ({@link
   *     Clients#warmUp})
   * @param elapsedNanos wall time of the measured runs
   * @param latency start to await returning, per run
   * @param cpu CPU used over the measured runs
   * @param tracedRuns runs measured on the instrumented engine
   * @param segments where those runs' time went, see {@link RunTimeline}
   * @param counts the JDBC work over those runs
   * @param lifetime commits over the instrumented engine's whole life, counted by the proxy and
   *     by the server
   */
  record Result(
      int clients, int runs, int warmupRuns, long elapsedNanos, Samples latency,
      CpuMeter.Usage cpu, int tracedRuns, Map<RunTimeline.Segment, Samples> segments,
      JdbcCounts counts, BenchEngine.LifetimeCommits lifetime) {

    double workflowsPerSecond() {
      return runs / (elapsedNanos / 1e9);
    }

    double stepsPerSecond() {
      return 3 * workflowsPerSecond();
    }

    /** {@code count}, counted over the instrumented runs, per workflow. */
    double perWorkflow(long count) {
      return (double) count / tracedRuns;
    }

    /** The per-step overhead: from one step's start to the next one's. */
    Samples stepOverhead() {
      return segments.get(RunTimeline.Segment.STEP);
    }
  }

  private ThroughputBench() {}

  static Result run(Database database, int clients, int warmupRuns, int runs) throws Exception {
    long elapsed;
    Samples latency = new Samples();
    CpuMeter.Usage cpu;
    int warmedUp;
    try (BenchEngine bench = BenchEngine.plain(database, new BenchWorkflowDurable())) {
      BenchWorkflowClient client = BenchWorkflowClient.of(bench.engine());
      warmedUp = Clients.warmUp(clients, warmupRuns, oneRun(client, null));
      long started = System.nanoTime();
      cpu = drive(client, null, clients, runs, latency);
      elapsed = System.nanoTime() - started;
    }
    database.settle();
    int traced = Math.min(runs, TRACED_RUNS);
    RunTimeline timeline = new RunTimeline();
    BenchEngine bench = new BenchEngine(database, timeline, new BenchWorkflowDurable());
    Map<RunTimeline.Segment, Samples> segments;
    JdbcCounts counts;
    try (bench) {
      BenchWorkflowClient client = BenchWorkflowClient.of(bench.engine());
      drive(client, timeline, clients, TRACED_WARMUP, new Samples());
      JdbcCounts before = bench.counts();
      timeline.start();
      drive(client, timeline, clients, traced, new Samples());
      segments = timeline.stop();
      counts = bench.counts().minus(before);
    }
    return new Result(clients, runs, warmedUp, elapsed, latency, cpu, traced, segments, counts,
        bench.lifetimeCommits());
  }

  /**
   * {@code runs} runs from {@code clients} threads, each started and awaited, then checked; the
   * client's moments go to {@code timeline}, if there is one.
   */
  private static CpuMeter.Usage drive(
      BenchWorkflowClient client, RunTimeline timeline, int clients, int runs, Samples latency)
      throws Exception {
    return Clients.drive(clients, runs, latency, oneRun(client, timeline));
  }

  /** One run started and awaited, then checked; its moments go to {@code timeline}, if any. */
  private static Clients.OneRun oneRun(BenchWorkflowClient client, RunTimeline timeline) {
    return (runId, n) -> {
      if (timeline != null) {
        timeline.starting(runId);
      }
      int result = client.start(runId, n).await(AWAIT);
      if (timeline != null) {
        timeline.returned(runId);
      }
      if (result != n + 3) {
        throw new IllegalStateException("run " + runId + " returned " + result);
      }
    };
  }
}
