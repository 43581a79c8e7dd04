package dev.durable.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.durable.runtime.CompensationInfo;
import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.HistoryEvent;
import dev.durable.runtime.RunError;
import dev.durable.runtime.RunExport;
import dev.durable.runtime.RunInfo;
import dev.durable.runtime.RunStatus;
import dev.durable.runtime.StepInfo;
import dev.durable.runtime.StepState;
import dev.durable.runtime.TaskInfo;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code show <runId>}: a run, its input and output, every position it reached (steps, and the
 * waits, child starts and values between them), compensations, children, dispatched tasks, the
 * signals it waits for, and its timeline.
 */
@Command(
    name = "show",
    description = {
      "Shows a run, its steps and its timeline.",
      "Its generation (each continueAsNew begins one) and the run it was forked from, if any,"
          + " whether it is stuck and why,"
          + " its input and output, its steps (attempts, errors, next attempt) and waits (signal, sleep,"
          + " child run) at their positions, its compensations, its"
          + " child runs, its dispatched tasks (worker, heartbeat), the signals it waits for, and"
          + " its timeline.",
    })
final class ShowCommand extends StoreCommand {
  @Parameters(paramLabel = "<runId>", description = "The run")
  String runId;

  /**
   * What {@code --json} prints. Stored inputs and outputs are embedded as JSON; {@code stuck} is
   * null unless the run is stuck.
   */
  record Detail(
      RunInfo run,
      Stuck stuck,
      JsonNode input,
      JsonNode output,
      List<Step> steps,
      List<Positions.Position> positions,
      List<CompensationInfo> compensations,
      List<RunInfo> children,
      List<TaskInfo> tasks,
      List<SignalWait> signalsWaiting,
      List<HistoryEvent> history) {}

  /** A step, its stored arguments and result embedded as JSON. */
  record Step(
      int position, String name, StepState status, int attempts, String error,
      Instant nextAttemptAt, JsonNode input, JsonNode output) {
    static Step of(StepInfo step) {
      return new Step(step.position(), step.name(), step.status(), step.attempts(), step.error(),
          step.nextAttemptAt(), Printer.stored(step.input()), Printer.stored(step.output()));
    }
  }

  /** Since when a stuck run waits past its time, and why ({@link DurableEngine#stuck}). */
  record Stuck(Instant since, String reason) {}

  /** A signal the run waits for: sent with {@code signal <runId> <name> <json>}. */
  record SignalWait(String name, Instant since, String detail) {}

  @Override
  void execute(DurableEngine engine, Printer out) {
    RunStatus status = engine.getRunStatus(runId);
    Stuck stuck = engine.stuck(runId).map(s -> new Stuck(s.since(), s.reason())).orElse(null);
    List<TaskInfo> tasks = engine.tasks(runId);
    List<HistoryEvent> history = engine.history(runId);
    List<SignalWait> waits = signalsWaiting(status.run(), history);
    List<Positions.Position> positions = Positions.of(status,
        engine.export(List.of(runId)).runs().stream().findFirst()
            .map(RunExport.Run::checkpoints).orElse(List.of()));
    if (out.json()) {
      out.printJson(new Detail(status.run(), stuck, Printer.stored(status.input()),
          Printer.stored(status.output()), status.steps().stream().map(Step::of).toList(),
          positions, status.compensations(), status.children(), tasks, waits, history));
      return;
    }
    printRun(status, stuck, out);
    out.blank();
    out.line("Steps and waits");
    if (positions.isEmpty()) {
      out.line("  none yet");
    } else {
      Printer.Table table = out.table("POS", "KIND", "NAME", "STATUS", "ATTEMPTS", "DETAIL");
      for (Positions.Position p : positions) {
        table.row(p.position(), p.kind(), p.name(), p.status(), p.attempts(), p.detail());
      }
      table.print();
    }
    if (!status.compensations().isEmpty()) {
      out.blank();
      out.line("Compensations");
      Printer.Table compensations = out.table("POS", "STEP", "COMPENSATION", "STATUS");
      for (CompensationInfo c : status.compensations()) {
        compensations.row(c.position(), c.step(), c.compensation(), c.status());
      }
      compensations.print();
    }
    if (!status.children().isEmpty()) {
      out.blank();
      out.line("Children");
      Printer.Table children = out.table("RUN ID", "WORKFLOW", "STATUS", "CREATED", "ERROR");
      for (RunInfo child : status.children()) {
        children.row(child.id(), child.workflowName() + "@" + child.workflowVersion(),
            child.status(), Printer.time(child.createdAt()),
            child.error().map(RunError::code).orElse(null));
      }
      children.print();
    }
    if (!tasks.isEmpty()) {
      out.blank();
      out.line("Dispatched tasks");
      WorkersCommand.tasks(tasks, out).print();
    }
    if (!waits.isEmpty()) {
      out.blank();
      out.line("Signals waiting");
      Printer.Table table = out.table("SIGNAL", "SINCE", "DETAIL");
      for (SignalWait wait : waits) {
        table.row(wait.name(), Printer.time(wait.since()), wait.detail());
      }
      table.print();
    }
    out.blank();
    out.line("Timeline");
    HistoryCommand.print(history, out);
  }

  private static void printRun(RunStatus status, Stuck stuck, Printer out) {
    RunInfo run = status.run();
    out.field("run", run.id());
    out.field("workflow", run.workflowName() + "@" + run.workflowVersion());
    out.field("status", run.status().toString());
    if (stuck != null) {
      out.field("stuck", "since " + Printer.time(stuck.since()) + ": " + stuck.reason());
    }
    run.error().ifPresent(error -> {
      out.field("error", error.code() + error.step().map(step -> " in step " + step).orElse("")
          + ": " + Printer.oneLine(error.message()));
      Printer.errorType(error).ifPresent(type -> out.field("error type", type));
    });
    out.field("created", Printer.time(run.createdAt()));
    out.field("updated", Printer.time(run.updatedAt()));
    if (run.wakeAt() != null && !run.status().isTerminal()) {
      out.field("wakes at", Printer.time(run.wakeAt()));
    }
    run.queue().ifPresent(queue -> out.field("queue", queue + " (priority " + run.priority()
        + run.partitionKey().map(key -> ", partition key " + key).orElse("") + ")"));
    run.owner().ifPresent(owner -> out.field("engine", owner));
    run.parentId().ifPresent(parent -> out.field("parent", parent));
    run.scheduledAt().ifPresent(at -> out.field("scheduled", Printer.time(at)));
    if (!run.attributes().isEmpty()) {
      out.field("attributes", run.attributes().entrySet().stream()
          .map(a -> a.getKey() + "=" + Printer.oneLine(a.getValue()))
          .collect(Collectors.joining(", ")));
    }
    out.field("generation", String.valueOf(run.generation()));
    run.forkedFrom().ifPresent(fork ->
        out.field("forked from", fork.runId() + " at position " + fork.position()));
    out.field("input", Printer.oneLine(status.input()));
    out.field("output", Printer.oneLine(status.output()));
  }

  /**
   * The signals the run waits for: a {@code signal.waiting} event with no {@code signal.received}
   * or {@code signal.timed_out} of the same signal after it, while the run has not ended. (The
   * operator API has no call for them; the event log has what it takes.)
   */
  static List<SignalWait> signalsWaiting(RunInfo run, List<HistoryEvent> history) {
    if (run.status().isTerminal()) {
      return List.of();
    }
    Map<String, HistoryEvent> open = new LinkedHashMap<>();
    for (HistoryEvent event : history) {
      String name = event.step().orElse("");
      switch (event.type()) {
        case "signal.waiting" -> open.put(name, event);
        case "signal.received", "signal.timed_out" -> open.remove(name);
        default -> { }
      }
    }
    List<SignalWait> waits = new ArrayList<>();
    for (Map.Entry<String, HistoryEvent> wait : open.entrySet()) {
      waits.add(new SignalWait(wait.getKey(), wait.getValue().at(), wait.getValue().detail()));
    }
    return waits;
  }
}
