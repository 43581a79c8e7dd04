package dev.durable.cli;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.HistoryEvent;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code history <runId>}: a run's event log, oldest first. */
@Command(
    name = "history",
    description = {
      "Prints a run's event log, oldest first.",
      "Every transition it went through.",
    })
final class HistoryCommand extends StoreCommand {
  @Parameters(paramLabel = "<runId>", description = "The run")
  String runId;

  @Override
  void execute(DurableEngine engine, Printer out) {
    // the history of an unknown run is empty; say so rather than print nothing
    engine.getRunStatus(runId);
    List<HistoryEvent> events = engine.history(runId);
    if (out.json()) {
      out.printJson(events);
    } else {
      print(events, out);
    }
  }

  /** The events as a table: the timeline {@code show} ends with, too. */
  static void print(List<HistoryEvent> events, Printer out) {
    Printer.Table table = out.table("AT", "EVENT", "STEP", "ATTEMPT", "DETAIL");
    for (HistoryEvent event : events) {
      table.row(Printer.time(event.at()), event.type(), event.step().orElse(null),
          event.attempt() == 0 ? null : event.attempt(), event.detail());
    }
    table.print();
  }
}
