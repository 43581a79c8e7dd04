package dev.durable.cli;

import dev.durable.runtime.DurableEngine;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code resume <runId>...}: resumes paused runs. */
@Command(
    name = "resume",
    description = {
      "Resumes paused runs where they were.",
      "Each is due at once (timers that came due while it was paused fire), or, if it was started"
          + " through a queue, waits for the queue's admission again. Refused (exit 1) for a run"
          + " that is not paused.",
    })
final class ResumeCommand extends StoreCommand {
  @Parameters(arity = "1..*", paramLabel = "<runId>", description = "The paused runs")
  List<String> runIds;

  /** What {@code --json} prints. */
  record Resumed(List<String> resumed) {}

  @Override
  void execute(DurableEngine engine, Printer out) {
    for (String runId : runIds) {
      if (!engine.resume(runId)) {
        throw new Refused("run " + runId + " is " + engine.getRunStatus(runId).run().status()
            + ", not PAUSED: nothing to resume");
      }
      if (!out.json()) {
        out.line("resumed " + runId);
      }
    }
    if (out.json()) {
      out.printJson(new Resumed(runIds));
    }
  }
}
