package dev.durable.bench;

import dev.durable.bench.Observation.Setting;
import dev.durable.runtime.internal.observe.Observer;
import dev.durable.runtime.internal.observe.Observers;
import dev.durable.runtime.internal.observe.TraceSpan;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The instrumentation of phase (k) alone, without an engine or a database: the calls to the
 * engine's observer that one run of the 3-step workflow makes (its start and its stored trace
 * context, its claim, its turn's span, each step's span and metrics, its completion), made in a
 * loop on one thread, in {@link #ROUNDS} rounds alternating the settings as the passes do. Where
 * the end-to-end passes measure the instrumentation among a run's database work and the machine's
 * noise, this measures what it costs the thread that makes the calls, to a fraction of a
 * microsecond; the CPU the span processor's own thread spends is in the process's figure.
 */
final class ObserverCost {
  static final int ROUNDS = 6;
  static final int WARMUP_RUNS = 200_000;
  static final int RUNS = 100_000;
  private static final Duration NO_DELAY = Duration.ZERO;
  private static final Duration STEP_TOOK = Duration.ofNanos(5_000);
  private static final List<String> STEP_NAMES = List.of("a", "b", "c");

  /**
   * Nanoseconds per step of each setting, per round.
   *
   * @param threadCpu CPU time of the calling thread
   * @param processCpu CPU time of the whole JVM (the span processor's thread and GC included), to
   *     the granularity of the operating system's clock ticks
   * @param spansPerRun spans exported per run with tracing, all rounds together: fewer than the 5
   *     recorded when the span processor's queue filled and it dropped some
   */
  record Result(
      Map<Setting, double[]> threadCpu, Map<Setting, double[]> processCpu, double spansPerRun) {}

  private ObserverCost() {}

  static Result run() throws Exception {
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    Map<Setting, double[]> thread = new EnumMap<>(Setting.class);
    Map<Setting, double[]> process = new EnumMap<>(Setting.class);
    long spans = 0;
    for (Setting setting : Setting.values()) {
      thread.put(setting, new double[ROUNDS]);
      process.put(setting, new double[ROUNDS]);
      try (Observation observation = new Observation(setting)) {
        runs(observation, WARMUP_RUNS);
      }
    }
    for (int round = 0; round < ROUNDS; round++) {
      List<Setting> order = new ArrayList<>(List.of(Setting.values()));
      if (round % 2 == 1) {
        Collections.reverse(order);
      }
      for (Setting setting : order) {
        try (Observation observation = new Observation(setting)) {
          long threadBefore = threads.getCurrentThreadCpuTime();
          CpuMeter.Reading before = CpuMeter.read();
          runs(observation, RUNS);
          observation.close(); // the span processor's last exports belong to the figure
          long processNanos = CpuMeter.read().since(before).processNanos();
          long threadNanos = threads.getCurrentThreadCpuTime() - threadBefore;
          thread.get(setting)[round] = threadNanos / (double) RUNS / ObserveBench.STEPS;
          process.get(setting)[round] = processNanos / (double) RUNS / ObserveBench.STEPS;
          spans += Math.max(0, observation.spansExported());
        }
      }
    }
    return new Result(thread, process, (double) spans / RUNS / ROUNDS);
  }

  /** {@code runs} runs' worth of the engine's observer calls, as one engine makes them. */
  private static void runs(Observation observation, int runs) {
    Observer observer = Observers.of(observation.meterRegistry(), observation.openTelemetry());
    try {
      for (int n = 0; n < runs; n++) {
        String runId = "run-" + n;
        String traceContext = observer.runStarting(runId, "bench");
        observer.runStarted("bench");
        observer.runClaimed("bench", NO_DELAY, false);
        try (TraceSpan turn = observer.turn(runId, "bench", "1", traceContext)) {
          for (String step : STEP_NAMES) {
            try (TraceSpan attempt = observer.stepAttempt(runId, "bench", step, 1)) {
              // the step's body runs here
            }
            observer.stepAttempt("bench", step, "completed", STEP_TOOK);
          }
          observer.runCompleted("bench");
        }
      }
    } finally {
      observer.close();
    }
  }
}
