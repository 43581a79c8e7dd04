package dev.durable.cli;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.RunError;
import dev.durable.runtime.RunFilter;
import dev.durable.runtime.RunInfo;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code list}: the runs that match, newest first, a page at a time. */
@Command(
    name = "list",
    description = {
      "Lists runs, newest first.",
      "At most --limit of them; when the page is full, the last line names the --after to give"
          + " for the next page.",
    })
final class ListCommand extends StoreCommand {
  @Mixin RunFilterOptions filter;

  @Option(names = "--after", paramLabel = "<runId>",
      description = "The next page: the runs after this one (the last of the page before)")
  String after;

  /** What {@code --json} prints: the page, and the {@code --after} of the next one if it is full. */
  record Page(List<RunInfo> runs, String nextAfter) {}

  @Override
  void check() {
    filter.check(this::usage, "; page through more with --after");
  }

  @Override
  void execute(DurableEngine engine, Printer out) {
    RunFilter page = filter.build();
    if (after != null) {
      page = page.after(engine.getRunStatus(after).run());
    }
    List<RunInfo> runs = engine.listRuns(page);
    String nextAfter = runs.size() == filter.limit ? runs.get(runs.size() - 1).id() : null;
    if (out.json()) {
      out.printJson(new Page(runs, nextAfter));
      return;
    }
    if (runs.isEmpty()) {
      out.line("no runs match");
      return;
    }
    Printer.Table table = out.table("RUN ID", "WORKFLOW", "STATUS", "QUEUE", "CREATED", "UPDATED",
        "ERROR");
    for (RunInfo run : runs) {
      table.row(run.id(), run.workflowName() + "@" + run.workflowVersion(), run.status(),
          run.queue().orElse(null), Printer.time(run.createdAt()), Printer.time(run.updatedAt()),
          run.error().map(RunError::code).orElse(null));
    }
    table.print();
    if (nextAfter != null) {
      out.line("next page: --after " + nextAfter);
    }
  }
}
