package dev.durable.bench;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Runs the benchmarks on each configured store ({@link BenchConfig}), prints the results and
 * writes them to {@code results-<store>.md}. From the repository root: {@code mvn -q -Pbench
 * package -DskipTests [-Dbench.store=pg|h2|both] [-Dbench.runs=4000]}.
 */
public final class BenchMain {
  private BenchMain() {}

  public static void main(String[] args) throws Exception {
    BenchConfig config = BenchConfig.fromSystemProperties();
    Files.createDirectories(config.out());
    for (String store : config.stores()) {
      try (Database database = Database.open(store, config)) {
        StoreBench.Results results = new StoreBench(database, config, System.out).run();
        Report report = new StoreReport(results).build();
        System.out.print(report.toText());
        System.out.println();
        Path file = config.out().resolve("results-" + store + ".md");
        Files.writeString(file, report.toMarkdown(), StandardCharsets.UTF_8);
        System.out.println("(written to " + file.toAbsolutePath().normalize() + ")");
      }
    }
  }
}
