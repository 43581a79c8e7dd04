package dev.durable.bench;

import static dev.durable.bench.Figures.f0;
import static dev.durable.bench.Figures.f2;

import dev.durable.bench.Observation.Setting;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.ToLongFunction;

/**
 * Phase (k), the cost of metrics and tracing: the workflow of (a) and (b) (three trivial steps)
 * from 1 and from {@link StoreBench#CLIENT_THREADS} client threads on engines with metrics and
 * tracing off, with Micrometer ({@link Observation.Setting}), and with Micrometer and the
 * OpenTelemetry SDK, in {@link #ROUNDS} rounds that alternate the order of the settings (off
 * first in odd rounds, last in even ones), a fresh engine and pool for each pass. Each setting's
 * cost per step is its time (or CPU) per workflow less that of "off" in the same round, over the
 * three steps; the spread of that difference between rounds says how far to trust it.
 */
final class ObserveBench {
  static final int ROUNDS = 6;
  /** A workflow's steps: the cost per workflow over them is the cost per step. */
  static final int STEPS = 3;
  /** Runs of each warm-up round before the measured rounds, until the JIT settles. */
  static final int FIRST_WARMUP = 1_000;
  /** Runs on each fresh engine before its measured window: pool, caches, meters created. */
  static final int PASS_WARMUP = 200;

  /**
   * One measured pass: a fresh engine with one setting, warmed up, then measured.
   *
   * @param lifeRuns runs the engine made over its life, warm-up included
   * @param runsCompleted runs its registry counted as completed; -1 without one
   * @param spans spans its tracing exported over its life; -1 without tracing
   */
  record Pass(
      Setting setting, int round, Clients.Measured window, long lifeRuns, long runsCompleted,
      long spans) {
    long wallPerRun() {
      return window.elapsedNanos() / window.runs();
    }

    long cpuPerRun() {
      return window.cpu().processNanos() / window.runs();
    }
  }

  /** The passes from one number of client threads, in the order they ran. */
  record Phase(int clients, int runsPerPass, int warmupRuns, List<Pass> passes) {
    Phase {
      passes = List.copyOf(passes);
    }

    Pass get(Setting setting, int round) {
      return passes.stream().filter(p -> p.setting() == setting && p.round() == round)
          .findFirst().orElseThrow();
    }

    double[] rates(Setting setting) {
      return passes.stream().filter(p -> p.setting() == setting)
          .mapToDouble(p -> p.window().workflowsPerSecond()).toArray();
    }

    /**
     * Per round, what {@code setting} costs per step over "off" in the same round, in nanoseconds:
     * the difference of {@code perRun} over the {@link #STEPS} steps.
     */
    double[] overheadPerStep(Setting setting, ToLongFunction<Pass> perRun) {
      double[] each = new double[ROUNDS];
      for (int round = 0; round < ROUNDS; round++) {
        each[round] = (perRun.applyAsLong(get(setting, round))
            - perRun.applyAsLong(get(Setting.OFF, round))) / (double) STEPS;
      }
      return each;
    }
  }

  /**
   * The phase on one store.
   *
   * @param loadBefore the machine's load average (1 minute) as the phase began
   * @param loadAfter and as it ended
   */
  record Result(
      double loadBefore, double loadAfter, Phase sequential, Phase concurrent,
      ObserverCost.Result alone) {}

  /** Something to do with a fresh engine's one run, the engine set up as {@code setting} says. */
  @FunctionalInterface
  private interface OnEngine<T> {
    T run(Clients.OneRun oneRun) throws Exception;
  }

  private ObserveBench() {}

  /** The phase alone: the database's limit first, for context, then the passes. */
  static Report alone(Database database, BenchConfig config, Consumer<String> progress)
      throws Exception {
    CommitBaseline.Measurement limit = CommitBaseline.beforeAPhase(database, progress);
    Result result = run(database, config, progress);
    Report report = new Report();
    report.heading("Durable with metrics and tracing on and off, on " + database.product());
    report.lines("Store: " + database.where() + ".",
        limit.justBefore());
    report(report, result);
    return report;
  }

  /** Measures the phase on {@code database}: from 1 client thread, then from more. */
  static Result run(Database database, BenchConfig config, Consumer<String> progress)
      throws Exception {
    double loadBefore = load();
    Phase sequential = phase(database, 1, Math.max(200, config.sequentialRuns() / 2), progress);
    Phase concurrent = phase(
        database, StoreBench.CLIENT_THREADS, Math.max(200, config.runs() / 2), progress);
    progress.accept("(k) the instrumentation alone: " + ObserverCost.ROUNDS + " rounds of "
        + f0(ObserverCost.RUNS) + " runs' observer calls for each setting, no engine");
    ObserverCost.Result alone = ObserverCost.run();
    return new Result(loadBefore, load(), sequential, concurrent, alone);
  }

  private static Phase phase(
      Database database, int clients, int runs, Consumer<String> progress) throws Exception {
    String name = "(k) " + clients + (clients == 1 ? " client" : " clients");
    int warmups = 0;
    for (Setting setting : Setting.values()) {
      progress.accept(name + ", " + setting.label() + ": warm-up rounds of "
          + f0(FIRST_WARMUP) + " runs on a fresh engine until the JIT settles");
      database.settle();
      warmups += withEngine(database, setting,
          oneRun -> Clients.warmUp(clients, FIRST_WARMUP, oneRun)).value();
    }
    List<Pass> passes = new ArrayList<>();
    for (int round = 0; round < ROUNDS; round++) {
      List<Setting> order = new ArrayList<>(Arrays.asList(Setting.values()));
      if (round % 2 == 1) {
        Collections.reverse(order);
      }
      StringBuilder line = new StringBuilder(name + ", round " + (round + 1) + " of " + ROUNDS);
      for (Setting setting : order) {
        Pass pass = pass(database, setting, round, clients, runs);
        passes.add(pass);
        line.append(", ").append(setting.label()).append(' ')
            .append(f0(pass.window().workflowsPerSecond())).append(" workflows/s");
      }
      progress.accept(line.toString());
    }
    return new Phase(clients, runs, warmups, passes);
  }

  /** A fresh engine with {@code setting}: {@link #PASS_WARMUP} runs, then {@code runs} measured. */
  private static Pass pass(Database database, Setting setting, int round, int clients, int runs)
      throws Exception {
    database.settle();
    Observed<Clients.Measured> measured = withEngine(database, setting, oneRun -> {
      Clients.drive(clients, PASS_WARMUP, new Samples(), oneRun);
      database.settle();
      return Clients.measure(clients, runs, oneRun);
    });
    return new Pass(setting, round, measured.value(), PASS_WARMUP + runs,
        measured.runsCompleted(), measured.spans());
  }

  /** What a fresh engine gave, and what its registry and exporter counted over its life. */
  private record Observed<T>(T value, long runsCompleted, long spans) {}

  private static <T> Observed<T> withEngine(Database database, Setting setting, OnEngine<T> work)
      throws Exception {
    Observation observation = new Observation(setting);
    T value;
    try (observation;
        BenchEngine engine = BenchEngine.configured(
            database, observation::configure, new BenchWorkflowDurable())) {
      value = work.run(ThroughputBench.contender(engine).oneRun());
    }
    return new Observed<>(value, observation.runsCompleted(), observation.spansExported());
  }

  private static double load() {
    return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
  }

  /** The phase's section of a report. */
  static void report(Report report, Result r) {
    report.heading("(k) metrics and tracing: what they cost per step");
    report.lines(
        "The workflow of (a) and (b), three trivial steps, on engines set up three ways: "
            + "off (neither configured); Micrometer (a SimpleMeterRegistry given to"
            + " meterRegistry); Micrometer + OpenTelemetry (the same, and an OpenTelemetrySdk"
            + " given to openTelemetry, its tracer provider with the SDK's default sampler and a"
            + " BatchSpanProcessor with its default queue and batch sizes, exporting to an"
            + " exporter that counts the spans and drops them, so that no exporter's I/O is"
            + " measured).",
        ROUNDS + " rounds from each number of client threads, the settings in order off,"
            + " Micrometer, both in odd rounds and the reverse in even ones; a fresh engine and"
            + " pool for each pass, " + PASS_WARMUP + " runs on it before its measured window;"
            + " before the rounds each setting warmed up on an engine of its own until the JIT"
            + " settled (" + f0(r.sequential().warmupRuns()) + " and "
            + f0(r.concurrent().warmupRuns()) + " runs in all).",
        "Per step over off: the setting's wall time (or this JVM's CPU time: engine, clients,"
            + " the span processor's thread) per workflow less off's in the same round, over the"
            + " workflow's " + STEPS + " steps (a run's start and turn spans and counters are"
            + " counted in its steps); the median of the rounds, their range in brackets. From"
            + " more than one client, wall time per workflow is the window over the runs"
            + " (1 / workflows/s), not a run's latency.",
        String.format(Locale.ROOT, "The machine's load average (1 min): %.2f as the phase began,"
            + " %.2f as it ended.", r.loadBefore(), r.loadAfter()));
    Report.TableBuilder summary = report.table("clients", "setting",
        "workflows/s: median (range)", "over off", "wall per step over off",
        "JVM CPU per step over off");
    for (Phase phase : List.of(r.sequential(), r.concurrent())) {
      double off = Rounds.median(phase.rates(Setting.OFF));
      for (Setting setting : Setting.values()) {
        double rate = Rounds.median(phase.rates(setting));
        boolean isOff = setting == Setting.OFF;
        summary.row(String.valueOf(phase.clients()), setting.label(),
            f0(rate) + " (" + range(phase.rates(setting), 1) + ")",
            isOff ? "" : f2(rate / off) + "x",
            isOff ? "" : us(phase.overheadPerStep(setting, Pass::wallPerRun)),
            isOff ? "" : us(phase.overheadPerStep(setting, Pass::cpuPerRun)));
      }
    }
    report.lines("The instrumentation alone: the observer calls one run makes in the engine (its"
        + " start and stored trace context, its claim, its turn's span, each step's span and"
        + " metrics, its completion), " + f0(ObserverCost.RUNS) + " runs' worth in a loop on one"
        + " thread, no engine, no database, " + ObserverCost.ROUNDS + " rounds alternating the"
        + " settings; per step over off: the median of the rounds (their range). The calling"
        + " thread's CPU is exact; the JVM's adds the span processor's thread and GC. In so"
        + " tight a loop the processor's queue fills and it drops spans (it exported "
        + f2(r.alone().spansPerRun()) + " of each run's 5), so its thread's share is low.");
    Report.TableBuilder alone = report.table("setting", "calling thread's CPU per step",
        "JVM's CPU per step");
    for (Setting setting : Setting.values()) {
      if (setting != Setting.OFF) {
        alone.row(setting.label(), overOff(r.alone().threadCpu(), setting),
            overOff(r.alone().processCpu(), setting));
      }
    }
    report.lines("Each pass: its rate, wall time and this JVM's CPU per workflow, latency, the"
        + " CPU other processes used meanwhile (the database server's among them), the JIT's"
        + " compiling, and what the engine's registry and exporter counted over its life"
        + " (runs completed and spans, per run).");
    Report.TableBuilder passes = report.table("clients", "round", "setting", "workflows/s",
        "wall / JVM CPU per workflow", "latency p50 / p99", "other processes", "JIT",
        "runs counted, spans per run");
    for (Phase phase : List.of(r.sequential(), r.concurrent())) {
      for (Pass p : phase.passes()) {
        CpuMeter.Usage cpu = p.window().cpu();
        passes.row(String.valueOf(phase.clients()), String.valueOf(p.round() + 1),
            p.setting().label(), f0(p.window().workflowsPerSecond()),
            us(p.wallPerRun()) + " / " + us(p.cpuPerRun()),
            Samples.ms(p.window().latency().p50()) + " / "
                + Samples.ms(p.window().latency().p99()),
            cpu.otherCores() < 0 ? "n/a" : f2(cpu.otherCores()) + " cores",
            f0(p.window().jitMillis()) + " ms", counted(p));
      }
    }
  }

  /** {@code setting}'s nanoseconds per step over off's, round by round, as microseconds. */
  private static String overOff(Map<Setting, double[]> perStep, Setting setting) {
    double[] over = new double[perStep.get(setting).length];
    double[] off = perStep.get(Setting.OFF);
    double[] on = perStep.get(setting);
    for (int round = 0; round < on.length; round++) {
      over[round] = on[round] - off[round];
    }
    return String.format(Locale.ROOT, "%.2f us (%.2f to %.2f)", Rounds.median(over) / 1e3,
        Arrays.stream(over).min().orElse(0) / 1e3, Arrays.stream(over).max().orElse(0) / 1e3);
  }

  private static String counted(Pass p) {
    if (p.runsCompleted() < 0) {
      return "";
    }
    String runs = f0(p.runsCompleted()) + " of " + f0(p.lifeRuns());
    return p.spans() < 0 ? runs
        : runs + ", " + f2((double) p.spans() / p.lifeRuns());
  }

  /** Nanoseconds per step, the rounds' median and range, in microseconds. */
  private static String us(double[] nanos) {
    return String.format(Locale.ROOT, "%.1f us (%s)", Rounds.median(nanos) / 1e3,
        range(nanos, 1e3));
  }

  private static String us(long nanos) {
    return String.format(Locale.ROOT, "%,.0f us", nanos / 1e3);
  }

  private static String range(double[] values, double unit) {
    double min = Arrays.stream(values).min().orElse(0) / unit;
    double max = Arrays.stream(values).max().orElse(0) / unit;
    return unit == 1 ? f0(min) + "-" + f0(max)
        : String.format(Locale.ROOT, "%.1f to %.1f", min, max);
  }
}
