package dev.durable.cli;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.Overview;
import dev.durable.runtime.RunInfo;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code overview}: the runs started and ended per period, and the runs stuck past their time. */
@Command(
    name = "overview",
    description = {
      "Shows the runs started, completed, failed and cancelled per period, and the stuck runs.",
      "The periods of --last (1h by default), --every long (1m), up to now, the periods with no"
          + " run left out; then the runs waiting more than a minute past their time, the longest"
          + " waiting first: pending runs no engine took, sleeping runs past their wake time,"
          + " running runs past their lease (their engine died or stalls), and runs waiting for"
          + " their queue's admission. 'queues' and 'workers' show the rest of the picture.",
    })
final class OverviewCommand extends StoreCommand {
  @Option(
      names = "--last",
      paramLabel = "<duration>",
      converter = Converters.DurationConverter.class,
      description = "How far back: 1h by default; 30d, 12h, 15m, 45s")
  Duration last = Duration.ofHours(1);

  @Option(
      names = "--every",
      paramLabel = "<duration>",
      converter = Converters.DurationConverter.class,
      description = "The length of a period: 1m by default, at least 1s")
  Duration every = Duration.ofMinutes(1);

  /** What {@code --json} prints: the {@link Overview}, its period as an ISO-8601 duration. */
  record Json(Instant from, String bucket, List<Overview.Bucket> buckets,
      List<Overview.Stuck> stuck, long paused) {}

  @Override
  void check() {
    if (every.compareTo(Duration.ofSeconds(1)) < 0) {
      throw usage("--every must be 1s or more, but was " + Printer.duration(every));
    }
    if (last.dividedBy(every) + 1 > Overview.MAX_BUCKETS) {
      throw usage("--last " + Printer.duration(last) + " holds more than " + Overview.MAX_BUCKETS
          + " periods of --every " + Printer.duration(every) + ": give a longer --every");
    }
  }

  @Override
  void execute(DurableEngine engine, Printer out) {
    // the window ends now; its first period starts on a whole period of the epoch
    long everyMillis = every.toMillis();
    Instant from = Instant.ofEpochMilli(
        Math.floorDiv(Instant.now().minus(last).toEpochMilli(), everyMillis) * everyMillis);
    Overview overview = engine.overview(from, every);
    if (out.json()) {
      out.printJson(new Json(overview.from(), overview.bucket().toString(), overview.buckets(),
          overview.stuck(), overview.paused()));
      return;
    }
    out.line("Runs per " + Printer.duration(every) + " since " + Printer.time(from));
    Printer.Table table = out.table("PERIOD", "STARTED", "COMPLETED", "FAILED", "CANCELLED");
    long[] total = new long[4];
    for (Overview.Bucket b : overview.buckets()) {
      if (b.started() + b.completed() + b.failed() + b.cancelled() > 0) {
        table.row(Printer.time(b.start()), b.started(), b.completed(), b.failed(),
            b.cancelled());
      }
      total[0] += b.started();
      total[1] += b.completed();
      total[2] += b.failed();
      total[3] += b.cancelled();
    }
    table.row("total", total[0], total[1], total[2], total[3]);
    table.print();
    if (overview.paused() > 0) {
      out.line("Paused now: " + overview.paused() + " (list --status PAUSED)");
    }
    out.blank();
    out.line("Stuck: waiting more than " + Printer.duration(Overview.OVERDUE) + " past their time");
    if (overview.stuck().isEmpty()) {
      out.line("  none");
      return;
    }
    Printer.Table stuck = out.table("RUN", "WORKFLOW", "STATUS", "WAITING SINCE", "FOR");
    Instant now = Instant.now();
    for (Overview.Stuck s : overview.stuck()) {
      RunInfo run = s.run();
      stuck.row(run.id(), run.workflowName() + "@" + run.workflowVersion(), run.status(),
          Printer.time(s.since()), roughly(Duration.between(s.since(), now)));
    }
    stuck.print();
  }

  /** A wait in its largest unit, rounded down: {@code 45s}, {@code 12m}, {@code 5h}, {@code 3d}. */
  static String roughly(Duration wait) {
    long s = Math.max(0, wait.toSeconds());
    return s >= 2 * 86_400 ? s / 86_400 + "d" : s >= 2 * 3_600 ? s / 3_600 + "h"
        : s >= 120 ? s / 60 + "m" : s + "s";
  }
}
