package dev.durable.bench;

import dev.durable.runtime.HistoryEvent;
import dev.durable.runtime.RunHandle;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Phase (c): how late a 200 ms backoff ends on a started engine with the default poll interval, so
 * that the in-memory timer does the waking. Runs of {@link BackoffWorkflow} are started in batches
 * that run together; each fails its first attempt and is suspended in storage until the second.
 *
 * <p>Lateness = when attempt 2 really started (read by the step) − when it was scheduled (the time
 * of the run's {@code step.retrying} event, the instant the engine computed the delay from, plus
 * the delay). Both are the same wall clock ({@link Instant#now()}).
 *
 * <p>{@code bench.phases=lateness} runs this phase alone ({@link #alone}).
 */
final class LatenessBench {
  static final int BATCH = 20;
  static final int BATCHES = 20;
  static final int WARMUP_BATCHES = 2;
  private static final Duration AWAIT = Duration.ofSeconds(30);

  /**
   * @param runs runs measured
   * @param lateness scheduled time to the start of attempt 2
   * @param wake scheduled time to the start of the run's second turn (timer, claim, hand-off)
   * @param replay start of the second turn to the start of attempt 2 (checkpoint read, replay)
   * @param hookLateness like {@code lateness}, but scheduled = the {@code onStepRetry} event's
   *     time plus its delay
   * @param wakeByPosition {@code wake} of the runs started 1st to 5th in their batch, 6th to 10th,
   *     and so on: the runs of a batch come due in the order they were started
   * @param claimsByThread the claims made during the measured batches, by the kind of thread
   *     that made them: the timer thread or the poller
   * @param pauses the JVM's garbage collections during the measured batches
   * @param latenessClearOfPauses {@code lateness} of the wake-ups no collection overlapped, from
   *     {@link #CLEAR_BEFORE} before their due time to their attempt
   */
  record Result(
      int runs, Samples lateness, Samples wake, Samples replay, Samples hookLateness,
      List<Samples> wakeByPosition, Map<String, Long> claimsByThread, List<GcPauses.Pause> pauses,
      Samples latenessClearOfPauses) {}

  /**
   * How long before its due time a wake-up is under way: the engine claims a run back 50 ms
   * ahead, so a collection from then on can hold it up.
   */
  static final Duration CLEAR_BEFORE = Duration.ofMillis(60);

  /** The label of the claim statement, whose executions tell which thread woke a run. */
  static final String CLAIM = "UPDATE durable_runs SET status = 'RUNNING'";

  /** How many runs of a batch each of {@link Result#wakeByPosition()} holds. */
  static final int POSITIONS = 5;

  private LatenessBench() {}

  static Result run(Database database) throws Exception {
    AttemptLog log = new AttemptLog();
    try (BenchEngine bench = new BenchEngine(database, log, new BackoffWorkflowDurable(log))) {
      BackoffWorkflowClient client = BackoffWorkflowClient.of(bench.engine());
      for (int i = 0; i < WARMUP_BATCHES; i++) {
        batch(client);
      }
      JdbcCounts before = bench.counts();
      List<String> measured = new ArrayList<>();
      List<GcPauses.Pause> pauses;
      try (GcPauses gc = new GcPauses()) {
        for (int i = 0; i < BATCHES; i++) {
          measured.addAll(batch(client));
        }
        pauses = gc.pauses();
      }
      Map<String, Long> claims = new TreeMap<>();
      bench.counts().minus(before).byThread().forEach((key, count) -> {
        if (key.startsWith(CLAIM + " @ ")) {
          claims.put(key.substring(CLAIM.length() + 3), count);
        }
      });
      List<Samples> byPosition = new ArrayList<>();
      for (int i = 0; i < BATCH; i += POSITIONS) {
        byPosition.add(new Samples());
      }
      Result result = new Result(measured.size(), new Samples(), new Samples(), new Samples(),
          new Samples(), byPosition, claims, pauses, new Samples());
      for (int i = 0; i < measured.size(); i++) {
        String runId = measured.get(i);
        AttemptLog.Moments at = log.get(runId).orElseThrow();
        Instant scheduled = retryEventTime(bench, runId).plus(at.delay);
        long lateness = nanosBetween(scheduled, at.secondAttemptAt);
        result.lateness().add(lateness);
        Instant from = scheduled.minus(CLEAR_BEFORE);
        if (pauses.stream().noneMatch(pause -> pause.overlaps(from, at.secondAttemptAt))) {
          result.latenessClearOfPauses().add(lateness);
        }
        result.wake().add(nanosBetween(scheduled, at.secondTurnAt));
        byPosition.get(i % BATCH / POSITIONS).add(nanosBetween(scheduled, at.secondTurnAt));
        result.replay().add(nanosBetween(at.secondTurnAt, at.secondAttemptAt));
        result.hookLateness().add(nanosBetween(at.retryHookAt.plus(at.delay), at.secondAttemptAt));
      }
      return result;
    }
  }

  /** Starts {@link #BATCH} runs at once and awaits them all; returns their ids. */
  private static List<String> batch(BackoffWorkflowClient client) {
    List<RunHandle<Integer>> runs = new ArrayList<>();
    for (int i = 0; i < BATCH; i++) {
      runs.add(client.start(i));
    }
    List<String> ids = new ArrayList<>();
    for (int i = 0; i < BATCH; i++) {
      int result = runs.get(i).await(AWAIT);
      if (result != i) {
        throw new IllegalStateException("run " + runs.get(i).id() + " returned " + result);
      }
      ids.add(runs.get(i).id());
    }
    return ids;
  }

  private static Instant retryEventTime(BenchEngine bench, String runId) {
    return bench.engine().history(runId).stream()
        .filter(event -> event.type().equals("step.retrying"))
        .map(HistoryEvent::at)
        .findFirst()
        .orElseThrow(() -> new IllegalStateException("run " + runId + " logged no retry"));
  }

  /** The phase's section of a report; latencies also in commits of {@code oneCommitNanos}. */
  static void report(Report report, Result c, long oneCommitNanos) {
    Function<Samples, String> inCommits = samples -> String.format(Locale.ROOT, "%.1f / %.1f",
        (double) samples.p50() / oneCommitNanos, (double) samples.p99() / oneCommitNanos);
    report.heading("(c) lateness of a 200 ms backoff on a started engine");
    report.lines(
        "Workflow \"bench-backoff\": one step, retries = 2, FIXED " + BackoffWorkflow.BACKOFF_MS
            + " ms; its first attempt fails. " + c.runs() + " runs measured in batches of "
            + BATCH + " started together, after " + WARMUP_BATCHES
            + " warm-up batches; the engine claims each back ahead of its due time.",
        "Scheduled = time of the step.retrying event (the instant the delay is computed from) +"
            + " delay. Lateness = start of attempt 2, read inside the step, - scheduled.");
    Report.TableBuilder table = report.table("figure", "p50", "p99", "max", "p50 / p99 in commits");
    table.row("lateness (scheduled -> attempt 2 starts)", Samples.ms(c.lateness().p50()),
            Samples.ms(c.lateness().p99()), Samples.ms(c.lateness().max()),
            inCommits.apply(c.lateness()))
        .row("  of the " + c.latenessClearOfPauses().size() + " wake-ups clear of GC pauses",
            Samples.ms(c.latenessClearOfPauses().p50()),
            Samples.ms(c.latenessClearOfPauses().p99()),
            Samples.ms(c.latenessClearOfPauses().max()), inCommits.apply(c.latenessClearOfPauses()))
        .row("  wake: scheduled -> second turn starts", Samples.ms(c.wake().p50()),
            Samples.ms(c.wake().p99()), Samples.ms(c.wake().max()), inCommits.apply(c.wake()))
        .row("  replay: second turn -> attempt 2", Samples.ms(c.replay().p50()),
            Samples.ms(c.replay().p99()), Samples.ms(c.replay().max()),
            inCommits.apply(c.replay()));
    for (int i = 0; i < c.wakeByPosition().size(); i++) {
      Samples wake = c.wakeByPosition().get(i);
      table.row("  wake of runs " + (i * POSITIONS + 1) + "-" + ((i + 1) * POSITIONS)
              + " of their batch",
          Samples.ms(wake.p50()), Samples.ms(wake.p99()), Samples.ms(wake.max()),
          inCommits.apply(wake));
    }
    table.row("hook-based: onStepRetry time + delay -> attempt 2",
        Samples.ms(c.hookLateness().p50()), Samples.ms(c.hookLateness().p99()),
        Samples.ms(c.hookLateness().max()), inCommits.apply(c.hookLateness()));
    List<String> claims = new ArrayList<>();
    c.claimsByThread().forEach((thread, count) -> claims.add(thread + " " + count));
    report.lines(
        "Wake covers the timer firing, the claim transaction and the hand-off to a worker; replay"
            + " covers reading the checkpoints, re-running @Run up to the step and waiting out the"
            + " rest in process (wake is negative for a run claimed back ahead of its due time,"
            + " as the engine does for a backoff; a run claimed late was not). The hook's time"
            + " is taken after the retry's transaction commits, so hook-based lateness"
            + " understates by that transaction's time. The runs of a batch come due in the order"
            + " they were started, a few milliseconds apart.",
        "Claim statements (" + CLAIM + ") during the measured batches, by thread: "
            + (claims.isEmpty() ? "none counted" : String.join(", ", claims)) + ", for "
            + c.runs() + " wake-ups; each claim beyond one per wake-up found the run already"
            + " claimed by the other thread.",
        gcLine(c));
  }

  /** The collections during the measured batches, and the wake-ups they overlapped. */
  static String gcLine(Result c) {
    if (c.pauses().isEmpty()) {
      return "GC pauses during the measured batches: none.";
    }
    long longest = c.pauses().stream().mapToLong(pause -> pause.duration().toMillis()).max()
        .orElse(0);
    long total = c.pauses().stream().mapToLong(pause -> pause.duration().toMillis()).sum();
    return "GC pauses during the measured batches: " + c.pauses().size() + " ("
        + c.pauses().get(0).collector() + "), longest " + longest + " ms, " + total
        + " ms in all; " + (c.runs() - c.latenessClearOfPauses().size()) + " of the " + c.runs()
        + " wake-ups overlapped one (from " + CLEAR_BEFORE.toMillis() + " ms before their due"
        + " time, when the engine begins to claim the run back, to their attempt). Every"
        + " process stops for its collections; the row \"clear of GC pauses\" says what is left"
        + " of the lateness without them.";
  }

  /**
   * Runs this phase alone on one store, after measuring the database's limit (c1 and c8) for the
   * latencies in commits and as a sign of the machine's load at the time.
   */
  static Report alone(Database database, PrintStream progress) throws Exception {
    progress.println("[" + database.id() + "] database limit: one-row INSERT transactions from 1"
        + " and " + CommitBaseline.MANY + " connections");
    database.settle();
    CommitBaseline.Measurement limit = CommitBaseline.measure(database);
    progress.println("[" + database.id() + "] (c) backoff lateness: " + BATCHES + " batches of "
        + BATCH + " runs");
    database.settle();
    Result result = run(database);
    Report report = new Report();
    report.heading("Durable backoff lateness benchmark on " + database.product());
    report.lines("Store: " + database.where() + ".",
        limit.justBefore());
    report(report, result, Math.round(1e9 / limit.oneConnection()));
    return report;
  }

  private static long nanosBetween(Instant from, Instant to) {
    return Duration.between(from, to).toNanos();
  }
}
