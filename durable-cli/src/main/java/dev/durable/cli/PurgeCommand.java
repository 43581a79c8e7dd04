package dev.durable.cli;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.RunFilter;
import dev.durable.runtime.RunInfo;
import dev.durable.runtime.RunState;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code purge}: deletes the runs that ended before an instant, with all their rows. */
@Command(
    name = "purge",
    description = {
      "Deletes the runs that ended before an instant (with --yes).",
      "Deletes the runs that ended (completed, failed or cancelled) before --before, or longer"
          + " ago than --older-than, with all their rows: steps, events, tasks, signals. A"
          + " finished child run whose parent has not ended is kept. Without --yes it deletes"
          + " nothing and prints about how many runs it would delete.",
    })
final class PurgeCommand extends StoreCommand {
  /** The most runs the dry run counts. */
  static final int MAX_COUNTED = 10 * RunFilter.MAX_LIMIT;

  @ArgGroup(exclusive = true, multiplicity = "1")
  Cutoff cutoff;

  @Option(names = "--yes", description = "Delete; without it, only say what would be deleted")
  boolean yes;

  /** The wall clock: --older-than counts back from it. */
  private final Clock clock = Clock.systemUTC();

  /** Which runs: one of the two options. */
  static final class Cutoff {
    @Option(
        names = "--before",
        paramLabel = "<instant>",
        converter = Converters.InstantConverter.class,
        description = "Runs that ended before this instant (2026-11-01T00:00:00Z, or a date)")
    Instant before;

    @Option(
        names = "--older-than",
        paramLabel = "<duration>",
        converter = Converters.DurationConverter.class,
        description = "Runs that ended longer ago than this: 30d, 12h, 15m, 45s")
    Duration olderThan;
  }

  /** What {@code --json} prints: with {@code --yes} the runs deleted, else those about to be. */
  record Purged(Instant endedBefore, boolean deleted, int runs, boolean atLeast) {}

  @Override
  void execute(DurableEngine engine, Printer out) {
    Instant endedBefore = cutoff.before != null
        ? cutoff.before
        : clock.instant().minus(cutoff.olderThan);
    if (yes) {
      int runs = engine.purge(endedBefore);
      if (out.json()) {
        out.printJson(new Purged(endedBefore, true, runs, false));
      } else {
        out.line("deleted " + runs + " run" + (runs == 1 ? "" : "s") + " that ended before "
            + endedBefore);
      }
      return;
    }
    int counted = countEnded(engine, endedBefore);
    boolean atLeast = counted >= MAX_COUNTED;
    if (out.json()) {
      out.printJson(new Purged(endedBefore, false, counted, atLeast));
    } else {
      out.line("would delete " + (atLeast ? "at least " : "about ") + counted + " run"
          + (counted == 1 ? "" : "s") + " that ended before " + endedBefore
          + "; nothing deleted: add --yes to delete them");
    }
  }

  /**
   * The ended runs last changed before the cutoff, counted up to {@link #MAX_COUNTED}: what a
   * purge deletes, but for finished children whose parents still run, which it keeps.
   */
  private static int countEnded(DurableEngine engine, Instant endedBefore) {
    RunFilter filter = RunFilter.builder()
        .status(RunState.COMPLETED, RunState.FAILED, RunState.CANCELLED)
        .updatedBefore(endedBefore)
        .limit(RunFilter.MAX_LIMIT)
        .build();
    int counted = 0;
    List<RunInfo> page = engine.listRuns(filter);
    while (!page.isEmpty() && counted < MAX_COUNTED) {
      counted += page.size();
      if (page.size() < RunFilter.MAX_LIMIT) {
        break;
      }
      page = engine.listRuns(filter.after(page.get(page.size() - 1)));
    }
    return Math.min(counted, MAX_COUNTED);
  }
}
