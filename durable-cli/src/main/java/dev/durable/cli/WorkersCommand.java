package dev.durable.cli;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.TaskInfo;
import dev.durable.runtime.TaskQueueInfo;
import dev.durable.runtime.WorkerInfo;
import java.time.Duration;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code workers}: the workers, the queues of dispatched steps, and the silent tasks. */
@Command(
    name = "workers",
    description = {
      "Lists workers, queues of dispatched steps, and silent tasks.",
      "The workers that hold a task or finished one within the last hour, and, per step served"
          + " by workers, the tasks queued and running. With --silent, also the open tasks with"
          + " no sign of life for that long (the lost-dispatch view): 'redispatch <runId>'"
          + " queues a run's again.",
    })
final class WorkersCommand extends StoreCommand {
  @Option(
      names = "--silent",
      paramLabel = "<duration>",
      converter = Converters.DurationConverter.class,
      description = "Also list open tasks silent for this long or longer: 30d, 12h, 15m, 45s")
  Duration silent;

  /** What {@code --json} prints; {@code silentTasks} is null without {@code --silent}. */
  record Workers(List<WorkerInfo> workers, List<TaskQueueInfo> queues, List<TaskInfo> silentTasks) {}

  @Override
  void execute(DurableEngine engine, Printer out) {
    List<WorkerInfo> workers = engine.workers();
    List<TaskQueueInfo> queues = engine.taskQueues();
    List<TaskInfo> silentTasks = silent == null ? null : engine.silentTasks(silent);
    if (out.json()) {
      out.printJson(new Workers(workers, queues, silentTasks));
      return;
    }
    out.line("Workers");
    if (workers.isEmpty()) {
      out.line("  none seen within the last hour");
    } else {
      Printer.Table table = out.table("WORKER", "RUNNING", "LAST SEEN");
      for (WorkerInfo worker : workers) {
        table.row(worker.workerId(), worker.running(), Printer.time(worker.lastSeenAt()));
      }
      table.print();
    }
    out.blank();
    out.line("Queues");
    if (queues.isEmpty()) {
      out.line("  no open tasks");
    } else {
      Printer.Table table = out.table("STEP", "QUEUED", "RUNNING", "OLDEST QUEUED");
      for (TaskQueueInfo queue : queues) {
        table.row(queue.step(), queue.queued(), queue.running(),
            Printer.time(queue.oldestQueuedAt()));
      }
      table.print();
    }
    if (silentTasks != null) {
      out.blank();
      out.line("Silent for " + Printer.duration(silent) + " or longer");
      if (silentTasks.isEmpty()) {
        out.line("  none");
      } else {
        tasks(silentTasks, out).print();
      }
    }
  }

  /** Tasks as a table: also {@code show}'s. */
  static Printer.Table tasks(List<TaskInfo> tasks, Printer out) {
    Printer.Table table = out.table("TASK", "RUN ID", "POS", "STEP", "ATTEMPT", "STATUS", "WORKER",
        "QUEUED", "CLAIMED", "HEARTBEAT", "FINISHED", "ERROR");
    for (TaskInfo task : tasks) {
      table.row(task.taskId(), task.runId(), task.position(), task.step(), task.attempt(),
          task.status(), task.workerId().orElse(null), Printer.time(task.createdAt()),
          Printer.time(task.claimedAt()), Printer.time(task.heartbeatAt()),
          Printer.time(task.finishedAt()), task.error().orElse(null));
    }
    return table;
  }
}
