package dev.durable.cli;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.StoredSchedule;
import java.time.Instant;
import java.util.List;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;

/** {@code schedules}: every schedule stored, with its next fire times. */
@Command(
    name = "schedules",
    description = {
      "Lists the stored schedules and their next fire times.",
      "Every @Schedule stored in the database, whichever engines registered it, with the instant"
          + " up to which its fire times have been handled and its next fire times.",
    })
final class SchedulesCommand extends StoreCommand {
  @Override
  void execute(DurableEngine engine, Printer out) {
    List<StoredSchedule> schedules = engine.storedSchedules();
    if (out.json()) {
      out.printJson(schedules);
      return;
    }
    if (schedules.isEmpty()) {
      out.line("no schedules stored");
      return;
    }
    Printer.Table table = out.table("WORKFLOW", "CRON", "ZONE", "HANDLED UNTIL", "NEXT FIRE TIMES");
    for (StoredSchedule schedule : schedules) {
      table.row(schedule.workflowName(), schedule.cron(), schedule.zone(),
          Printer.time(schedule.handledUntil()),
          schedule.nextFireTimes().stream().limit(3).map(Instant::toString)
              .collect(Collectors.joining(" ")));
    }
    table.print();
  }
}
