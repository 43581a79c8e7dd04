package dev.durable.dashboard;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.durable.runtime.RunExport;
import dev.durable.runtime.RunStatus;
import dev.durable.runtime.StepInfo;
import dev.durable.runtime.StepState;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.TreeMap;

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

  private static final ObjectMapper JSON = new ObjectMapper();

  /** A position: a step, or another kind of checkpoint described. */
  interface Position {
    int position();
  }

  /** A step, as the status API shows it. */
  record Step(StepInfo step, boolean remote) implements Position {
    @Override
    public int position() {
      return step.position();
    }
  }

  /**
   * A position that is not a step.
   *
   * @param kind {@code sleep}, {@code signal}, {@code child start}, {@code child await} or
   *     {@code value}
   * @param status its {@link StepState}'s name, or {@value #WAITING} for a wait not ended
   * @param detail when it ends, the child run it names, the value it recorded; "" if nothing
   * @param childRunId the child run it started or awaits, if it names one
   */
  record Other(int position, String kind, String name, String status, String detail,
      Optional<String> childRunId) implements Position {}

  static List<Position> of(RunStatus status, List<RunExport.Checkpoint> checkpoints) {
    TreeMap<Integer, Position> positions = new TreeMap<>();
    List<Integer> remote = new ArrayList<>();
    for (RunExport.Checkpoint checkpoint : checkpoints) {
      switch (checkpoint.kind()) {
        case "STEP" -> { }
        case "REMOTE" -> remote.add(checkpoint.position());
        default -> positions.put(checkpoint.position(), other(checkpoint));
      }
    }
    for (StepInfo step : status.steps()) {
      positions.put(step.position(), new Step(step, remote.contains(step.position())));
    }
    List<Position> ordered = new ArrayList<>(positions.values());
    ordered.sort(Comparator.comparingInt(Position::position));
    return ordered;
  }

  private static Other other(RunExport.Checkpoint c) {
    boolean ended = c.status() == StepState.COMPLETED || c.status() == StepState.FAILED;
    String status = ended ? c.status().name() : WAITING;
    String limit = c.wakeAt().map(at -> "until " + Format.time(at)).orElse("without limit");
    String error = c.error().map(e -> e.code() + ": " + e.message()).orElse(null);
    return switch (c.kind()) {
      case "SLEEP" -> new Other(c.position(), "sleep", c.name(), status,
          c.wakeAt().map(at -> "until " + Format.time(at)).orElse(""), Optional.empty());
      case "SIGNAL" -> new Other(c.position(), "signal", c.name(), status,
          ended ? "took " + c.output().orElse("null") : limit, Optional.empty());
      case "CHILD" -> new Other(c.position(), "child start", c.name(), status, "",
          text(c.output()));
      case "AWAIT" -> new Other(c.position(), "child await", c.name(), status,
          error != null ? error : ended ? "" : limit, text(c.input()));
      // a recorded value (ctx.now() and the like), or an event or stream write: its key
      case "VALUE" -> new Other(c.position(), "value", c.name(), status,
          c.output().or(() -> c.input().map(key -> "key " + key)).orElse(""), Optional.empty());
      default -> new Other(c.position(), c.kind().toLowerCase(Locale.ROOT), c.name(), status,
          error == null ? "" : error, Optional.empty());
    };
  }

  /** A stored JSON string as its text (a child run's id). */
  private static Optional<String> text(Optional<String> json) {
    return json.map(stored -> {
      try {
        JsonNode node = JSON.readTree(stored);
        return node.isTextual() ? node.asText() : stored;
      } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
        return stored;
      }
    });
  }
}
