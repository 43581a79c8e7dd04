package dev.durable.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.durable.runtime.RunExport;
import dev.durable.runtime.RunStatus;
import dev.durable.runtime.StepInfo;
import dev.durable.runtime.StepState;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Every position of a run, in order: its steps, and what the status API's steps leave out (the
 * waits for a signal, a timer or a child run, the starts of child runs, the values {@code ctx}
 * recorded), so that positions 0, 1, 4 do not leave 2 and 3 unexplained. Steps come from {@link
 * RunStatus#steps()} (an attempt in flight on this engine shows as running); the rest from the
 * run's checkpoints as {@code export} reads them.
 */
final class Positions {
  private Positions() {}

  /** What is shown of a wait that has not ended: the status of a step does not say it. */
  static final String WAITING = "WAITING";

  /**
   * One position of a run.
   *
   * @param position its position, from 0
   * @param kind {@code step}, {@code remote step}, {@code sleep}, {@code signal}, {@code child
   *     start}, {@code child await} or {@code value}
   * @param name the step's, signal's or child workflow's name, or the value's ({@code now}...)
   * @param status a step's {@link StepState}; for a wait that has not ended, {@value #WAITING}
   * @param attempts a step's attempts so far; {@code null} for the others
   * @param detail what a person needs to read it: a step's error and next attempt, when a sleep or
   *     a wait ends, the child run's id, a signal's or a value's stored value; {@code null} if none
   */
  record Position(
      int position, String kind, String name, String status, Integer attempts, String detail) {}

  static List<Position> of(RunStatus status, List<RunExport.Checkpoint> checkpoints) {
    Map<Integer, Position> positions = new LinkedHashMap<>();
    for (RunExport.Checkpoint checkpoint : checkpoints) {
      if (!isStep(checkpoint)) {
        positions.put(checkpoint.position(), wait(checkpoint));
      }
    }
    for (StepInfo step : status.steps()) {
      String kind = checkpoints.stream()
          .filter(c -> c.position() == step.position() && c.kind().equals("REMOTE"))
          .findAny().isPresent() ? "remote step" : "step";
      positions.put(step.position(), new Position(step.position(), kind, step.name(),
          step.status().name(), step.attempts(), stepDetail(step)));
    }
    List<Position> ordered = new ArrayList<>(positions.values());
    ordered.sort(Comparator.comparingInt(Position::position));
    return ordered;
  }

  private static boolean isStep(RunExport.Checkpoint checkpoint) {
    return checkpoint.kind().equals("STEP") || checkpoint.kind().equals("REMOTE");
  }

  private static String stepDetail(StepInfo step) {
    if (step.status() == StepState.RETRYING && step.nextAttemptAt() != null) {
      return "next attempt " + Printer.time(step.nextAttemptAt())
          + (step.error() == null ? "" : ": " + step.error());
    }
    return step.error();
  }

  private static Position wait(RunExport.Checkpoint c) {
    boolean ended = c.status() == StepState.COMPLETED || c.status() == StepState.FAILED;
    String status = ended ? c.status().name() : WAITING;
    String limit = c.wakeAt().map(at -> "until " + Printer.time(at)).orElse("without limit");
    String error = c.error().map(e -> e.code() + ": " + e.message()).orElse(null);
    return switch (c.kind()) {
      case "SLEEP" -> position(c, "sleep", status, "until " + Printer.time(c.wakeAt()));
      case "SIGNAL" -> position(c, "signal", status,
          ended ? "took " + c.output().map(Printer::oneLine).orElse("null") : limit);
      case "CHILD" -> position(c, "child start", status, "run " + text(c.output()));
      case "AWAIT" -> position(c, "child await", status, "run " + text(c.input())
          + (error != null ? ", " + error : ended ? "" : ", " + limit));
      // a recorded value (ctx.now() and the like), or an event or stream write: its key
      case "VALUE" -> position(c, "value", status, c.output().map(Printer::oneLine)
          .or(() -> c.input().map(key -> "key " + Printer.oneLine(key))).orElse(null));
      default -> position(c, c.kind().toLowerCase(Locale.ROOT), status, error);
    };
  }

  private static Position position(
      RunExport.Checkpoint checkpoint, String kind, String status, String detail) {
    return new Position(checkpoint.position(), kind, checkpoint.name(), status, null, detail);
  }

  /** A stored JSON string as its text (a child run's id); other JSON as it is. */
  private static String text(Optional<String> json) {
    JsonNode node = Printer.stored(json.orElse(null));
    return node == null ? "-" : node.isTextual() ? node.asText() : node.toString();
  }
}
