package dev.durable.cli;

import dev.durable.runtime.DurableEngine;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/**
 * {@code pause <runId>...} or {@code pause <filter options>}: pauses runs that have not ended,
 * until {@code resume}.
 */
@Command(
    name = "pause",
    description = {
      "Pauses runs until they are resumed (durable-cli resume).",
      "The runs named, or every run the filter options match (--workflow x --status RUNNING),"
          + " page after page. A paused run starts no step, sleep, child or task on any engine; a"
          + " step in flight finishes and is recorded; signals sent meanwhile are kept. Prints how"
          + " many runs were paused; one that has ended is left as it is.",
    })
final class PauseCommand extends StoreCommand {
  @Parameters(
      arity = "0..*",
      paramLabel = "<runId>",
      description = "The runs to pause; without any, those the filter options match")
  List<String> runIds = List.of();

  @Mixin RunFilterOptions filter;

  /** What {@code --json} prints. */
  record Paused(int paused, List<String> ended) {}

  @Override
  void check() {
    if (runIds.isEmpty() == !filter.narrows()) {
      throw usage("give run ids or filter options (--workflow, --status...), one or the other:"
          + " pause pauses no run unless told which");
    }
    filter.check(this::usage, "");
  }

  @Override
  void execute(DurableEngine engine, Printer out) {
    int paused = 0;
    List<String> ended = new ArrayList<>();
    if (!runIds.isEmpty()) {
      for (String runId : runIds) {
        if (engine.pause(runId)) {
          paused++;
        } else {
          ended.add(runId);
        }
      }
    } else {
      paused = engine.pause(filter.build());
    }
    if (out.json()) {
      out.printJson(new Paused(paused, ended));
      return;
    }
    out.line("paused " + paused + " run" + (paused == 1 ? "" : "s"));
    for (String runId : ended) {
      out.line("run " + runId + " has ended: not paused");
    }
  }
}
