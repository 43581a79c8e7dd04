package dev.durable.bench;

import static dev.durable.bench.Figures.f0;
import static dev.durable.bench.Figures.f1;
import static dev.durable.bench.Figures.f2;

import dev.durable.runtime.RunHandle;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.UUID;

/**
 * Phase (i): long runs. A run of {@link LongRunWorkflow} calls its one trivial step {@link #STEPS}
 * times in a row on a started engine; each step's start is taken by the {@code onStepStart} hook
 * ({@link StepClock}). If nothing a turn does grows with the run's checkpoints, the last steps cost
 * what the first ones did. After a warm-up of both shapes (the JIT compiles the sequential and the
 * group-commit paths): {@link #SEQUENTIAL} runs one after another, {@link
 * #CONCURRENT} at once, a run that sleeps half-way (its second turn replays the first half once,
 * as after a restart), and a shorter run that sleeps before every step (each turn replays all
 * before it).
 */
final class LongRunBench {
  static final int STEPS = 2_000;
  static final int EDGE = 100;
  static final int WINDOW = 200;
  /** Runs one after another, then {@link #CONCURRENT} at once, before the measured runs. */
  static final int WARMUP = 2;
  static final int SEQUENTIAL = 3;
  static final int CONCURRENT = 4;
  static final int PAIRS = 3;
  static final int SLEEPY_STEPS = 400;
  static final int SLEEPY_WINDOW = 50;
  static final double TARGET = 1.2;
  private static final double SHOWN_PER_STEP = 0.005;
  private static final Duration AWAIT = Duration.ofMinutes(10);

  /**
   * One measured run.
   *
   * @param moments when each step started, then when the run completed ({@link StepClock})
   * @param totalNanos start() to await() returning
   */
  record Profile(long[] moments, long totalNanos) {

    int steps() {
      return moments.length - 1;
    }

    /** The time of step {@code i}: from its start to the next one's (or the run's completion). */
    long stepNanos(int i) {
      return moments[i + 1] - moments[i];
    }

    /** The mean time of steps {@code from} (inclusive) to {@code to} (exclusive). */
    double meanNanos(int from, int to) {
      return (double) (moments[to] - moments[from]) / (to - from);
    }

    /** The median time of steps {@code from} (inclusive) to {@code to} (exclusive). */
    long medianNanos(int from, int to) {
      long[] times = new long[to - from];
      for (int i = from; i < to; i++) {
        times[i - from] = stepNanos(i);
      }
      Arrays.sort(times);
      return times[times.length / 2];
    }

    double firstNanos() {
      return meanNanos(0, EDGE);
    }

    double lastNanos() {
      return meanNanos(steps() - EDGE, steps());
    }

    /** The last {@link #EDGE} steps' mean time over the first's. */
    double ratio() {
      return lastNanos() / firstNanos();
    }

    /** Like {@link #ratio()}, with medians: what a stall of the machine moves least. */
    double medianRatio() {
      return (double) medianNanos(steps() - EDGE, steps()) / medianNanos(0, EDGE);
    }
  }

  /**
   * A long run and a fresh one running side by side: the fresh one starts as the long one begins
   * its last {@link #EDGE} steps, so both are measured over the same stretch of time, under the
   * same load of the machine, one at the end of its checkpoints and one at the start.
   *
   * <p>A control pair has a run of {@code 2 * EDGE} steps in the long run's place: what the
   * comparison itself makes of two runs that differ only in which started first.
   *
   * @param old the run of {@link #STEPS} steps (a control pair's: of {@code 2 * EDGE})
   * @param fresh the run of {@code 2 * EDGE} steps started as the old one begins its last {@link
   *     #EDGE}
   */
  record Pair(Profile old, Profile fresh) {

    /** From the fresh run's first step to whichever run completes first. */
    long fromNanos() {
      return fresh.moments()[0];
    }

    long toNanos() {
      return Math.min(old.moments()[old.steps()], fresh.moments()[fresh.steps()]);
    }

    /** Steps of {@code run} that started in the shared stretch of time. */
    int stepsIn(Profile run) {
      int count = 0;
      for (int i = 0; i < run.steps(); i++) {
        if (run.moments()[i] >= fromNanos() && run.moments()[i] < toNanos()) {
          count++;
        }
      }
      return count;
    }

    /** The old run's time per step over the fresh one's, in the shared stretch of time. */
    double ratio() {
      return (double) stepsIn(fresh) / stepsIn(old);
    }
  }

  /**
   * @param pairs a long run with a fresh one beside it, {@link #PAIRS} times
   * @param controls the control pairs, made in turn with {@code pairs}
   * @param sequential runs made one after another
   * @param concurrent runs made at once
   * @param concurrentNanos wall time of the concurrent runs, all started to all awaited
   * @param counts the JDBC work over the sequential runs
   * @param resumed a run that sleeps once, before step {@code STEPS / 2}
   * @param sleepy a run of {@link #SLEEPY_STEPS} that sleeps before every step but the first
   */
  record Result(
      List<Profile> sequential, List<Profile> concurrent, long concurrentNanos, JdbcCounts counts,
      Profile resumed, Profile sleepy, List<Pair> pairs, List<Pair> controls) {

    List<Profile> plain() {
      List<Profile> all = new ArrayList<>(sequential);
      all.addAll(concurrent);
      return all;
    }

    /** The median over the plain runs of {@link Profile#ratio()}. */
    double medianRatio() {
      double[] ratios = plain().stream().mapToDouble(Profile::ratio).sorted().toArray();
      return ratios[ratios.length / 2];
    }

    double worstRatio() {
      return plain().stream().mapToDouble(Profile::ratio).max().orElseThrow();
    }

    /** The median over the pairs of {@link Pair#ratio()}. */
    double pairRatio() {
      return median(pairs);
    }

    double controlRatio() {
      return median(controls);
    }

    private static double median(List<Pair> pairs) {
      double[] ratios = pairs.stream().mapToDouble(Pair::ratio).sorted().toArray();
      return ratios[ratios.length / 2];
    }
  }

  private LongRunBench() {}

  static Result run(Database database) throws Exception {
    StepClock clock = new StepClock();
    try (BenchEngine bench = new BenchEngine(database, clock, new LongRunWorkflowDurable())) {
      LongRunWorkflowClient client = LongRunWorkflowClient.of(bench.engine());
      for (int i = 0; i < WARMUP; i++) {
        runs(client, clock, 1, STEPS, 0);
      }
      runs(client, clock, CONCURRENT, STEPS, 0);
      JdbcCounts before = bench.counts();
      List<Profile> sequential = new ArrayList<>();
      for (int i = 0; i < SEQUENTIAL; i++) {
        sequential.addAll(runs(client, clock, 1, STEPS, 0));
      }
      JdbcCounts counts = bench.counts().minus(before);
      long started = System.nanoTime();
      List<Profile> concurrent = runs(client, clock, CONCURRENT, STEPS, 0);
      long concurrentNanos = System.nanoTime() - started;
      Profile resumed = runs(client, clock, 1, STEPS, STEPS / 2).get(0);
      Profile sleepy = runs(client, clock, 1, SLEEPY_STEPS, 1).get(0);
      List<Pair> pairs = new ArrayList<>();
      List<Pair> controls = new ArrayList<>();
      for (int i = 0; i < PAIRS; i++) {
        pairs.add(pair(client, clock, STEPS));
        controls.add(pair(client, clock, 2 * EDGE));
      }
      return new Result(
          sequential, concurrent, concurrentNanos, counts, resumed, sleepy, pairs, controls);
    }
  }

  private static Pair pair(LongRunWorkflowClient client, StepClock clock, int oldSteps)
      throws Exception {
    String old = "long-" + UUID.randomUUID();
    clock.watch(old, oldSteps, oldSteps - EDGE);
    long oldStarted = System.nanoTime();
    RunHandle<Integer> oldRun = client.start(old, oldSteps, 0);
    clock.awaitStep(old);
    String fresh = "long-" + UUID.randomUUID();
    clock.watch(fresh, 2 * EDGE);
    long freshStarted = System.nanoTime();
    RunHandle<Integer> freshRun = client.start(fresh, 2 * EDGE, 0);
    if (oldRun.await(AWAIT) != oldSteps || freshRun.await(AWAIT) != 2 * EDGE) {
      throw new IllegalStateException("run " + old + " or " + fresh + " returned another count");
    }
    long returned = System.nanoTime();
    return new Pair(new Profile(clock.moments(old), returned - oldStarted),
        new Profile(clock.moments(fresh), returned - freshStarted));
  }

  /** Starts {@code count} runs at once, awaits them all and returns their profiles. */
  private static List<Profile> runs(
      LongRunWorkflowClient client, StepClock clock, int count, int steps, int sleepEvery)
      throws Exception {
    List<String> ids = new ArrayList<>();
    List<RunHandle<Integer>> handles = new ArrayList<>();
    long[] started = new long[count];
    for (int i = 0; i < count; i++) {
      String runId = "long-" + UUID.randomUUID();
      clock.watch(runId, steps);
      ids.add(runId);
      started[i] = System.nanoTime();
      handles.add(client.start(runId, steps, sleepEvery));
    }
    long[] returned = new long[count];
    for (int i = 0; i < count; i++) {
      int result = handles.get(i).await(AWAIT);
      returned[i] = System.nanoTime();
      if (result != steps) {
        throw new IllegalStateException("run " + ids.get(i) + " returned " + result);
      }
    }
    List<Profile> profiles = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      profiles.add(new Profile(clock.moments(ids.get(i)), returned[i] - started[i]));
    }
    return profiles;
  }

  static void report(Report report, Result result) {
    report.heading("(i) long runs: " + f0(STEPS) + " sequential steps");
    report.lines(
        "Workflow \"bench-long\": @Run calls one trivial step " + f0(STEPS) + " times in a loop"
            + " (x = next(x)). After a warm-up (" + WARMUP + " runs one after another, "
            + CONCURRENT + " at once), " + SEQUENTIAL + " runs one after another,"
            + " then " + CONCURRENT + " at once, then one that sleeps "
            + LongRunWorkflow.PAUSE.toMillis() + " ms before step " + f0(STEPS / 2 + 1)
            + " (resumed: its second turn reads and replays the first " + f0(STEPS / 2)
            + " checkpoints, as after a restart), on a started engine.",
        "A step's time: from its onStepStart to the next step's (the last step's: to"
            + " onRunComplete), so each includes the previous step's checkpoint commit.");
    List<Profile> shown = new ArrayList<>(result.plain());
    shown.add(result.resumed());
    Report.TableBuilder table = report.table("run", "total", "first " + EDGE + " steps, mean",
        "last " + EDGE + ", mean", "last / first", "first / last " + EDGE + ", median",
        "last / first, medians");
    for (int i = 0; i < shown.size(); i++) {
      Profile run = shown.get(i);
      table.row(name(result, i), seconds(run.totalNanos()), ms(run.firstNanos()),
          ms(run.lastNanos()), f2(run.ratio()),
          ms(run.medianNanos(0, EDGE)) + " / " + ms(run.medianNanos(STEPS - EDGE, STEPS)),
          f2(run.medianRatio()));
    }
    List<String> header = new ArrayList<>(List.of("steps"));
    for (int i = 0; i < shown.size(); i++) {
      header.add(name(result, i));
    }
    Report.TableBuilder windows = report.table(header.toArray(String[]::new));
    for (int from = 0; from < STEPS; from += WINDOW) {
      List<String> row = new ArrayList<>(List.of((from + 1) + "-" + (from + WINDOW)));
      for (Profile run : shown) {
        row.add(ms(run.meanNanos(from, from + WINDOW)));
      }
      windows.row(row.toArray(String[]::new));
    }
    Profile resumed = result.resumed();
    int half = STEPS / 2;
    JdbcCounts counts = result.counts();
    double steps = (double) SEQUENTIAL * STEPS;
    report.lines(
        "Mean time per step by window of " + WINDOW + " steps. The " + CONCURRENT
            + " concurrent runs took " + seconds(result.concurrentNanos()) + " together ("
            + f0(CONCURRENT * STEPS / (result.concurrentNanos() / 1e9)) + " steps/s).",
        "Resumed run: step " + f0(half + 1) + " started " + ms(resumed.stepNanos(half - 1))
            + " after step " + f0(half) + " (its checkpoint, the sleep, the timer, a new turn"
            + " reading and replaying " + f0(half) + " checkpoints); the " + EDGE
            + " steps after it took " + ms(resumed.meanNanos(half, half + EDGE))
            + " each, the " + EDGE + " before it "
            + ms(resumed.meanNanos(half - 1 - EDGE, half - 1)) + ".",
        "Over the sequential runs: " + f2(counts.roundTrips() / steps) + " JDBC round trips and "
            + f2(counts.commits() / steps) + " commits per step:");
    Report.TableBuilder statements = report.table("statement", "round trips / step");
    counts.byStatement().entrySet().stream()
        .filter(entry -> entry.getValue() / steps >= SHOWN_PER_STEP)
        .sorted((x, y) -> Long.compare(y.getValue(), x.getValue()))
        .forEach(entry -> statements.row(entry.getKey(), f2(entry.getValue() / steps)));
    pairs(report, result);
    sleepy(report, result.sleepy());
    report.table("target", "required", "measured", "result")
        .row("the last " + EDGE + " steps within " + f1(TARGET) + "x of the first " + EDGE,
            "<= " + f2(TARGET) + "x", f2(result.medianRatio()) + "x (median of "
                + result.plain().size() + " runs; worst " + f2(result.worstRatio()) + "x)",
            result.medianRatio() <= TARGET ? "PASS" : "MISS")
        .row("the same, side by side with a fresh run", "<= " + f2(TARGET) + "x",
            f2(result.pairRatio()) + "x (median of " + result.pairs().size() + " pairs; control "
                + f2(result.controlRatio()) + "x)",
            result.pairRatio() <= TARGET ? "PASS" : "MISS");
  }

  private static void pairs(Report report, Result result) {
    report.lines("Side by side: a run of " + f0(STEPS) + " steps, and a fresh run started as it"
        + " begins its last " + EDGE + " steps; over the stretch of time both ran (the fresh run's"
        + " first step to the first completion), the steps each made. A load on the machine that"
        + " comes and goes slows both alike. Each control pair, made next, has a run of "
        + 2 * EDGE + " steps in the long run's place: the ratio when the runs differ only in which"
        + " started first.");
    Report.TableBuilder table = report.table("pair", "stretch", "older run: steps, per step",
        "fresh run: steps, per step", "older / fresh, per step");
    for (int i = 0; i < result.pairs().size(); i++) {
      pairRow(table, "long " + (i + 1), result.pairs().get(i));
      pairRow(table, "control " + (i + 1), result.controls().get(i));
    }
  }

  private static void pairRow(Report.TableBuilder table, String name, Pair pair) {
    double stretch = pair.toNanos() - pair.fromNanos();
    table.row(name, ms(stretch),
        pair.stepsIn(pair.old()) + ", " + ms(stretch / pair.stepsIn(pair.old())),
        pair.stepsIn(pair.fresh()) + ", " + ms(stretch / pair.stepsIn(pair.fresh())),
        f2(pair.ratio()));
  }

  /** The run that sleeps before every step: replay grows with its length, by design. */
  private static void sleepy(Report report, Profile sleepy) {
    report.lines("A run of " + f0(SLEEPY_STEPS) + " steps that sleeps "
        + LongRunWorkflow.PAUSE.toMillis() + " ms before every step but the first: each sleep"
        + " ends the turn, and the next turn replays the run from the top, so step k costs a"
        + " wake-up plus a replay of k checkpoints (total " + seconds(sleepy.totalNanos())
        + "). Mean time per step:");
    Report.TableBuilder table = report.table("steps", "mean");
    for (int from = 0; from < SLEEPY_STEPS; from += SLEEPY_WINDOW) {
      table.row((from + 1) + "-" + (from + SLEEPY_WINDOW),
          ms(sleepy.meanNanos(from, from + SLEEPY_WINDOW)));
    }
  }

  private static String name(Result result, int i) {
    int sequential = result.sequential().size();
    int concurrent = result.concurrent().size();
    if (i < sequential) {
      return "sequential " + (i + 1);
    }
    return i < sequential + concurrent ? "concurrent " + (i - sequential + 1) : "resumed";
  }

  private static String ms(double nanos) {
    return String.format(Locale.ROOT, "%.2f ms", nanos / 1e6);
  }

  private static String seconds(long nanos) {
    return String.format(Locale.ROOT, "%.2f s", nanos / 1e9);
  }
}
