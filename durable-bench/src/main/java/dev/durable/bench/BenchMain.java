package dev.durable.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Runs the benchmarks on each configured store ({@link BenchConfig}), prints the results and writes
 * them to {@code results-<store>.md} ({@code dbos-pg.md} for the comparison with DBOS alone, {@code
 * io-<store>.md} for phase (j) alone, {@code observe-<store>.md} for phase (k) alone, {@code
 * queue-<store>.md} for phase (l) alone, {@code overview-<store>.md} for phase (n) alone, {@code
 * timeline-<store>.md} for phase (o) alone, {@code codec-<store>.md} and {@code codec-alone.md} for
 * phase (p) alone, {@code pause-pg.md} for phase (q), {@code scale-pg.md} for phase (r), {@code
 * fill-pg.md} for phase (s), {@code inflight-pg.md} for phase (t) and {@code triggers-pg.md} for
 * phase (u), PostgreSQL only). From the
 * repository root: {@code mvn -q -Pbench package -DskipTests [-Dbench.store=pg|h2|both]
 * [-Dbench.runs=4000] [-Dbench.phases=search|dbos|long|io|observe|lateness|dispatch|poll|queue|
 * dashboard|overview|timeline|codec|pause|scale|fill|inflight|triggers] [-Dbench.ioRuns=5000]
 * [-Dbench.ioStepMs=1000] [-Dbench.paused=100000] [-Dbench.ended=5000000]
 * [-Dbench.purged=1000000]}.
 */
public final class BenchMain {
  private BenchMain() {}

  public static void main(String[] args) throws Exception {
    if (System.getProperty("bench.phases", "").strip().equals("dashboard")) {
      // phase (m) reads no store: it runs once, whatever bench.store says
      DashboardPhase.run(Path.of(System.getProperty("bench.out", "target")));
      return;
    }
    BenchConfig config = BenchConfig.fromSystemProperties();
    Files.createDirectories(config.out());
    if (config.codecOnly()) {
      // phase (p)'s codecs alone read no store: once, before the stores' passes, on a quiet JVM
      Report report = new Report();
      CodecCost.report(report, CodecCost.run(System.out::println));
      write(report, config.out().resolve("codec-alone.md"));
    }
    for (String store : config.stores()) {
      try (Database database = Database.open(store, config)) {
        StoreBench bench = new StoreBench(database, config, System.out);
        Report report;
        String file = "results-";
        if (config.latenessOnly()) {
          report = LatenessBench.alone(database, System.out);
        } else if (config.main()) {
          report = new StoreReport(bench.run()).build();
        } else if (config.dbosAlone()) {
          if (!bench.comparesWithDbos()) {
            System.out.println("[" + store + "] phase (h), DBOS Transact, runs on PostgreSQL only");
            continue;
          }
          report = new Report();
          report.heading("Durable and DBOS Transact on " + database.product());
          report.lines("Store: " + database.where() + ".", machine());
          DbosBench.reportAlone(report, bench.dbosComparison());
          file = "dbos-";
        } else if (config.ioOnly()) {
          report = IoBench.alone(database, config, line -> System.out.println(
              "[" + store + "] " + line));
          file = "io-";
        } else if (config.observeOnly()) {
          report = ObserveBench.alone(database, config, line -> System.out.println(
              "[" + store + "] " + line));
          file = "observe-";
        } else if (config.pollOnly()) {
          database.settle();
          report = new Report();
          report.heading("Durable's poll on " + database.product());
          report.lines("Store: " + database.where() + ".", machine());
          StoreReport.poll(report, PollBench.run(database, config.sleeping()), samples -> "");
          file = "poll-";
        } else if (config.queueOnly()) {
          database.settle();
          report = new Report();
          report.heading("Durable's run-queue admission on " + database.product());
          report.lines("Store: " + database.where() + ".", machine());
          QueueBench.report(report, QueueBench.run(database));
          file = "queue-";
        } else if (config.overviewOnly()) {
          database.settle();
          report = new Report();
          report.heading("Durable's overview on " + database.product());
          report.lines("Store: " + database.where() + ".", machine());
          OverviewBench.report(report, OverviewBench.run(database, config.search()));
          file = "overview-";
        } else if (config.timelineOnly()) {
          database.settle();
          report = new Report();
          report.heading("The dashboard's timeline of a long run on " + database.product());
          report.lines("Store: " + database.where() + ".", machine());
          TimelineBench.report(report, TimelineBench.run(database));
          file = "timeline-";
        } else if (config.pauseOnly()) {
          if (!database.id().equals("pg")) {
            System.out.println("[" + store + "] phase (q), pausing by filter, runs on PostgreSQL"
                + " only");
            continue;
          }
          report = PauseBench.alone(database, config, line -> System.out.println(
              "[" + store + "] " + line));
          file = "pause-";
        } else if (config.scaleOnly()) {
          if (!database.id().equals("pg")) {
            System.out.println("[" + store + "] phase (r), scale-out, runs on PostgreSQL only:"
                + " processes cannot share an embedded H2");
            continue;
          }
          report = ScaleBench.alone(database, config, line -> System.out.println(
              "[" + store + "] " + line));
          file = "scale-";
        } else if (config.fillOnly()) {
          if (!database.id().equals("pg")) {
            System.out.println("[" + store + "] phase (s), the store as it fills, runs on"
                + " PostgreSQL only: its ended runs are made with PostgreSQL's SQL");
            continue;
          }
          report = FillBench.alone(database, config, line -> System.out.println(
              "[" + store + "] " + line));
          file = "fill-";
        } else if (config.inflightOnly()) {
          if (!database.id().equals("pg")) {
            System.out.println("[" + store + "] phase (t), runs in flight, runs on PostgreSQL only:"
                + " an embedded H2 keeps its cache in the heap the phase measures");
            continue;
          }
          report = InFlightBench.alone(database, config, line -> System.out.println(
              "[" + store + "] " + line));
          file = "inflight-";
        } else if (config.triggersOnly()) {
          if (!database.id().equals("pg")) {
            System.out.println("[" + store + "] phase (u), trigger throughput, runs on PostgreSQL"
                + " only: its engine processes cannot share an embedded H2");
            continue;
          }
          report = TriggerBench.alone(database, config, line -> System.out.println(
              "[" + store + "] " + line));
          file = "triggers-";
        } else if (config.codecOnly()) {
          report = CodecBench.alone(database, config, line -> System.out.println(
              "[" + store + "] " + line));
          file = "codec-";
        } else if (config.dispatchOnly()) {
          database.settle();
          report = DispatchBench.report(database, DispatchBench.run(database));
        } else {
          report = new Report();
          report.heading("Durable " + (config.searchPhase() ? "run search" : "long run")
              + " benchmark on " + database.product());
          report.lines("Store: " + database.where() + ".", machine());
          if (config.searchPhase()) {
            SearchBench.report(report, bench.search());
          }
        }
        if (config.longPhase()) {
          LongRunBench.report(report, bench.longRuns());
        }
        write(report, config.out().resolve(file + store + ".md"));
      }
    }
  }

  /** Prints {@code report} and writes it to {@code path} as Markdown. */
  private static void write(Report report, Path path) throws IOException {
    System.out.print(report.toText());
    System.out.println();
    Files.writeString(path, report.toMarkdown(), StandardCharsets.UTF_8);
    System.out.println("(written to " + path.toAbsolutePath().normalize() + ")");
  }

  private static String machine() {
    return "Machine: " + Runtime.getRuntime().availableProcessors() + " CPUs, Java "
        + System.getProperty("java.version") + "; database and benchmark share the CPUs.";
  }
}
