package dev.durable.cli;

import dev.durable.runtime.DurableEngine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code requeue <runId>}: retries a failed run. */
@Command(
    name = "requeue",
    description = {
      "Retries a failed run.",
      "The steps that failed it get a fresh retry budget, completed steps do not run again. An"
          + " engine with its workflow registered picks it up. Refused (exit 1) for a run that"
          + " has not failed.",
    })
final class RequeueCommand extends StoreCommand {
  @Parameters(paramLabel = "<runId>", description = "The failed run")
  String runId;

  /** What {@code --json} prints. */
  record Requeued(String runId, boolean requeued) {}

  @Override
  void execute(DurableEngine engine, Printer out) {
    engine.requeue(runId);
    if (out.json()) {
      out.printJson(new Requeued(runId, true));
    } else {
      out.line("requeued " + runId + ": an engine with its workflow runs it again");
    }
  }
}
