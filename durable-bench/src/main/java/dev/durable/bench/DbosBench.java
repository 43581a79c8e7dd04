package dev.durable.bench;

import static dev.durable.bench.Figures.f0;
import static dev.durable.bench.Figures.f1;
import static dev.durable.bench.Figures.f2;
import static dev.durable.bench.Figures.verdict;

import com.zaxxer.hikari.HikariDataSource;
import dev.dbos.transact.DBOS;
import dev.dbos.transact.StartWorkflowOptions;
import dev.dbos.transact.config.DBOSConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Phase (h): the workflow of phases (a) and (b), three steps that each add 1, on DBOS Transact
 * ({@code dev.dbos:transact}), the peer engine that also keeps its workflows in PostgreSQL: in the
 * same JVM, on the same server, from 1 and from {@link StoreBench#CLIENT_THREADS} client threads
 * with the same warm-up rules and measured runs as (a) and (b), in rounds that alternate with
 * theirs ({@link Interleaved}), so that the server's drift within a run falls on both engines
 * alike. Each client starts a run with {@code DBOS.startWorkflow} under its own workflow id and
 * awaits the handle's {@code getResult}, again and again.
 *
 * <p>DBOS runs as its documentation sets it up: {@code DBOSConfig.defaults} (migrations on start,
 * LISTEN/NOTIFY), {@code @Workflow} and {@code @Step} methods registered with {@code registerProxy},
 * one {@code DBOS} instance launched for the measured rounds of (a) and (b), as Durable has one
 * engine for them (a launch is heavy: DBOS runs its migrations and starts its services). Its
 * pool is {@link DbosDatabase#pool}, in a database of its own; measured as Durable is, with nothing
 * between DBOS and its pool, then counted in a shorter pass on a second instance behind the same
 * counting proxy as Durable's.
 *
 * <p>What DBOS does per run, read from its sources (1.1.0-m6: {@code DBOSExecutor}, {@code
 * WorkflowDAO}, {@code StepsDAO}): the start is one transaction, an upsert of the run's {@code
 * workflow_status} row, before the run is handed to DBOS's executor threads. Each step is four
 * statements, each in auto-commit on a connection taken from the pool for it: before the step, a
 * read of the run's status (is it cancelled?) and of the step's recorded output; after it, the
 * {@code INSERT} of its output into {@code operation_outputs}, a commit flushed to disk, then an
 * {@code UPDATE} that re-stamps the run's executor id (matching no row while it is unchanged). The
 * end is one {@code UPDATE} of the run's status and output. So a 3-step run costs 5 flushed
 * commits (1 + 3 + 1) and 14 round trips, one flushed commit per step, and nothing is batched
 * across runs; the handle's result comes from an in-memory future.
 */
final class DbosBench {
  /** Durable's sequential workflows/s must be at least this many times DBOS's. */
  static final double SEQUENTIAL_TARGET = 2.5;
  /** Durable's steps/s from 16 client threads must be at least this many times DBOS's. */
  static final double CONCURRENT_TARGET = 4.0;
  static final String APP_NAME = "durable-bench";

  private static final AtomicInteger INSTANCES = new AtomicInteger();

  /**
   * One measured phase of DBOS, measured as Durable's (a) and (b) are ({@link ThroughputBench}).
   *
   * @param clients client threads
   * @param warmupRuns runs before the measured rounds
   * @param rounds the measured rounds, with nothing between DBOS and its pool
   * @param tracedRuns runs of the second pass, behind the counting proxy
   * @param counts the JDBC work over those runs
   */
  record Phase(int clients, int warmupRuns, Rounds rounds, int tracedRuns, JdbcCounts counts) {

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

    /** {@code count}, counted over the traced runs, per workflow. */
    double perWorkflow(long count) {
      return (double) count / tracedRuns;
    }
  }

  /**
   * Phase (h).
   *
   * @param version DBOS's version, as it reports it
   * @param where where DBOS's tables were
   * @param sequential from 1 client thread, as (a)
   * @param concurrent from {@link StoreBench#CLIENT_THREADS} client threads, as (b)
   */
  record Result(String version, String where, Phase sequential, Phase concurrent) {}

  /** Durable's (a) and (b) next to DBOS's (h), measured in the same rounds. */
  record Comparison(ThroughputBench.Result a, ThroughputBench.Result b, Result h) {
    /** Durable's sequential workflows/s over DBOS's: the median of the rounds' ratios. */
    double sequential() {
      return median(a.rounds(), h.sequential().rounds());
    }

    /** Durable's steps/s from 16 client threads over DBOS's: the median of the rounds' ratios. */
    double concurrent() {
      return median(b.rounds(), h.concurrent().rounds());
    }

    /** Durable's workflows/s over DBOS's in round {@code round}. */
    static double ratio(Rounds durable, Rounds dbos, int round) {
      return durable.get(round).workflowsPerSecond() / dbos.get(round).workflowsPerSecond();
    }

    /** The median of the rounds' {@link #ratio}s. */
    static double median(Rounds durable, Rounds dbos) {
      double[] each = new double[durable.size()];
      for (int i = 0; i < each.length; i++) {
        each[i] = ratio(durable, dbos, i);
      }
      return Rounds.median(each);
    }
  }

  /**
   * A launched DBOS instance with the bench workflow registered, over a pool of its own; closing
   * it shuts DBOS down and closes the pool.
   */
  static final class Instance implements AutoCloseable {
    private final HikariDataSource pool;
    private final CountingDataSource counting;
    private final DBOS dbos;
    private final DbosBenchWorkflow proxy;

    /**
     * Launches DBOS on {@code database}; with {@code counted}, behind the counting proxy, for
     * {@link #counts()}.
     */
    Instance(DbosDatabase database, boolean counted) throws Exception {
      // the process id too: the sessions of a pool are looked up by name across the whole server
      String name =
          "dbos-bench-" + ProcessHandle.current().pid() + "-" + INSTANCES.incrementAndGet();
      pool = database.pool(name, BenchEngine.POOL_SIZE);
      counting = new CountingDataSource(pool);
      DBOSConfig config = DBOSConfig.defaults(APP_NAME)
          .withDataSource(counted ? counting.dataSource() : pool);
      DBOS launched = null;
      try {
        launched = new DBOS(config);
        DbosBenchWorkflowImpl workflow = new DbosBenchWorkflowImpl();
        proxy = launched.registerProxy(DbosBenchWorkflow.class, workflow);
        workflow.proxy(proxy);
        launched.launch();
      } catch (Exception | Error e) {
        try (pool) {
          if (launched != null) {
            launched.close();
          }
        }
        throw e;
      }
      dbos = launched;
    }

    /** One run, as {@link Interleaved} measures it. */
    Interleaved.Contender contender() {
      return new Interleaved.Contender("DBOS", oneRun(dbos, proxy));
    }

    JdbcCounts counts() {
      return counting.snapshot();
    }

    @Override
    public void close() throws Exception {
      try {
        dbos.close();
      } finally {
        pool.close();
      }
    }
  }

  private DbosBench() {}

  /**
   * As {@link ThroughputBench#traced} does for Durable: {@code runs} runs ({@link
   * ThroughputBench#TRACED_RUNS} at most) from {@code clients} threads on {@code counted}, an
   * instance behind the counting proxy, after {@link ThroughputBench#TRACED_WARMUP}; the JDBC
   * work of those runs.
   */
  static JdbcCounts counted(Instance counted, int clients, int runs) throws Exception {
    Clients.OneRun oneRun = counted.contender().oneRun();
    Clients.drive(clients, ThroughputBench.TRACED_WARMUP, new Samples(), oneRun);
    JdbcCounts before = counted.counts();
    Clients.drive(clients, Math.min(runs, ThroughputBench.TRACED_RUNS), new Samples(), oneRun);
    return counted.counts().minus(before);
  }

  /** One run started and awaited, then checked. */
  private static Clients.OneRun oneRun(DBOS dbos, DbosBenchWorkflow workflow) {
    return (runId, n) -> {
      int result = dbos.startWorkflow(() -> workflow.run(n), new StartWorkflowOptions(runId))
          .getResult();
      if (result != n + 3) {
        throw new IllegalStateException("DBOS workflow " + runId + " returned " + result);
      }
    };
  }

  /** The phase's section of a report: DBOS's figures next to Durable's (a) and (b). */
  static void report(Report report, Comparison c) {
    ThroughputBench.Result a = c.a();
    ThroughputBench.Result b = c.b();
    Phase h1 = c.h().sequential();
    Phase h16 = c.h().concurrent();
    report.heading("(h) DBOS Transact side by side: the same 3-step workflow");
    report.lines(
        "DBOS Transact " + c.h().version() + " in this JVM, its tables in a " + c.h().where()
            + ": @Workflow \"bench\" with three @Step methods that each add 1, registered with"
            + " registerProxy; each client starts a run with DBOS.startWorkflow under its own id"
            + " and awaits the handle's getResult. Same warm-up rules as (a) and (b) (rounds"
            + " repeated until the JIT settled, then, once both engines had warmed up, a second"
            + " warm-up of each in turn) and the same measured runs, in rounds alternating with"
            + " Durable's (" + Interleaved.ROUNDS + " of (a), then " + Interleaved.ROUNDS
            + " of (b)); one DBOS instance and one Durable engine stay up through all of them,"
            + " each idle while the other is measured.",
        "DBOS's configuration: DBOSConfig.defaults (migrations, LISTEN/NOTIFY), its own HikariCP"
            + " settings but " + BenchEngine.POOL_SIZE + " connections (pre-filled) as Durable's"
            + " pool; as for Durable, throughput, latency and CPU with nothing between it and its"
            + " pool, round trips and commits from a second, shorter pass behind the same"
            + " counting proxy (a second DBOS instance, launched after the rounds).",
        "Rates are the median of the rounds'; the ratios of rates are the median of the rounds'"
            + " ratios (each round's engines measured minutes apart at most); latencies pooled"
            + " over the rounds, CPU summed over them.");
    Report.TableBuilder table = report.table("figure", "(a) Durable, 1 client", "(h) DBOS, 1 client",
        "Durable vs DBOS", "(b) Durable, " + b.clients() + " clients",
        "(h) DBOS, " + h16.clients() + " clients", "Durable vs DBOS");
    table.row("runs measured: rounds x runs (warm-up)", runs(a.rounds(), a.warmupRuns()),
        runs(h1.rounds(), h1.warmupRuns()), "", runs(b.rounds(), b.warmupRuns()),
        runs(h16.rounds(), h16.warmupRuns()), "");
    table.row("workflows/s (median of rounds)", f0(a.workflowsPerSecond()),
        f0(h1.workflowsPerSecond()), times(c.sequential()), f0(b.workflowsPerSecond()),
        f0(h16.workflowsPerSecond()), times(c.concurrent()));
    table.row("steps/s (median of rounds)", f0(a.stepsPerSecond()), f0(h1.stepsPerSecond()),
        times(c.sequential()), f0(b.stepsPerSecond()), f0(h16.stepsPerSecond()),
        times(c.concurrent()));
    table.row("run latency p50 / p99", pair(a.latency()), pair(h1.latency()),
        inverse(h1.latency(), a.latency()), pair(b.latency()), pair(h16.latency()),
        inverse(h16.latency(), b.latency()));
    table.row("JVM CPU time / workflow", Samples.ms(a.cpu().processNanos() / a.runs()),
        Samples.ms(h1.cpu().processNanos() / h1.runs()),
        times((double) h1.cpu().processNanos() / h1.runs() / (a.cpu().processNanos() / a.runs())),
        Samples.ms(b.cpu().processNanos() / b.runs()),
        Samples.ms(h16.cpu().processNanos() / h16.runs()),
        times((double) h16.cpu().processNanos() / h16.runs()
            / (b.cpu().processNanos() / b.runs())));
    table.row("JVM CPU time / workflow, net of the JVM's idle use",
        Samples.ms(a.rounds().netCpuNanosPerRun()), Samples.ms(h1.rounds().netCpuNanosPerRun()),
        times((double) h1.rounds().netCpuNanosPerRun() / a.rounds().netCpuNanosPerRun()),
        Samples.ms(b.rounds().netCpuNanosPerRun()), Samples.ms(h16.rounds().netCpuNanosPerRun()),
        times((double) h16.rounds().netCpuNanosPerRun() / b.rounds().netCpuNanosPerRun()));
    table.row("the JVM idle, both engines up: CPU ms/s", f2(a.rounds().idleCores() * 1000), "", "",
        f2(b.rounds().idleCores() * 1000), "", "");
    table.row("context switches / workflow (this JVM's threads)", switches(a.cpu(), a.runs()),
        switches(h1.cpu(), h1.runs()), "", switches(b.cpu(), b.runs()),
        switches(h16.cpu(), h16.runs()), "");
    table.row("CPU: benchmark JVM / whole machine", cores(a.cpu()), cores(h1.cpu()), "",
        cores(b.cpu()), cores(h16.cpu()), "");
    table.row("JDBC round trips / workflow", f2(a.perWorkflow(a.counts().roundTrips())),
        f2(h1.perWorkflow(h1.counts().roundTrips())), "",
        f2(b.perWorkflow(b.counts().roundTrips())),
        f2(h16.perWorkflow(h16.counts().roundTrips())), "");
    table.row("commits / workflow", f2(a.perWorkflow(a.counts().commits())),
        f2(h1.perWorkflow(h1.counts().commits())), "", f2(b.perWorkflow(b.counts().commits())),
        f2(h16.perWorkflow(h16.counts().commits())), "");
    report.lines(
        "Durable vs DBOS, median of the rounds' ratios: sequential: " + times(c.sequential())
            + " DBOS (workflows/s; rounds " + roundRatios(a.rounds(), h1.rounds()) + "); "
            + b.clients() + " client threads: " + times(c.concurrent()) + " DBOS (steps/s; rounds "
            + roundRatios(b.rounds(), h16.rounds()) + ").",
        "Ratios are Durable's rate over DBOS's, and DBOS's latency or CPU time over Durable's:"
            + " above 1 Durable is ahead in every row. CPU time is this whole JVM's (engine and"
            + " clients) over the measured runs, per run; its net figure subtracts the JVM's CPU"
            + " use while both engines were up and idle (their polls, listeners and timers, and"
            + " the JVM's own threads), measured for " + Interleaved.IDLE_WINDOW.toSeconds()
            + " s before the rounds, over the rounds' time: each engine's rounds otherwise also"
            + " pay for the other's background.",
        "Round trips and commits counted by the same proxy over the instrumented runs; a statement"
            + " in auto-commit counts as a commit, whether it wrote or not. By DBOS's sources, a"
            + " 3-step run is 14 statements and 5 commits flushed to disk: the start's upsert of"
            + " the run's row, per step a read of the run's status and of the step's recorded"
            + " output, the insert of its output (the flushed commit) and an update re-stamping"
            + " the run's executor id that matches no row, and the end's update of the run's"
            + " status. DBOS writes each step in a transaction of its own and batches nothing"
            + " across runs.");
  }

  /**
   * Adds the targets against DBOS to a table of target, required, measured and result: sequential
   * workflows/s at least {@link #SEQUENTIAL_TARGET} times DBOS's, steps/s from 16 client threads
   * at least {@link #CONCURRENT_TARGET} times.
   */
  static void targets(Report.TableBuilder table, Comparison c) {
    Phase h1 = c.h().sequential();
    Phase h16 = c.h().concurrent();
    table.row("sequential workflows/s >= " + f1(SEQUENTIAL_TARGET) + "x DBOS (h)",
            ">= " + times(SEQUENTIAL_TARGET),
            times(c.sequential()) + ", the median of rounds " + roundRatios(c.a().rounds(),
                h1.rounds()) + " (medians: " + f0(c.a().workflowsPerSecond()) + " and "
                + f0(h1.workflowsPerSecond()) + " workflows/s)",
            verdict(c.sequential() >= SEQUENTIAL_TARGET))
        .row(c.b().clients() + " client threads steps/s >= " + f1(CONCURRENT_TARGET)
                + "x DBOS (h)", ">= " + times(CONCURRENT_TARGET),
            times(c.concurrent()) + ", the median of rounds " + roundRatios(c.b().rounds(),
                h16.rounds()) + " (medians: " + f0(c.b().stepsPerSecond()) + " and "
                + f0(h16.stepsPerSecond()) + " steps/s)",
            verdict(c.concurrent() >= CONCURRENT_TARGET));
  }

  /**
   * Phases (a), (b) and (h) alone: the rounds, the side-by-side section and the targets against
   * DBOS.
   */
  static void reportAlone(Report report, Comparison c) {
    report.heading("(a), (b) and (h) round by round");
    Interleaved.report(report, c.a(), Optional.of(c.h().sequential()));
    Interleaved.report(report, c.b(), Optional.of(c.h().concurrent()));
    report(report, c);
    report.heading("Targets against DBOS Transact (set for PostgreSQL on the 2-core machine)");
    targets(report.table("target", "required", "measured", "result"), c);
  }

  static String switches(CpuMeter.Usage cpu, int runs) {
    return cpu.contextSwitches() < 0 ? "n/a" : f1((double) cpu.contextSwitches() / runs);
  }

  private static String runs(Rounds rounds, int warmup) {
    return rounds.size() + " x " + f0(rounds.runsPerRound()) + " (" + f0(warmup) + ")";
  }

  /** Durable's rate over DBOS's in each round, in order: "1.20x, 0.95x, 1.40x". */
  static String roundRatios(Rounds durable, Rounds dbos) {
    List<String> each = new ArrayList<>();
    for (int i = 0; i < durable.size(); i++) {
      each.add(times(Comparison.ratio(durable, dbos, i)));
    }
    return String.join(", ", each);
  }

  private static String inverse(Samples dbos, Samples durable) {
    return f2((double) dbos.p50() / durable.p50()) + "x / "
        + f2((double) dbos.p99() / durable.p99()) + "x";
  }

  private static String pair(Samples samples) {
    return String.format(Locale.ROOT, "%.2f / %.2f ms", samples.p50() / 1e6, samples.p99() / 1e6);
  }

  private static String cores(CpuMeter.Usage cpu) {
    return f2(cpu.processCores()) + " / "
        + (cpu.machineCores() < 0 ? "n/a" : f2(cpu.machineCores())) + " cores";
  }

  static String times(double ratio) {
    return f2(ratio) + "x";
  }
}
