package dev.durable.bench;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Phases (a) and (b): client threads each starting a run of {@link BenchWorkflow} and awaiting it,
 * over and over, on a started engine. The figures (throughput, latency, CPU) come from an engine
 * as an application runs it, with nothing between it and its pool and no hooks, measured in
 * rounds beside DBOS Transact's and the database's commit rate ({@link Interleaved}); a shorter
 * pass on an instrumented engine (a counting JDBC proxy, hooks that time each step) then says
 * where the time goes and how many round trips and commits a workflow takes. Each engine warms up
 * with runs of the same shape first (JIT, pool, caches).
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
   * @param warmupRuns runs before the measured rounds, until the JIT settled ({@link
   *     Clients#warmUp})
   * @param rounds the measured rounds on the plain engine
   * @param limits the database's commit rate probed before each round and after the last: from 1
   *     connection (c1) next to (a), from {@link CommitBaseline#MANY} (c8) next to (b)
   * @param traced the instrumented pass
   */
  record Result(
      int clients, int warmupRuns, Rounds rounds, List<Double> limits, Traced traced) {

    int runs() {
      return rounds.runs();
    }

    /** The median of the rounds'. */
    double workflowsPerSecond() {
      return rounds.workflowsPerSecond();
    }

    double stepsPerSecond() {
      return 3 * workflowsPerSecond();
    }

    Samples latency() {
      return rounds.latency();
    }

    CpuMeter.Usage cpu() {
      return rounds.cpu();
    }

    /** The database's limit next to round {@code round}: the mean of the probes around it. */
    double limit(int round) {
      return (limits.get(round) + limits.get(round + 1)) / 2;
    }

    /** The median of the rounds' limits. */
    double limit() {
      double[] each = new double[rounds.size()];
      for (int i = 0; i < each.length; i++) {
        each[i] = limit(i);
      }
      return Rounds.median(each);
    }

    /**
     * Round {@code round}'s rate as a share of the limit next to it, as the targets put it:
     * workflows/s over c1/4 from 1 client thread (a 3-step run commits at least 4 times), steps/s
     * over c8 from more.
     */
    double ofLimit(int round) {
      double rate = rounds.get(round).workflowsPerSecond();
      return clients == 1 ? rate / (limit(round) / 4) : 3 * rate / limit(round);
    }

    /** The median of the rounds' {@link #ofLimit(int)}. */
    double ofLimit() {
      double[] each = new double[rounds.size()];
      for (int i = 0; i < each.length; i++) {
        each[i] = ofLimit(i);
      }
      return Rounds.median(each);
    }

    int tracedRuns() {
      return traced.runs();
    }

    Map<RunTimeline.Segment, Samples> segments() {
      return traced.segments();
    }

    JdbcCounts counts() {
      return traced.counts();
    }

    BenchEngine.LifetimeCommits lifetime() {
      return traced.lifetime();
    }

    /** {@code count}, counted over the instrumented runs, per workflow. */
    double perWorkflow(long count) {
      return (double) count / traced.runs();
    }

    /** The per-step overhead: from one step's start to the next one's. */
    Samples stepOverhead() {
      return segments().get(RunTimeline.Segment.STEP);
    }
  }

  /**
   * The instrumented pass of a phase.
   *
   * @param runs runs measured on the instrumented engine
   * @param segments where those runs' time went, see {@link RunTimeline}
   * @param counts the JDBC work over those runs
   * @param lifetime commits over the instrumented engine's whole life, counted by the proxy and
   *     by the server
   */
  record Traced(
      int runs, Map<RunTimeline.Segment, Samples> segments, JdbcCounts counts,
      BenchEngine.LifetimeCommits lifetime) {}

  private ThroughputBench() {}

  /** One run on the plain engine {@code bench}, as {@link Interleaved} measures it. */
  static Interleaved.Contender contender(BenchEngine bench) {
    return new Interleaved.Contender(
        "Durable", oneRun(BenchWorkflowClient.of(bench.engine()), null));
  }

  /**
   * The instrumented pass: {@code runs} runs ({@link #TRACED_RUNS} at most) from {@code clients}
   * threads on an engine of its own, after {@link #TRACED_WARMUP}.
   */
  static Traced traced(Database database, int clients, int runs) throws Exception {
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
    return new Traced(traced, segments, counts, bench.lifetimeCommits());
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
