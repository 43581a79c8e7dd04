package dev.durable.cli;

import dev.durable.runtime.DurableEngine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code cancel <runId>}: cancels a run that has not ended. */
@Command(
    name = "cancel",
    description = {
      "Cancels a run that has not ended.",
      "A step attempt it is making is interrupted. Refused (exit 1) for a run that has already"
          + " ended.",
    })
final class CancelCommand extends StoreCommand {
  @Parameters(paramLabel = "<runId>", description = "The run")
  String runId;

  /** What {@code --json} prints. */
  record Cancelled(String runId, boolean cancelled) {}

  @Override
  void execute(DurableEngine engine, Printer out) {
    if (!engine.cancel(runId)) {
      throw new Refused("run " + runId + " has already ended ("
          + engine.getRunStatus(runId).run().status() + "): nothing to cancel");
    }
    if (out.json()) {
      out.printJson(new Cancelled(runId, true));
    } else {
      out.line("cancelled " + runId);
    }
  }
}
