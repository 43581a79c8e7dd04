package dev.durable.cli;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.RunError;
import dev.durable.runtime.RunFilter;
import dev.durable.runtime.RunInfo;
import dev.durable.runtime.RunState;
import java.time.Instant;
import java.util.List;
import picocli.CommandLine.Command;
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
  @Option(names = "--workflow", paramLabel = "<name>", description = "Only runs of this workflow")
  String workflow;

  @Option(
      names = "--version",
      paramLabel = "<version>",
      description = "Only runs of this version of it")
  String version;

  @Option(
      names = "--status",
      paramLabel = "<status>",
      split = ",",
      description = "Only runs in this status (repeatable, or comma-separated): ${COMPLETION-CANDIDATES}")
  List<RunState> statuses = List.of();

  @Option(
      names = "--created-from",
      paramLabel = "<instant>",
      converter = Converters.InstantConverter.class,
      description = "Only runs started at or after this instant (2026-12-01T22:00:00Z, or a date)")
  Instant createdFrom;

  @Option(
      names = "--created-before",
      paramLabel = "<instant>",
      converter = Converters.InstantConverter.class,
      description = "Only runs started before this instant")
  Instant createdBefore;

  @Option(
      names = "--updated-from",
      paramLabel = "<instant>",
      converter = Converters.InstantConverter.class,
      description = "Only runs last changed at or after this instant")
  Instant updatedFrom;

  @Option(
      names = "--updated-before",
      paramLabel = "<instant>",
      converter = Converters.InstantConverter.class,
      description = "Only runs last changed before this instant")
  Instant updatedBefore;

  @Option(
      names = "--prefix",
      paramLabel = "<text>",
      description = "Only runs whose id starts with this")
  String prefix;

  @Option(
      names = "--parent",
      paramLabel = "<runId>",
      description = "Only the child runs of this run")
  String parent;

  @Option(
      names = "--code",
      paramLabel = "<code>",
      description = "Only runs that failed with this error code")
  String code;

  @Option(names = "--limit", paramLabel = "<n>", defaultValue = "" + RunFilter.DEFAULT_LIMIT,
      description = "At most this many runs, 1 to " + RunFilter.MAX_LIMIT + " (default: ${DEFAULT-VALUE})")
  int limit;

  @Option(names = "--after", paramLabel = "<runId>",
      description = "The next page: the runs after this one (the last of the page before)")
  String after;

  /** What {@code --json} prints: the page, and the {@code --after} of the next one if it is full. */
  record Page(List<RunInfo> runs, String nextAfter) {}

  @Override
  void check() {
    if (limit < 1 || limit > RunFilter.MAX_LIMIT) {
      throw usage("--limit must be 1 to " + RunFilter.MAX_LIMIT + ", but was " + limit
          + "; page through more with --after");
    }
  }

  @Override
  void execute(DurableEngine engine, Printer out) {
    RunFilter filter = filter();
    if (after != null) {
      filter = filter.after(engine.getRunStatus(after).run());
    }
    List<RunInfo> runs = engine.listRuns(filter);
    String nextAfter = runs.size() == limit ? runs.get(runs.size() - 1).id() : null;
    if (out.json()) {
      out.printJson(new Page(runs, nextAfter));
      return;
    }
    if (runs.isEmpty()) {
      out.line("no runs match");
      return;
    }
    Printer.Table table = out.table("RUN ID", "WORKFLOW", "STATUS", "CREATED", "UPDATED", "ERROR");
    for (RunInfo run : runs) {
      table.row(run.id(), run.workflowName() + "@" + run.workflowVersion(), run.status(),
          Printer.time(run.createdAt()), Printer.time(run.updatedAt()),
          run.error().map(RunError::code).orElse(null));
    }
    table.print();
    if (nextAfter != null) {
      out.line("next page: --after " + nextAfter);
    }
  }

  private RunFilter filter() {
    RunFilter.Builder filter = RunFilter.builder().limit(limit);
    if (workflow != null) {
      filter.workflow(workflow);
    }
    if (version != null) {
      filter.version(version);
    }
    filter.status(statuses.toArray(RunState[]::new));
    if (createdFrom != null) {
      filter.createdFrom(createdFrom);
    }
    if (createdBefore != null) {
      filter.createdBefore(createdBefore);
    }
    if (updatedFrom != null) {
      filter.updatedFrom(updatedFrom);
    }
    if (updatedBefore != null) {
      filter.updatedBefore(updatedBefore);
    }
    if (prefix != null) {
      filter.runIdPrefix(prefix);
    }
    if (parent != null) {
      filter.parentId(parent);
    }
    if (code != null) {
      filter.errorCode(code);
    }
    return filter.build();
  }
}
