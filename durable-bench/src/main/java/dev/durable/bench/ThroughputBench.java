package dev.durable.bench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

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

  /**
   * Runs {@code runs} runs from {@code clients} threads, each starting one and awaiting it. Run ids
   * are fresh random prefixes with a number, so that each start really starts a run.
   */
  private static void drive(
      BenchWorkflowClient client, RunTimeline timeline, int clients, int runs, Samples latency)
      throws Exception {
    String prefix = UUID.randomUUID() + "-";
    ExecutorService threads = Executors.newFixedThreadPool(clients);
    try {
      AtomicInteger next = new AtomicInteger();
      List<Future<?>> done = new ArrayList<>();
      for (int i = 0; i < clients; i++) {
        done.add(threads.submit(() -> {
          for (int n = next.getAndIncrement(); n < runs; n = next.getAndIncrement()) {
            String runId = prefix + n;
            long started = System.nanoTime();
            timeline.starting(runId);
            int result = client.start(runId, n).await(AWAIT);
            timeline.returned(runId);
            latency.add(System.nanoTime() - started);
            if (result != n + 3) {
              throw new IllegalStateException("run " + runId + " returned " + result);
            }
          }
          return null;
        }));
      }
      for (Future<?> each : done) {
        each.get();
      }
    } finally {
      threads.shutdownNow();
    }
  }
}
