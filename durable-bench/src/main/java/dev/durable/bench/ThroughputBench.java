package dev.durable.bench;

import java.time.Duration;
import java.util.Map;

/**
 * Phases (a) and (b): client threads each starting a run of {@link BenchWorkflow} and awaiting it,
 * over and over, on a started engine. A warm-up of the same shape comes first (JIT, pool, caches);
 * then one long measured run.
 */
final class ThroughputBench {
  private static final Duration AWAIT = Duration.ofMinutes(1);

  /**
   * One measured run.
   *
   * @param clients client threads
   * @param runs runs measured
   * @param warmupRuns runs before the measurement
   * @param elapsedNanos wall time of the measured runs
   * @param latency start to await returning, per run
   * @param segments where the runs' time went, see {@link RunTimeline}
   * @param counts the JDBC work over the measured runs
   * @param cpu CPU used over the measured runs
   * @param lifetime commits over the engine's whole life, counted by the proxy and by the server
   */
  record Result(
      int clients, int runs, int warmupRuns, long elapsedNanos, Samples latency,
      Map<RunTimeline.Segment, Samples> segments, JdbcCounts counts, CpuMeter.Usage cpu,
      BenchEngine.LifetimeCommits lifetime) {

    double workflowsPerSecond() {
      return runs / (elapsedNanos / 1e9);
    }

    double stepsPerSecond() {
      return 3 * workflowsPerSecond();
    }

    double commitsPerSecond() {
      return counts.commits() / (elapsedNanos / 1e9);
    }

    double perWorkflow(long count) {
      return (double) count / runs;
    }

    /** The per-step overhead: from one step's start to the next one's. */
    Samples stepOverhead() {
      return segments.get(RunTimeline.Segment.STEP);
    }

    Result withLifetime(BenchEngine.LifetimeCommits commits) {
      return new Result(clients, runs, warmupRuns, elapsedNanos, latency, segments, counts, cpu,
          commits);
    }
  }

  private ThroughputBench() {}

  static Result run(Database database, int clients, int warmupRuns, int runs) throws Exception {
    RunTimeline timeline = new RunTimeline();
    BenchEngine bench = new BenchEngine(database, timeline, new BenchWorkflowDurable());
    Result result;
    try (bench) {
      BenchWorkflowClient client = BenchWorkflowClient.of(bench.engine());
      drive(client, timeline, clients, warmupRuns, new Samples());
      JdbcCounts before = bench.counts();
      timeline.start();
      Samples latency = new Samples();
      CpuMeter.Reading cpu = CpuMeter.read();
      long started = System.nanoTime();
      drive(client, timeline, clients, runs, latency);
      long elapsed = System.nanoTime() - started;
      result = new Result(clients, runs, warmupRuns, elapsed, latency, timeline.stop(),
          bench.counts().minus(before), CpuMeter.read().since(cpu), null);
    }
    return result.withLifetime(bench.lifetimeCommits());
  }

  /** {@code runs} runs from {@code clients} threads, each started and awaited, then checked. */
  private static void drive(
      BenchWorkflowClient client, RunTimeline timeline, int clients, int runs, Samples latency)
      throws Exception {
    Clients.drive(clients, runs, latency, (runId, n) -> {
      timeline.starting(runId);
      int result = client.start(runId, n).await(AWAIT);
      timeline.returned(runId);
      if (result != n + 3) {
        throw new IllegalStateException("run " + runId + " returned " + result);
      }
    });
  }
}
