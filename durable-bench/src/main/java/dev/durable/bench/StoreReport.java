package dev.durable.bench;

import static dev.durable.bench.Figures.f0;
import static dev.durable.bench.Figures.f1;
import static dev.durable.bench.Figures.f2;
import static dev.durable.bench.Figures.verdict;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeSet;

/**
 * Turns one store's {@link StoreBench.Results} into a {@link Report}: each figure with its ratio to
 * the database's limit, then the targets with PASS or MISS. The throughput of (a) and (b) is set
 * against the limit probed next to each of their rounds ({@link Interleaved}), and against DBOS
 * Transact's in the same rounds where it ran; the other phases against the limit measured before
 * (a) and after (f), the better of the two.
 */
final class StoreReport {
  static final double SEQUENTIAL_TARGET = 0.90;
  static final double CONCURRENT_TARGET = 0.85;
  /** H2 runs in the engine's JVM and shares its CPUs: its sequential target is lower. */
  static final double H2_SEQUENTIAL_TARGET = 0.60;
  static final double CPU_TARGET_MS = 0.5;
  static final double LATENESS_TARGET_MS = 10;
  static final double DISPATCH_TARGET_MS = 5;
  static final double FAN_TARGET = 1_000;
  static final double POLL_TARGET = 2.0;
  /** Background CPU use above which the machine is not quiet, in cores. */
  static final double QUIET_CORES = 0.25;
  /** Extra server commits, as a fraction of the engine's, that mean other sessions were busy. */
  static final double FOREIGN_COMMITS = 0.05;
  /** Spread between the two limit measurements that means the database's speed moved. */
  static final double LIMIT_SPREAD = 0.25;
  private static final double SHOWN_PER_WORKFLOW = 0.005;

  private final StoreBench.Results results;
  private final double c1;
  private final double c8;
  private final long oneCommit;
  /** The time of one commit by the c1 probed next to (a)'s rounds: the unit of (a) and (b). */
  private final long oneCommitNearA;

  StoreReport(StoreBench.Results results) {
    this.results = results;
    this.c1 = results.baseline().c1();
    this.c8 = results.baseline().c8();
    this.oneCommit = results.baseline().oneCommitNanos();
    this.oneCommitNearA = Math.round(1e9 / results.sequential().limit());
  }

  Report build() {
    Report report = new Report();
    overview(report);
    warnings(report);
    baseline(report);
    throughput(report);
    segments(report);
    statements(report);
    lateness(report);
    dispatch(report);
    SignalBench.report(report, results.signals());
    poll(report, results.poll(), this::inCommits);
    results.search().ifPresent(search -> SearchBench.report(report, search));
    results.dbos().ifPresent(dbos -> DbosBench.report(report, comparison(dbos)));
    results.io().ifPresent(io -> IoBench.report(report, io));
    results.observe().ifPresent(observe -> ObserveBench.report(report, observe));
    targets(report);
    return report;
  }

  private void overview(Report report) {
    Runtime runtime = Runtime.getRuntime();
    report.heading("Durable benchmark on " + results.product());
    report.lines(
        "Store: " + results.where() + ".",
        "Machine: " + runtime.availableProcessors() + " CPUs, Java "
            + System.getProperty("java.version") + ", heap " + runtime.maxMemory() / (1 << 20)
            + " MiB; database and benchmark share the CPUs.",
        "Engine: maxConcurrentRuns " + BenchEngine.MAX_CONCURRENT_RUNS + ", HikariCP pool of "
            + BenchEngine.POOL_SIZE + " connections (pre-filled) behind a counting proxy,"
            + " default pollInterval (1 s); a fresh engine per phase.",
        "Background load before the run: other processes used "
            + f2(results.background().otherCores()) + " cores over "
            + StoreBench.BACKGROUND_WINDOW.toSeconds() + " s while this benchmark was idle."
            + (results.wholeRun().stealCores() < 0 ? "" : " Over the whole run the hypervisor"
                + " withheld " + f2(results.wholeRun().stealCores()) + " cores (steal time)."),
        "Phases (a) and (b): one engine each, warmed up, then measured in "
            + Interleaved.ROUNDS + " rounds with the database's commit rate probed before each"
            + " round and after the last" + (results.dbos().isPresent()
                ? ", DBOS Transact (h) measured in the same rounds, alternating with Durable"
                : "") + "; their ratios are to the limit next to each round. Phases (c), (e) and"
            + " (f) each run in a fresh database of their own (a new "
            + (postgres() ? "schema" : "H2 file database") + ", removed afterwards), free of the"
            + " runs (a) and (b) leave behind.",
        "Ratios: c1 and c8 are the database's commit rates from 1 and " + CommitBaseline.MANY
            + " connections; latencies are also given in commits, multiples of the time of one"
            + " commit from 1 connection (1 / c1 = " + Samples.ms(oneCommit) + "; for (a) and"
            + " (b), by the c1 probed next to (a): " + Samples.ms(oneCommitNearA) + ").");
  }

  /**
   * Signs that something else shared the machine or the database while measuring (the figures are
   * then lower and noisier than the engine's own), or that the database's own speed varied.
   */
  private void warnings(Report report) {
    List<String> warnings = new ArrayList<>();
    if (results.background().otherCores() > QUIET_CORES) {
      warnings.add("Before the run other processes were using " + f2(
          results.background().otherCores()) + " cores of the machine's CPUs.");
    }
    double steal = results.wholeRun().stealCores();
    if (steal > QUIET_CORES) {
      warnings.add("The hypervisor withheld " + f2(steal) + " of the machine's "
          + Runtime.getRuntime().availableProcessors() + " CPUs over the run, on average (steal"
          + " time): the engines and the database ran that much slower, so absolute figures are"
          + " low and noisy; ratios measured side by side, in the same rounds, less so.");
    }
    for (ThroughputBench.Result phase : List.of(results.sequential(), results.concurrent())) {
      String name = phase == results.sequential() ? "(a)" : "(b)";
      OptionalLong server = phase.lifetime().server();
      long proxy = phase.lifetime().proxy();
      if (server.isPresent() && server.getAsLong() - proxy > FOREIGN_COMMITS * proxy) {
        warnings.add("During " + name + " the server counted " + f0(server.getAsLong() - proxy)
            + " more commits than the engine made: other sessions were writing to the database.");
      }
      if (server.isEmpty() && phase.cpu().otherCores() > QUIET_CORES) {
        warnings.add("During " + name + " other processes used " + f2(phase.cpu().otherCores())
            + " cores (H2 runs inside this JVM, so that is not the database).");
      }
    }
    CommitBaseline.Result limit = results.baseline();
    double low1 = Math.min(limit.before().oneConnection(), limit.after().oneConnection());
    double low8 = Math.min(limit.before().manyConnections(), limit.after().manyConnections());
    if (low1 < (1 - LIMIT_SPREAD) * c1 || low8 < (1 - LIMIT_SPREAD) * c8) {
      warnings.add("The database's own commit rate varied between its two measurements ("
          + f0(limit.before().oneConnection()) + " and " + f0(limit.after().oneConnection())
          + " commits/s from 1 connection, " + f0(limit.before().manyConnections()) + " and "
          + f0(limit.after().manyConnections()) + " from " + CommitBaseline.MANY
          + "): the ratios of (c) to (g) are that uncertain.");
    }
    for (ThroughputBench.Result phase : List.of(results.sequential(), results.concurrent())) {
      double low = phase.limits().stream().mapToDouble(Double::doubleValue).min().orElseThrow();
      double high = phase.limits().stream().mapToDouble(Double::doubleValue).max().orElseThrow();
      if (low < (1 - LIMIT_SPREAD) * high) {
        warnings.add("The database's commit rate probed between the rounds of "
            + (phase == results.sequential() ? "(a)" : "(b)") + " ranged from " + f0(low) + " to "
            + f0(high) + "/s: see the rounds, whose ratios each use the rate next to them.");
      }
    }
    if (!warnings.isEmpty()) {
      report.heading("Warnings");
      report.lines(warnings.toArray(String[]::new));
    }
  }

  private void baseline(Report report) {
    CommitBaseline.Measurement before = results.baseline().before();
    CommitBaseline.Measurement after = results.baseline().after();
    report.heading("Database limit: one-row INSERT per transaction");
    report.lines("Auto-commit INSERT INTO bench_commit (v) VALUES (?), each thread on its own"
        + " connection, " + seconds(CommitBaseline.MEASURED.toMillis()) + " measured after "
        + seconds(CommitBaseline.WARMUP.toMillis()) + " of warm-up; before phase (a) and again"
        + " after phase (f). The ratios of phases (c) to (g) use the better of the two; (a) and"
        + " (b) use the rates probed next to their rounds (below).");
    report.table("connections", "commits/s before", "commits/s after", "used",
            "commit p50 / p99 before", "commit p50 / p99 after")
        .row("1", f0(before.oneConnection()), f0(after.oneConnection()), f0(c1) + " = c1",
            pair(before.oneLatency()), pair(after.oneLatency()))
        .row(String.valueOf(CommitBaseline.MANY), f0(before.manyConnections()),
            f0(after.manyConnections()), f0(c8) + " = c8", pair(before.manyLatency()),
            pair(after.manyLatency()));
  }

  private void throughput(Report report) {
    ThroughputBench.Result a = results.sequential();
    ThroughputBench.Result b = results.concurrent();
    report.heading("(a) sequential and (b) concurrent runs of a 3-step workflow");
    report.lines(
        "Workflow \"bench\": three steps that each add 1. Each client thread starts a run and"
            + " awaits it, again and again.",
        "Throughput, latency and CPU: " + Interleaved.ROUNDS + " measured rounds per phase,"
            + " after a warm-up of the same shape repeated until the JIT settled (and, beside"
            + " DBOS, a second one after DBOS's), on one engine as an application runs it (no"
            + " hooks, nothing between it and its pool); rates are the"
            + " median of the rounds', ratios to the database's limit the median of the rounds'"
            + " ratios to the limit probed next to each; latencies pooled over the rounds, CPU"
            + " summed. Per-step overhead, round trips and commits: a second, shorter pass of"
            + " the same phase (" + ThroughputBench.TRACED_RUNS + " runs at most) on an"
            + " instrumented engine (a counting JDBC proxy, hooks timing each step).");
    Report.TableBuilder table =
        report.table("figure", "(a) 1 client thread", "ratio", "(b) " + b.clients()
            + " client threads", "ratio");
    table.row("runs measured: rounds x runs (warm-up); instrumented", rounds(a), "", rounds(b),
        "");
    table.row("database limit next to the rounds (median)", f0(a.limit()) + " = c1", "",
        f0(b.limit()) + " = c" + CommitBaseline.MANY, "");
    table.row("workflows/s",
        f0(a.workflowsPerSecond()), f2(a.ofLimit()) + " x c1/4",
        f0(b.workflowsPerSecond()), times(b.workflowsPerSecond(), b.limit() / 4, "c8/4"));
    table.row("steps/s", f0(a.stepsPerSecond()), times(a.stepsPerSecond(), a.limit(), "c1"),
        f0(b.stepsPerSecond()), f2(b.ofLimit()) + " x c8");
    results.dbos().ifPresent(h -> table.row("DBOS Transact's workflows/s, (h)",
        f0(h.sequential().workflowsPerSecond()),
        f2(DbosBench.Comparison.median(a.rounds(), h.sequential().rounds())) + " x DBOS",
        f0(h.concurrent().workflowsPerSecond()),
        f2(DbosBench.Comparison.median(b.rounds(), h.concurrent().rounds())) + " x DBOS"));
    table.row("run latency p50 / p99", pair(a.latency()),
        inCommits(a.latency(), oneCommitNearA), pair(b.latency()),
        inCommits(b.latency(), oneCommitNearA));
    table.row("per-step overhead p50 / p99", pair(a.stepOverhead()),
        inCommits(a.stepOverhead(), oneCommitNearA), pair(b.stepOverhead()),
        inCommits(b.stepOverhead(), oneCommitNearA));
    table.row("JDBC round trips / workflow", f2(a.perWorkflow(a.counts().roundTrips())), "",
        f2(b.perWorkflow(b.counts().roundTrips())), "");
    table.row("commits / workflow (writing)", commits(a), "", commits(b), "");
    table.row("rollbacks / workflow", f2(a.perWorkflow(a.counts().rollbacks())), "",
        f2(b.perWorkflow(b.counts().rollbacks())), "");
    table.row("engine commits/s", f0(commitsPerSecond(a)),
        times(commitsPerSecond(a), a.limit(), "c1"), f0(commitsPerSecond(b)),
        times(commitsPerSecond(b), b.limit(), "c8"));
    table.row("commits in engine's life: proxy / server", lifetime(a), "", lifetime(b), "");
    table.row("context switches / workflow (this JVM's threads)",
        DbosBench.switches(a.cpu(), a.runs()), "", DbosBench.switches(b.cpu(), b.runs()), "");
    table.row("CPU: benchmark JVM / whole machine", cores(a.cpu()), "", cores(b.cpu()), "");
    table.row("JVM CPU time / workflow", Samples.ms(a.cpu().processNanos() / a.runs()), "",
        Samples.ms(b.cpu().processNanos() / b.runs()), "");
    table.row("JVM CPU time / workflow, net of the JVM's idle use (" + f2(
            a.rounds().idleCores() * 1000) + " / " + f2(b.rounds().idleCores() * 1000)
            + " ms/s, every engine up)", Samples.ms(a.rounds().netCpuNanosPerRun()), "",
        Samples.ms(b.rounds().netCpuNanosPerRun()), "");
    report.lines(
        "Run latency: from start() to await() returning. Per-step overhead: from the start of one"
            + " step to the start of the next in the same run (onStepStart hooks; 2 per run); the"
            + " steps do nothing, so it is the cost of recording a step: encoding, its checkpoint"
            + " transaction, hooks. The whole run is cut up in the next table.",
        "Round trips and commits: counted by the proxy over the instrumented runs, including the"
            + " clients' start and await, the poller and lease renewal. A batch is one round trip;"
            + " writing commits are those of transactions that wrote.",
        a.lifetime().server().isEmpty() ? "Server count: only on PostgreSQL."
            : "Server count: pg_stat_database.xact_commit over the engine's whole life (build,"
                + " warm-up, measured runs, close), database-wide, so other sessions on the"
                + " database add to it.",
        "CPU in cores over the measured runs (of " + Runtime.getRuntime().availableProcessors()
            + "): this JVM (engine and clients), and the whole machine from /proc/stat; the"
            + " difference is mostly the database's.",
        "Ratios in the workflows/s and steps/s rows: for (a) workflows/s over c1/4 and for (b)"
            + " steps/s over c8, the targets' measures, as the median of the rounds' (below);"
            + " the others against the median limit.");
    Optional<DbosBench.Result> h = results.dbos();
    Interleaved.report(report, a, h.map(DbosBench.Result::sequential));
    Interleaved.report(report, b, h.map(DbosBench.Result::concurrent));
  }

  private void segments(Report report) {
    ThroughputBench.Result a = results.sequential();
    ThroughputBench.Result b = results.concurrent();
    report.heading("Where a run's time goes (p50 / p99)");
    Report.TableBuilder table = report.table("segment of a run", "(a)", "(b)");
    for (RunTimeline.Segment segment : RunTimeline.Segment.values()) {
      table.row(segment.description, pair(a.segments().get(segment)),
          pair(b.segments().get(segment)));
    }
    report.lines(
        "Moments from the client (before start, after await) and from the hooks (onRunStart as"
            + " the turn begins, onStepStart just before a step's first attempt, onRunComplete"
            + " after the completion is committed), by System.nanoTime().");
  }

  private void statements(Report report) {
    ThroughputBench.Result a = results.sequential();
    ThroughputBench.Result b = results.concurrent();
    report.heading("Round trips per workflow, by statement");
    Map<String, Long> inA = a.counts().byStatement();
    Map<String, Long> inB = b.counts().byStatement();
    TreeSet<String> labels = new TreeSet<>(inA.keySet());
    labels.addAll(inB.keySet());
    List<String> shown = new ArrayList<>();
    for (String label : labels) {
      if (a.perWorkflow(inA.getOrDefault(label, 0L)) >= SHOWN_PER_WORKFLOW
          || b.perWorkflow(inB.getOrDefault(label, 0L)) >= SHOWN_PER_WORKFLOW) {
        shown.add(label);
      }
    }
    shown.sort((x, y) -> Long.compare(inA.getOrDefault(y, 0L), inA.getOrDefault(x, 0L)));
    Report.TableBuilder table = report.table("statement", "(a)", "(b)");
    for (String label : shown) {
      table.row(label, f2(a.perWorkflow(inA.getOrDefault(label, 0L))),
          f2(b.perWorkflow(inB.getOrDefault(label, 0L))));
    }
    table.row("all", f2(a.perWorkflow(a.counts().roundTrips())),
        f2(b.perWorkflow(b.counts().roundTrips())));
  }

  private void lateness(Report report) {
    LatenessBench.report(report, results.lateness(), oneCommit);
  }

  private void dispatch(Report report) {
    DispatchBench.Result e = results.dispatch();
    report.heading("(e) dispatched steps");
    report.lines(
        "Workflow \"bench-dispatch\": one dispatched step (bench.echo adds 1), served by a"
            + " started worker (" + DispatchBench.WORKER_CONCURRENCY + " tasks at once) in the"
            + " engine's process and pool, which the engine hands each task while it has a slot"
            + " free (the others it claims). After " + f0(DispatchBench.WARMUP) + " warm-up runs.",
        "A run of one dispatched step costs 4 commits: the start; the dispatch (the task,"
            + " claimed for the worker it is handed to, the pending checkpoint, the suspension);"
            + " the worker's outcome, which "
            + (postgres() ? "hands the run back to the engine, leased" : "wakes the run")
            + "; the completion.");
    report.table("figure", "p50", "p99", "rate")
        .row("1 client: start -> await of a run with one dispatched step",
            Samples.ms(e.roundTrip().p50()), Samples.ms(e.roundTrip().p99()),
            f0(1e9 / e.roundTrip().p50()) + " runs/s")
        .row(StoreBench.CLIENT_THREADS + " clients: " + f0(DispatchBench.CONCURRENT) + " runs",
            "", "", f0(e.concurrentPerSecond()) + " runs/s")
        .row("a fan of " + DispatchBench.FAN_WIDTH + " dispatched steps, start -> await",
            Samples.ms(e.fans().p50()), Samples.ms(e.fans().p99()),
            f0(e.fanTasksPerSecond()) + " tasks/s");
  }

  /**
   * Phase (d)'s section: also the whole report of {@code -Dbench.phases=poll}, where no commit
   * was measured to compare with ({@code inCommits} gives an empty cell).
   */
  static void poll(
      Report report, PollBench.Result d, java.util.function.Function<Samples, String> inCommits) {
    report.heading("(d) the poll's due-run query");
    report.lines(
        "The engine's poll, Store.claimDue(now, [bench/1], " + PollBench.LIMIT + ", ...), claiming"
            + " the same " + PollBench.DUE + " due runs each time (their lease ends at once) among"
            + " sleeping runs due in a day or more, inserted with SQL; " + f0(PollBench.CALLS)
            + " calls after " + f0(PollBench.WARMUP_CALLS) + " warm-up calls. On PostgreSQL one"
            + " statement (SKIP LOCKED claim and its events); on H2 the due-run scan, then a"
            + " compare-and-set and an event per run.");
    Report.TableBuilder table =
        report.table("sleeping runs", "insert + analyze", "poll p50", "poll p99",
            "p50 / p99 in commits");
    for (PollBench.Size size : List.of(d.small(), d.large())) {
      table.row(f0(size.sleeping()), seconds(size.insertNanos() / 1_000_000),
          Samples.us(size.time().p50()), Samples.us(size.time().p99()), inCommits.apply(size.time()));
    }
    List<String> notes = new ArrayList<>();
    notes.add("At " + f0(d.large().sleeping()) + " vs " + f0(d.small().sleeping()) + ": p50 "
        + f2(pollRatio(d)) + "x, p99 "
        + f2((double) d.large().time().p99() / d.small().time().p99()) + "x.");
    for (PollBench.Size size : List.of(d.small(), d.large())) {
      size.planUse().ifPresent(use -> notes.add("With " + f0(size.sleeping())
          + " sleeping runs the server ran the prepared due query " + f0(use.generic())
          + " times with its generic plan and " + f0(use.custom()) + " times with a custom plan,"
          + " planned afresh each time (pg_prepared_statements, the pooled connection that"
          + " polled)."));
    }
    notes.add("The query's plan with " + f0(d.large().sleeping()) + " sleeping runs:");
    report.lines(notes.toArray(String[]::new));
    report.code(d.large().plan());
  }

  private void targets(Report report) {
    ThroughputBench.Result a = results.sequential();
    ThroughputBench.Result b = results.concurrent();
    double latenessP99 = results.lateness().lateness().p99() / 1e6;
    double cpuMs = a.cpu().processNanos() / 1e6 / a.runs();
    double sequentialTarget = postgres() ? SEQUENTIAL_TARGET : H2_SEQUENTIAL_TARGET;
    DispatchBench.Result e = results.dispatch();
    double dispatchP50 = e.roundTrip().p50() / 1e6;
    report.heading("Targets (set for the 2-core machine)");
    Report.TableBuilder table = report.table("target", "required", "measured", "result");
    shareOfLimit(table, "sequential workflows/s", "c1/4", sequentialTarget, a,
        f1(a.workflowsPerSecond()) + " workflows/s");
    shareOfLimit(table, "concurrent steps/s", "c8", CONCURRENT_TARGET, b,
        f1(b.stepsPerSecond()) + " steps/s");
    table
        .row("JVM CPU per sequential workflow <= " + f2(CPU_TARGET_MS) + " ms",
            "<= " + f2(CPU_TARGET_MS) + " ms", f2(cpuMs) + " ms (net of the JVM's idle use: "
                + f2(a.rounds().netCpuNanosPerRun() / 1e6) + " ms)",
            verdict(cpuMs <= CPU_TARGET_MS))
        .row("backoff lateness p99 <= " + f0(LATENESS_TARGET_MS) + " ms",
            "<= " + f1(LATENESS_TARGET_MS) + " ms", f2(latenessP99) + " ms (the wake-ups clear"
                + " of GC pauses: " + f2(results.lateness().latenessClearOfPauses().p99() / 1e6)
                + " ms)",
            verdict(latenessP99 <= LATENESS_TARGET_MS))
        .row("one dispatched step p50 <= " + f0(DISPATCH_TARGET_MS) + " ms (PostgreSQL)",
            "<= " + f1(DISPATCH_TARGET_MS) + " ms", f2(dispatchP50) + " ms",
            postgres() ? verdict(dispatchP50 <= DISPATCH_TARGET_MS) : "(not set for H2)")
        .row("a fan of " + DispatchBench.FAN_WIDTH + " dispatched steps >= "
                + f0(FAN_TARGET) + " tasks/s", ">= " + f0(FAN_TARGET),
            f0(e.fanTasksPerSecond()), verdict(e.fanTasksPerSecond() >= FAN_TARGET))
        .row("poll p50 at 1M sleeping runs within 2x of 1k", "<= " + f2(POLL_TARGET) + "x",
            f2(pollRatio(results.poll())) + "x",
            verdict(pollRatio(results.poll()) <= POLL_TARGET));
    results.dbos().ifPresent(dbos -> DbosBench.targets(table, comparison(dbos)));
    results.io().ifPresent(io -> IoBench.targets(table, io));
  }

  private DbosBench.Comparison comparison(DbosBench.Result dbos) {
    return new DbosBench.Comparison(results.sequential(), results.concurrent(), dbos);
  }

  private boolean postgres() {
    return results.product().startsWith("PostgreSQL");
  }

  private static double pollRatio(PollBench.Result d) {
    return (double) d.large().time().p50() / d.small().time().p50();
  }

  private String inCommits(Samples samples) {
    return inCommits(samples, oneCommit);
  }

  private static String inCommits(Samples samples, long unit) {
    return f1((double) samples.p50() / unit) + " / " + f1((double) samples.p99() / unit);
  }

  private static String rounds(ThroughputBench.Result r) {
    return r.rounds().size() + " x " + f0(r.rounds().runsPerRound()) + " (" + f0(r.warmupRuns())
        + "); " + f0(r.tracedRuns());
  }

  /** Each round's share of the limit next to it, in order. */
  /**
   * The row of a target on a phase's share of the database's limit: {@code what} at least {@code
   * target} of {@code limit}, measured as the median of the rounds' shares.
   */
  private static void shareOfLimit(Report.TableBuilder table, String what, String limit,
      double target, ThroughputBench.Result r, String rate) {
    String probe = limit.substring(0, 2);
    table.row(what + " >= " + percent(target) + " of " + limit,
        ">= " + percent(target) + " (" + probe + " next to the rounds: median " + f0(r.limit())
            + ")",
        percent(r.ofLimit()) + ", the median of rounds " + shares(r) + " (" + rate + ", median)",
        verdict(r.ofLimit() >= target));
  }

  private static String shares(ThroughputBench.Result r) {
    List<String> each = new ArrayList<>();
    for (int i = 0; i < r.rounds().size(); i++) {
      each.add(percent(r.ofLimit(i)));
    }
    return String.join(", ", each);
  }

  private static String pair(Samples samples) {
    return String.format(Locale.ROOT, "%.2f / %.2f ms", samples.p50() / 1e6, samples.p99() / 1e6);
  }

  private static String cores(CpuMeter.Usage cpu) {
    return f2(cpu.processCores()) + " / "
        + (cpu.machineCores() < 0 ? "n/a" : f2(cpu.machineCores())) + " cores";
  }

  /** Commits per second at the plain engine's rate, with the instrumented pass's commits per run. */
  private static double commitsPerSecond(ThroughputBench.Result r) {
    return r.perWorkflow(r.counts().commits()) * r.workflowsPerSecond();
  }

  private static String commits(ThroughputBench.Result r) {
    return f2(r.perWorkflow(r.counts().commits())) + " ("
        + f2(r.perWorkflow(r.counts().writeCommits())) + ")";
  }

  private static String lifetime(ThroughputBench.Result r) {
    OptionalLong server = r.lifetime().server();
    return f0(r.lifetime().proxy()) + " / "
        + (server.isPresent() ? f0(server.getAsLong()) : "n/a");
  }

  private static String times(double value, double base, String unit) {
    return f2(value / base) + " x " + unit;
  }

  private static String percent(double ratio) {
    return String.format(Locale.ROOT, "%.0f%%", ratio * 100);
  }

  private static String seconds(long millis) {
    return String.format(Locale.ROOT, "%.1f s", millis / 1e3);
  }
}
