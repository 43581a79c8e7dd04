package dev.durable.cli;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.Queue;
import dev.durable.runtime.QueueInfo;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Command;

/** {@code queues}: each queue of runs with its depth, its running runs and its limits. */
@Command(
    name = "queues",
    description = {
      "Lists the queues of runs: depth, running, limits, oldest waiting.",
      "Every queue an engine declared and every queue runs were started through: its runs"
          + " ENQUEUED (depth) and since when the oldest waits, its runs admitted and not ended"
          + " (running), and its limits as the engine that last declared it stored them"
          + " ('-': no limit; a queue no engine declared has none and no engine admits its runs)."
          + " 'list --queue <name>' lists a queue's runs.",
    })
final class QueuesCommand extends StoreCommand {
  /**
   * One queue as {@code --json} prints it: the limits as numbers (0 for none), the rate period
   * as an ISO-8601 duration.
   */
  record Row(String name, long depth, long running, Optional<Instant> oldestWaitingAt,
      boolean declared, int concurrency, int perEngine, int ratePermits,
      Optional<String> ratePeriod, Optional<String> declaredBy) {
    static Row of(QueueInfo queue) {
      Optional<Queue> d = queue.declaration();
      return new Row(queue.name(), queue.depth(), queue.running(), queue.oldestWaitingAt(),
          d.isPresent(), d.map(Queue::concurrency).orElse(0), d.map(Queue::perEngine).orElse(0),
          d.map(Queue::ratePermits).orElse(0), d.flatMap(Queue::ratePeriod).map(Duration::toString),
          queue.declaredBy());
    }
  }

  @Override
  void execute(DurableEngine engine, Printer out) {
    List<Row> queues = engine.queues().stream().map(Row::of).toList();
    if (out.json()) {
      out.printJson(queues);
      return;
    }
    if (queues.isEmpty()) {
      out.line("no queues declared or used");
      return;
    }
    Printer.Table table = out.table("QUEUE", "DEPTH", "RUNNING", "OLDEST WAITING", "CONCURRENCY",
        "PER ENGINE", "RATE LIMIT", "DECLARED BY");
    for (Row queue : queues) {
      table.row(queue.name(), queue.depth(), queue.running(),
          Printer.time(queue.oldestWaitingAt()), limit(queue.concurrency()),
          limit(queue.perEngine()),
          queue.ratePeriod().map(p -> queue.ratePermits() + "/" + period(Duration.parse(p)))
              .orElse("-"),
          queue.declared() ? queue.declaredBy().orElse("-") : "not declared");
    }
    table.print();
  }

  /** A rate limit's period: 1s, 5m, or in milliseconds when it is not whole seconds. */
  private static String period(Duration period) {
    return period.getNano() == 0 ? Printer.duration(period) : period.toMillis() + "ms";
  }

  private static String limit(int limit) {
    return limit == 0 ? "-" : String.valueOf(limit);
  }
}
