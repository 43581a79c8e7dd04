package dev.durable.cli;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.Queue;
import dev.durable.runtime.QueueInfo;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code queues}: each queue of runs with its depth, its running runs and its limits; {@code queues
 * pause <name>} and {@code queues resume <name>} pause and resume one.
 */
@Command(
    name = "queues",
    description = {
      "Lists the queues of runs: depth, running, limits, oldest waiting.",
      "Every queue an engine declared and every queue runs were started through: its runs"
          + " ENQUEUED (depth) and since when the oldest waits, its runs admitted and not ended"
          + " (running), and its limits as the engine that last declared it stored them"
          + " ('-': no limit; a queue no engine declared has none and no engine admits its runs)."
          + " 'list --queue <name>' lists a queue's runs. 'queues pause <name>' stops every"
          + " engine admitting runs (and step attempts) through it until 'queues resume <name>'.",
    })
final class QueuesCommand extends StoreCommand {
  /**
   * One queue as {@code --json} prints it: the limits as numbers (0 for none), the rate period
   * as an ISO-8601 duration.
   */
  record Row(String name, long depth, long running, Optional<Instant> oldestWaitingAt,
      boolean declared, int concurrency, int perEngine, int ratePermits,
      Optional<String> ratePeriod, Optional<String> declaredBy, boolean paused) {
    static Row of(QueueInfo queue) {
      Optional<Queue> d = queue.declaration();
      return new Row(queue.name(), queue.depth(), queue.running(), queue.oldestWaitingAt(),
          d.isPresent(), d.map(Queue::concurrency).orElse(0), d.map(Queue::perEngine).orElse(0),
          d.map(Queue::ratePermits).orElse(0), d.flatMap(Queue::ratePeriod).map(Duration::toString),
          queue.declaredBy(), queue.paused());
    }
  }

  @Parameters(arity = "0..2", paramLabel = "pause|resume <queue>",
      description = "Pause or resume the queue named, instead of listing the queues")
  List<String> action = List.of();

  /** What {@code --json} prints for {@code pause} and {@code resume}. */
  record Changed(String queue, boolean paused, boolean changed) {}

  @Override
  void check() {
    if (!action.isEmpty() && (action.size() != 2
        || !action.get(0).equals("pause") && !action.get(0).equals("resume"))) {
      throw usage("give 'queues' alone to list them, or 'queues pause <name>' or 'queues resume"
          + " <name>'; was 'queues " + String.join(" ", action) + "'");
    }
  }

  @Override
  void execute(DurableEngine engine, Printer out) {
    if (!action.isEmpty()) {
      steer(engine, out, action.get(0).equals("pause"), action.get(1));
      return;
    }
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
      table.row(queue.name() + (queue.paused() ? " (paused)" : ""), queue.depth(), queue.running(),
          Printer.time(queue.oldestWaitingAt()), limit(queue.concurrency()),
          limit(queue.perEngine()),
          queue.ratePeriod().map(p -> queue.ratePermits() + "/" + period(Duration.parse(p)))
              .orElse("-"),
          queue.declared() ? queue.declaredBy().orElse("-") : "not declared");
    }
    table.print();
  }

  private static void steer(DurableEngine engine, Printer out, boolean pause, String queue) {
    boolean changed;
    try {
      changed = pause ? engine.pauseQueue(queue) : engine.resumeQueue(queue);
    } catch (IllegalArgumentException e) {
      throw new Refused(e.getMessage());
    }
    if (out.json()) {
      out.printJson(new Changed(queue, pause, changed));
    } else if (changed) {
      out.line((pause ? "paused" : "resumed") + " queue " + queue);
    } else {
      out.line("queue " + queue + " was " + (pause ? "paused" : "not paused") + " already");
    }
  }

  /** A rate limit's period: 1s, 5m, or in milliseconds when it is not whole seconds. */
  private static String period(Duration period) {
    return period.getNano() == 0 ? Printer.duration(period) : period.toMillis() + "ms";
  }

  private static String limit(int limit) {
    return limit == 0 ? "-" : String.valueOf(limit);
  }
}
