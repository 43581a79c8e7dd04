package dev.durable.cli;

import dev.durable.runtime.DurableEngine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code redispatch <runId>}: queues a run's stuck dispatched steps again. */
@Command(
    name = "redispatch",
    description = {
      "Queues a run's stuck dispatched steps again.",
      "Its tasks that are queued, or claimed by a worker that never answered, are given up as"
          + " lost and queued again as new deliveries of the same attempts. Prints how many; 0 is"
          + " not an error.",
    })
final class RedispatchCommand extends StoreCommand {
  @Parameters(paramLabel = "<runId>", description = "The run")
  String runId;

  /** What {@code --json} prints. */
  record Redispatched(String runId, int tasks) {}

  @Override
  void execute(DurableEngine engine, Printer out) {
    int tasks = engine.redispatchPending(runId);
    if (out.json()) {
      out.printJson(new Redispatched(runId, tasks));
    } else {
      out.line("queued " + tasks + " task" + (tasks == 1 ? "" : "s") + " of run " + runId
          + " again");
    }
  }
}
