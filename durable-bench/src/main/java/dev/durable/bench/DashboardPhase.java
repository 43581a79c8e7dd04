package dev.durable.bench;

import dev.durable.dashboard.DashboardBench;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Phase (m), {@code -Dbench.phases=dashboard}: the dashboard's page render times from data
 * already read (no store), written to {@code dashboard.md}. See {@link DashboardBench}.
 */
final class DashboardPhase {
  private DashboardPhase() {}

  /** Renders of each page measured after the warm-up. */
  static final int RENDERS = 300;

  static void run(Path out) throws Exception {
    List<DashboardBench.Figure> figures = DashboardBench.run(RENDERS, System.out::println);
    Report report = new Report();
    report.heading("(m) the dashboard's pages rendered");
    report.lines("Through the router, from records held in memory (no store, no HTTP): the page's"
        + " rendering alone, " + RENDERS + " renders each after 5 s of warm-up.",
        "Machine: " + Runtime.getRuntime().availableProcessors() + " CPUs, Java "
            + System.getProperty("java.version") + ".");
    Report.TableBuilder table = report.table("page", "p50", "p90", "page size");
    for (DashboardBench.Figure f : figures) {
      table.row(f.page(), ms(f.p50Ms()), ms(f.p90Ms()), String.format(Locale.ROOT, "%,d bytes",
          f.bytes()));
    }
    System.out.print(report.toText());
    Path path = out.resolve("dashboard.md");
    Files.createDirectories(out);
    Files.writeString(path, report.toMarkdown(), StandardCharsets.UTF_8);
    System.out.println("(written to " + path.toAbsolutePath().normalize() + ")");
  }

  private static String ms(double ms) {
    return String.format(Locale.ROOT, "%.1f ms", ms);
  }
}
