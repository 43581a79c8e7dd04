package dev.durable.cli;

import dev.durable.runtime.DurableEngine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code fork <runId> --from <position>}: starts a new run from a run's recorded positions. */
@Command(
    name = "fork",
    description = {
      "Starts a fork of a run from a position.",
      "A new run of the same workflow, version and input: the positions before --from replay what"
          + " the run recorded (show lists them), the later ones run with the code of the engine"
          + " that picks the fork up. Refused (exit 1) for a position past what the run recorded,"
          + " or past a step, timer or wait that has not ended.",
    })
final class ForkCommand extends StoreCommand {
  @Parameters(paramLabel = "<runId>", description = "The run to fork")
  String runId;

  @Option(
      names = "--from",
      required = true,
      paramLabel = "<position>",
      description = "The first position that runs again; 0 runs everything again")
  int from;

  /** What {@code --json} prints. */
  record Forked(String runId, String forkedFrom, int position) {}

  @Override
  void execute(DurableEngine engine, Printer out) {
    String fork;
    try {
      fork = engine.fork(runId, from);
    } catch (IllegalArgumentException e) {
      throw new Refused(e.getMessage());
    }
    if (out.json()) {
      out.printJson(new Forked(fork, runId, from));
    } else {
      out.line("forked " + runId + " at position " + from + " as " + fork
          + ": an engine with its workflow runs it");
    }
  }
}
