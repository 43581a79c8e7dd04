package dev.durable.bench;

import com.zaxxer.hikari.HikariDataSource;
import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.DurableWorker;
import java.time.Duration;
import java.util.Locale;

/**
 * Phase (e), dispatched steps: a started engine and a started worker (8 tasks at once) in this
 * process, over one pool. The round trip of one dispatched step from one client; runs of one
 * dispatched step from {@link StoreBench#CLIENT_THREADS} clients; and fans of {@link #FAN_WIDTH}
 * dispatched steps, each run alone, after {@link #FAN_WARMUP} of them: a fan's texts are new to the
 * database, which plans a prepared statement afresh for each of its first five executions on a
 * connection, 15 to 30 ms for a fan's turn on PostgreSQL, before it settles on a generic plan; an
 * engine running fans all day pays that once per connection, not once per fan. The database is
 * settled ({@link Database#settle}) after each warm-up, as before every measured window elsewhere.
 * The engine hands each task to the worker as it queues it ({@code EagerDispatch}): they share
 * the pool, so the worker claims only what finds it with no slot free (most of a fan).
 */
final class DispatchBench {
  static final int WARMUP = 1_000;
  static final int SEQUENTIAL = 500;
  static final int CONCURRENT = 4_000;
  static final int FAN_WIDTH = 100;
  static final int FANS = 10;
  static final int FAN_WARMUP = 40;
  static final int WORKER_CONCURRENCY = 8;
  private static final Duration AWAIT = Duration.ofMinutes(1);

  /**
   * @param roundTrip start to await returning, one client, per run of one dispatched step
   * @param concurrentNanos wall time of {@link #CONCURRENT} runs from the client threads
   * @param fans wall time of each fan run, start to await returning
   */
  record Result(Samples roundTrip, long concurrentNanos, Samples fans) {
    double concurrentPerSecond() {
      return CONCURRENT / (concurrentNanos / 1e9);
    }

    /** Tasks per second through a fan, at its median. */
    double fanTasksPerSecond() {
      return FAN_WIDTH / (fans.p50() / 1e9);
    }
  }

  private DispatchBench() {}

  static Result run(Database database) throws Exception {
    try (HikariDataSource pool = database.pool("durable-bench-dispatch",
            BenchEngine.POOL_SIZE + WORKER_CONCURRENCY + 2);
        DurableEngine engine = DurableEngine.builder().dataSource(pool).discover(false)
            .maxConcurrentRuns(BenchEngine.MAX_CONCURRENT_RUNS)
            .register(new DispatchBenchWorkflowDurable(new BenchStepsDispatch()))
            .build();
        DurableWorker worker = DurableWorker.builder().dataSource(pool)
            .concurrency(WORKER_CONCURRENCY)
            .serve(BenchStepsWorker.of(x -> x + 1))
            .build()) {
      engine.start();
      worker.start();
      DispatchBenchWorkflowClient client = DispatchBenchWorkflowClient.of(engine);
      drive(client, StoreBench.CLIENT_THREADS, WARMUP, new Samples());
      database.settle();
      Samples roundTrip = new Samples();
      drive(client, 1, SEQUENTIAL, roundTrip);
      long started = System.nanoTime();
      drive(client, StoreBench.CLIENT_THREADS, CONCURRENT, new Samples());
      long concurrent = System.nanoTime() - started;
      fans(client, FAN_WARMUP, new Samples());
      database.settle();
      Samples fans = new Samples();
      fans(client, FANS, fans);
      return new Result(roundTrip, concurrent, fans);
    }
  }

  /** Phase (e) alone ({@code bench.phases=dispatch}): its figures, with no other phase's. */
  static Report report(Database database, Result e) throws Exception {
    Report report = new Report();
    report.heading("Durable dispatched steps (e) on " + database.product());
    report.lines("Store: " + database.where() + ". Machine: "
        + Runtime.getRuntime().availableProcessors() + " CPUs, Java "
        + System.getProperty("java.version") + ".");
    report.table("figure", "p50", "p99", "rate")
        .row("1 client: start -> await of a run with one dispatched step",
            Samples.ms(e.roundTrip().p50()), Samples.ms(e.roundTrip().p99()),
            String.format(Locale.ROOT, "%.0f runs/s", 1e9 / e.roundTrip().p50()))
        .row(StoreBench.CLIENT_THREADS + " clients: " + CONCURRENT + " runs", "", "",
            String.format(Locale.ROOT, "%.0f runs/s", e.concurrentPerSecond()))
        .row("a fan of " + FAN_WIDTH + " dispatched steps, start -> await",
            Samples.ms(e.fans().p50()), Samples.ms(e.fans().p99()),
            String.format(Locale.ROOT, "%.0f tasks/s", e.fanTasksPerSecond()));
    return report;
  }

  /** {@code count} fans of {@link #FAN_WIDTH} dispatched steps, one at a time, each awaited. */
  private static void fans(DispatchBenchWorkflowClient client, int count, Samples latency) {
    int expected = FAN_WIDTH * (FAN_WIDTH + 1) / 2;
    for (int i = 0; i < count; i++) {
      long started = System.nanoTime();
      int sum = client.start(new DispatchJob(0, FAN_WIDTH)).await(AWAIT);
      latency.add(System.nanoTime() - started);
      if (sum != expected) {
        throw new IllegalStateException("a fan returned " + sum + ", not " + expected);
      }
    }
  }

  /** {@code runs} runs of one dispatched step from {@code clients} threads, each awaited. */
  private static void drive(
      DispatchBenchWorkflowClient client, int clients, int runs, Samples latency)
      throws Exception {
    Clients.drive(clients, runs, latency, (runId, n) -> {
      int result = client.start(runId, new DispatchJob(n, 0)).await(AWAIT);
      if (result != n + 1) {
        throw new IllegalStateException("run " + runId + " returned " + result);
      }
    });
  }
}
