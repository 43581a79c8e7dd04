package dev.durable.bench;

import static dev.durable.bench.Figures.f0;
import static dev.durable.bench.Figures.f2;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.codec.PayloadCodec;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.function.ToLongFunction;

/**
 * Phase (p), what the payload codecs cost end to end: the workflow of (a) and (b) (three trivial
 * steps) from 1 and from {@link StoreBench#CLIENT_THREADS} client threads on engines with no
 * payload codec and with {@code chain(gzip(1024), aesGcm(one 256-bit key))}, which stores every
 * payload as {@code ~<label>~<base64>}. {@link #ROUNDS} rounds alternate the order of the two
 * settings as {@link Interleaved} alternates its engines (off first in odd rounds, on first in
 * even ones), so that a drift of the machine or the server falls on both alike; each pass runs on
 * a fresh engine and pool in a fresh database (a schema, or an H2 file), so that neither setting
 * finds the other's rows in its tables. Each round's ratio on/off compares two passes run back to
 * back.
 *
 * <p>The workflow's payloads are a few bytes (an int in, an int out of each step), below gzip's
 * threshold: these passes measure the fixed cost of a codec on every stored value (an AES-GCM
 * cipher per payload, base64, longer texts in the rows), not compression. What larger payloads
 * cost per KiB is {@link CodecCost}'s part of the phase.
 */
final class CodecBench {
  static final int ROUNDS = 6;
  /** A workflow's steps: the cost per workflow over them is the cost per step. */
  static final int STEPS = 3;
  /** gzip's threshold in the chain, as the codecs' own documentation suggests. */
  static final int GZIP_MIN_BYTES = 1024;
  /**
   * Runs of each warm-up round before the measured rounds, until the JIT settles: half of (k)'s,
   * since each pass warms its fresh engine up again, and on a busy machine the JIT seldom counts
   * as settled before {@link Clients#MAX_WARMUP_ROUNDS} rounds.
   */
  static final int FIRST_WARMUP = 500;
  /** Runs on each fresh engine before its measured window: pool, caches, ciphers warmed. */
  static final int PASS_WARMUP = 200;
  /** How {@link DurableEngine#payloadEncodings} names the texts stored without a codec. */
  private static final String PLAIN = "plain";

  /** The settings compared, "off" first: "on" is measured against it. */
  enum Setting {
    OFF("off"),
    ON("gzip(" + GZIP_MIN_BYTES + ") + AES-GCM");

    private final String label;

    Setting(String label) {
      this.label = label;
    }

    String label() {
      return label;
    }
  }

  /**
   * One measured pass: a fresh database and engine with one setting, warmed up, then measured.
   *
   * @param lifeRuns runs the engine made over its life, warm-up included
   * @param encodings the stored texts by how they are encoded, as {@link
   *     DurableEngine#payloadEncodings} counted them once the pass was measured
   */
  record Pass(
      Setting setting, int round, Clients.Measured window, long lifeRuns,
      Map<String, Long> encodings) {
    Pass {
      encodings = Map.copyOf(encodings);
    }

    /** Stored texts a codec encoded, per run over the engine's life: 0 when off. */
    double encodedPerRun() {
      return encodings.entrySet().stream().filter(e -> !e.getKey().equals(PLAIN))
          .mapToLong(Map.Entry::getValue).sum() / (double) lifeRuns;
    }

    /** Stored texts left plain, per run over the engine's life. */
    double plainPerRun() {
      return encodings.getOrDefault(PLAIN, 0L) / (double) lifeRuns;
    }

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

    /** Per round, on's workflows/s over off's. */
    double[] ratios() {
      double[] each = new double[ROUNDS];
      for (int round = 0; round < ROUNDS; round++) {
        each[round] = get(Setting.ON, round).window().workflowsPerSecond()
            / get(Setting.OFF, round).window().workflowsPerSecond();
      }
      return each;
    }

    /** Per round, on's nanoseconds per workflow less off's, by {@code perRun}. */
    double[] overOff(ToLongFunction<Pass> perRun) {
      double[] each = new double[ROUNDS];
      for (int round = 0; round < ROUNDS; round++) {
        each[round] = perRun.applyAsLong(get(Setting.ON, round))
            - perRun.applyAsLong(get(Setting.OFF, round));
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
  record Result(double loadBefore, double loadAfter, Phase sequential, Phase concurrent) {
    /** The labels the texts of the passes with the codec on were stored under. */
    String storedLabels() {
      Map<String, Long> labels = new TreeMap<>();
      for (Phase phase : List.of(sequential, concurrent)) {
        phase.passes().stream().filter(p -> p.setting() == Setting.ON)
            .forEach(p -> p.encodings().forEach((label, count) -> {
              if (!label.equals(PLAIN)) {
                labels.merge(label, count, Long::sum);
              }
            }));
      }
      return labels.isEmpty() ? "(none: nothing was encoded)" : String.join(", ", labels.keySet());
    }
  }

  /** Something to do with a fresh engine's one run, in the fresh database it runs on. */
  @FunctionalInterface
  private interface OnEngine<T> {
    T run(Database fresh, Clients.OneRun oneRun) throws Exception;
  }

  /** What a pass's engine gave, and the stored texts it left, by label. */
  private record Engined<T>(T value, Map<String, Long> encodings) {}

  private CodecBench() {}

  /** The phase alone: the database's limit first, for context, then the passes. */
  static Report alone(Database database, BenchConfig config, Consumer<String> progress)
      throws Exception {
    CommitBaseline.Measurement limit = CommitBaseline.beforeAPhase(database, progress);
    Result result = run(database, config, progress);
    Report report = new Report();
    report.heading("Durable with payload codecs off and on, on " + database.product());
    report.lines("Store: a fresh " + (database.id().equals("pg") ? "schema" : "file database")
            + " for each pass, made and dropped as this one, where the limit was measured: "
            + database.where() + ".",
        limit.justBefore());
    report(report, result);
    return report;
  }

  /** Measures the phase on fresh databases of {@code database}'s kind: 1 client, then more. */
  static Result run(Database database, BenchConfig config, Consumer<String> progress)
      throws Exception {
    double loadBefore = load();
    PayloadCodec codec = CodecCost.chain(CodecCost.newKey());
    Phase sequential = phase(database, config, codec, 1,
        Math.max(200, config.sequentialRuns() / 2), progress);
    Phase concurrent = phase(database, config, codec, StoreBench.CLIENT_THREADS,
        Math.max(200, config.runs() / 2), progress);
    return new Result(loadBefore, load(), sequential, concurrent);
  }

  private static Phase phase(
      Database database, BenchConfig config, PayloadCodec codec, int clients, int runs,
      Consumer<String> progress) throws Exception {
    String name = "(p) " + clients + (clients == 1 ? " client" : " clients");
    int warmups = 0;
    for (Setting setting : Setting.values()) {
      progress.accept(name + ", codec " + setting.label() + ": warm-up rounds of "
          + f0(FIRST_WARMUP) + " runs on a fresh engine until the JIT settles");
      warmups += withEngine(database, config, setting, codec,
          (fresh, oneRun) -> Clients.warmUp(clients, FIRST_WARMUP, oneRun)).value();
    }
    List<Pass> passes = new ArrayList<>();
    for (int round = 0; round < ROUNDS; round++) {
      List<Setting> order = round % 2 == 0 ? List.of(Setting.OFF, Setting.ON)
          : List.of(Setting.ON, Setting.OFF);
      StringBuilder line = new StringBuilder(name + ", round " + (round + 1) + " of " + ROUNDS);
      for (Setting setting : order) {
        Pass pass = pass(database, config, setting, codec, round, clients, runs);
        passes.add(pass);
        line.append(", ").append(setting.label()).append(' ')
            .append(f0(pass.window().workflowsPerSecond())).append(" workflows/s");
      }
      progress.accept(line.toString());
    }
    return new Phase(clients, runs, warmups, passes);
  }

  /**
   * A fresh database and engine with {@code setting}: {@link #PASS_WARMUP} runs, then {@code runs}
   * measured, then the stored texts counted by how they are encoded.
   */
  private static Pass pass(
      Database database, BenchConfig config, Setting setting, PayloadCodec codec, int round,
      int clients, int runs) throws Exception {
    Engined<Clients.Measured> measured = withEngine(database, config, setting, codec,
        (fresh, oneRun) -> {
          Clients.drive(clients, PASS_WARMUP, new Samples(), oneRun);
          fresh.settle();
          return Clients.measure(clients, runs, oneRun);
        });
    return new Pass(setting, round, measured.value(), PASS_WARMUP + runs, measured.encodings());
  }

  /**
   * Runs {@code work} on a fresh engine set up as {@code setting} says, in a fresh database of
   * {@code database}'s kind (settled before the engine starts), then counts the texts it stored.
   */
  private static <T> Engined<T> withEngine(
      Database database, BenchConfig config, Setting setting, PayloadCodec codec,
      OnEngine<T> work) throws Exception {
    try (Database fresh = Database.open(database.id(), config)) {
      fresh.settle();
      T value;
      Map<String, Long> encodings;
      try (BenchEngine engine = BenchEngine.configured(fresh, builder -> {
        if (setting == Setting.ON) {
          builder.payloadCodec(codec);
        }
      }, new BenchWorkflowDurable())) {
        value = work.run(fresh, ThroughputBench.contender(engine).oneRun());
        encodings = engine.engine().payloadEncodings();
      }
      return new Engined<>(value, encodings);
    }
  }

  private static double load() {
    return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
  }

  /** The phase's section of a report. */
  static void report(Report report, Result r) {
    report.heading("(p) payload codecs: what they cost per workflow");
    report.lines(
        "The workflow of (a) and (b), three trivial steps, on engines with no payload codec"
            + " (off) and with chain(gzip(" + GZIP_MIN_BYTES + "), aesGcm(one 256-bit key))"
            + " given to payloadCodec (on): every value a run stores (its input and result, each"
            + " step's arguments and result) is then stored as ~<label>~<base64> (labels"
            + " counted: " + r.storedLabels() + "). Its values are a few bytes, below gzip's"
            + " threshold: the passes measure AES-GCM, base64 and the longer texts on every"
            + " stored value, not compression.",
        ROUNDS + " rounds from each number of client threads, off first in odd rounds and on"
            + " first in even ones; each pass on a fresh database and a fresh engine and pool, "
            + PASS_WARMUP + " runs on it before its measured window; before the rounds each"
            + " setting warmed up on an engine of its own until the JIT settled ("
            + f0(r.sequential().warmupRuns()) + " and " + f0(r.concurrent().warmupRuns())
            + " runs in all).",
        "On over off: the median of the rounds' ratios of workflows/s (their range), and on's"
            + " wall time (or this JVM's CPU time) per workflow less off's in the same round,"
            + " over the workflow's " + STEPS + " steps. From more than one client, wall time per"
            + " workflow is the window over the runs (1 / workflows/s), not a run's latency.",
        String.format(Locale.ROOT, "The machine's load average (1 min): %.2f as the phase began,"
            + " %.2f as it ended.", r.loadBefore(), r.loadAfter()));
    Report.TableBuilder summary = report.table("clients", "codec",
        "workflows/s: median (range)", "on / off: median (range)", "wall per step over off",
        "JVM CPU per step over off");
    for (Phase phase : List.of(r.sequential(), r.concurrent())) {
      for (Setting setting : Setting.values()) {
        boolean off = setting == Setting.OFF;
        summary.row(String.valueOf(phase.clients()), setting.label(),
            f0(Rounds.median(phase.rates(setting))) + " (" + range(phase.rates(setting)) + ")",
            off ? "" : f2(Rounds.median(phase.ratios())) + " (" + ratioRange(phase.ratios())
                + ")",
            off ? "" : perStep(phase.overOff(Pass::wallPerRun)),
            off ? "" : perStep(phase.overOff(Pass::cpuPerRun)));
      }
    }
    report.lines("Each pass: its rate, wall time and this JVM's CPU per workflow, latency, the"
        + " CPU other processes used meanwhile (the database server's among them), the JIT's"
        + " compiling, and the stored texts per run the engine's payloadEncodings() counted"
        + " afterwards (encoded, plain), warm-up runs included.");
    Report.TableBuilder passes = report.table("clients", "round", "codec", "workflows/s",
        "wall / JVM CPU per workflow", "latency p50 / p99", "other processes", "JIT",
        "stored texts per run: encoded, plain");
    for (Phase phase : List.of(r.sequential(), r.concurrent())) {
      for (Pass p : phase.passes()) {
        CpuMeter.Usage cpu = p.window().cpu();
        passes.row(String.valueOf(phase.clients()), String.valueOf(p.round() + 1),
            p.setting().label(), f0(p.window().workflowsPerSecond()),
            us(p.wallPerRun()) + " / " + us(p.cpuPerRun()),
            Samples.ms(p.window().latency().p50()) + " / "
                + Samples.ms(p.window().latency().p99()),
            cpu.otherCores() < 0 ? "n/a" : f2(cpu.otherCores()) + " cores",
            f0(p.window().jitMillis()) + " ms",
            f2(p.encodedPerRun()) + ", " + f2(p.plainPerRun()));
      }
    }
  }

  /** Nanoseconds per workflow over off, round by round, per step: median (range), in us. */
  private static String perStep(double[] perWorkflow) {
    double[] perStep = Arrays.stream(perWorkflow).map(each -> each / STEPS).toArray();
    return String.format(Locale.ROOT, "%.1f us (%.1f to %.1f)", Rounds.median(perStep) / 1e3,
        Arrays.stream(perStep).min().orElse(0) / 1e3,
        Arrays.stream(perStep).max().orElse(0) / 1e3);
  }

  private static String us(long nanos) {
    return String.format(Locale.ROOT, "%,.0f us", nanos / 1e3);
  }

  private static String range(double[] values) {
    return f0(Arrays.stream(values).min().orElse(0)) + "-"
        + f0(Arrays.stream(values).max().orElse(0));
  }

  private static String ratioRange(double[] values) {
    return f2(Arrays.stream(values).min().orElse(0)) + "-"
        + f2(Arrays.stream(values).max().orElse(0));
  }
}
