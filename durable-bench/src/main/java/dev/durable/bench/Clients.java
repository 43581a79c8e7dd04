package dev.durable.bench;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.atomic.AtomicInteger;

/** Client threads that each start a run and await it, again and again, until all are done. */
final class Clients {
  /** Starts run number {@code n} under id {@code runId}, awaits it and checks its result. */
  @FunctionalInterface
  interface OneRun {
    void run(String runId, int n) throws Exception;
  }

  /**
   * One measured window: {@code runs} runs from {@code clients} threads.
   *
   * @param elapsedNanos wall time of the runs
   * @param latency start to the result, per run
   * @param cpu CPU used over the runs
   * @param jitMillis time the JIT spent compiling meanwhile, all its threads together: more than
   *     a few percent of the window means the code measured was still being compiled
   */
  record Measured(
      int clients, int runs, long elapsedNanos, Samples latency, CpuMeter.Usage cpu,
      long jitMillis) {
    double workflowsPerSecond() {
      return runs / (elapsedNanos / 1e9);
    }
  }

  /** Warm-up rounds at most: the JIT of this JVM has always settled well before. */
  static final int MAX_WARMUP_ROUNDS = 8;
  /** The JIT is settled once it compiles for less than this share of a warm-up round's time. */
  private static final double SETTLED_JIT_SHARE = 0.02;

  private Clients() {}

  /**
   * Warms up with rounds of {@code runs} runs until the JIT has settled: until it compiled for
   * less than {@value #SETTLED_JIT_SHARE} of a round's time, {@value #MAX_WARMUP_ROUNDS} rounds at
   * most. A fixed count of runs was not enough for the sequential phases: the JIT still compiled
   * through the first measured runs, and its threads' CPU counted as the workflows'.
   *
   * @return the runs made
   */
  static int warmUp(int clients, int runs, OneRun oneRun) throws Exception {
    CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
    int made = 0;
    for (int round = 0; round < MAX_WARMUP_ROUNDS; round++) {
      long compiledMs = jit.getTotalCompilationTime();
      long started = System.nanoTime();
      drive(clients, runs, new Samples(), oneRun);
      made += runs;
      double roundMs = (System.nanoTime() - started) / 1e6;
      if (jit.getTotalCompilationTime() - compiledMs < SETTLED_JIT_SHARE * roundMs) {
        break;
      }
    }
    return made;
  }

  /** Makes {@code runs} runs from {@code clients} threads and says how long they took. */
  static Measured measure(int clients, int runs, OneRun oneRun) throws Exception {
    CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
    Samples latency = new Samples();
    long compiledMs = jit.getTotalCompilationTime();
    long started = System.nanoTime();
    CpuMeter.Usage cpu = drive(clients, runs, latency, oneRun);
    long elapsed = System.nanoTime() - started;
    return new Measured(
        clients, runs, elapsed, latency, cpu, jit.getTotalCompilationTime() - compiledMs);
  }

  /**
   * Makes {@code runs} runs from {@code clients} threads, adding each one's start-to-await time to
   * {@code latency}. Run ids are a fresh random prefix with a number, so that each start really
   * starts a run.
   *
   * @return the CPU this JVM used meanwhile and its threads' context switches, the client
   *     threads' included (read while they are alive)
   */
  static CpuMeter.Usage drive(int clients, int runs, Samples latency, OneRun oneRun)
      throws Exception {
    String prefix = UUID.randomUUID() + "-";
    ThreadPoolExecutor threads = (ThreadPoolExecutor) Executors.newFixedThreadPool(clients);
    try {
      threads.prestartAllCoreThreads();
      AtomicInteger next = new AtomicInteger();
      List<Future<?>> done = new ArrayList<>();
      CpuMeter.Reading before = CpuMeter.read();
      for (int i = 0; i < clients; i++) {
        done.add(threads.submit(() -> {
          for (int n = next.getAndIncrement(); n < runs; n = next.getAndIncrement()) {
            long started = System.nanoTime();
            oneRun.run(prefix + n, n);
            latency.add(System.nanoTime() - started);
          }
          return null;
        }));
      }
      for (Future<?> each : done) {
        each.get();
      }
      return CpuMeter.read().since(before);
    } finally {
      threads.shutdownNow();
    }
  }
}
