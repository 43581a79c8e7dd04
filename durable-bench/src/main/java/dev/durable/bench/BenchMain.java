package dev.durable.bench;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Runs the benchmarks on each configured store ({@link BenchConfig}), prints the results and
 * writes them to {@code results-<store>.md}. From the repository root: {@code mvn -q -Pbench
 * package -DskipTests [-Dbench.store=pg|h2|both] [-Dbench.runs=4000] [-Dbench.phases=search|dispatch]}.
 */
public final class BenchMain {
  private BenchMain() {}

  public static void main(String[] args) throws Exception {
    BenchConfig config = BenchConfig.fromSystemProperties();
    Files.createDirectories(config.out());
    for (String store : config.stores()) {
      try (Database database = Database.open(store, config)) {
        StoreBench bench = new StoreBench(database, config, System.out);
        Report report;
        if (config.main()) {
          report = new StoreReport(bench.run()).build();
        } else if (config.dispatchOnly()) {
          database.settle();
          report = DispatchBench.report(database, DispatchBench.run(database));
        } else {
          report = new Report();
          report.heading("Durable run search benchmark on " + database.product());
          Runtime runtime = Runtime.getRuntime();
          report.lines("Store: " + database.where() + ".",
              "Machine: " + runtime.availableProcessors() + " CPUs, Java "
                  + System.getProperty("java.version") + "; database and benchmark share the"
                  + " CPUs.");
          SearchBench.report(report, bench.search());
        }
        System.out.print(report.toText());
        System.out.println();
        Path file = config.out().resolve("results-" + store + ".md");
        Files.writeString(file, report.toMarkdown(), StandardCharsets.UTF_8);
        System.out.println("(written to " + file.toAbsolutePath().normalize() + ")");
      }
    }
  }
}
