package dev.durable.test;

import dev.durable.runtime.HistoryEvent;
import java.util.List;
import java.util.stream.Collectors;
import org.opentest4j.AssertionFailedError;

/**
 * A run's event log as {@link DurableTestEnv#history(String)} read it, with assertions that print
 * the whole log when they fail.
 *
 * <p>An expected event is written as its type, {@code "run.completed"}, or as its type and step,
 * {@code "step.retrying charge"}: the first matches every event of that type, the second only those
 * of that step. The types are those {@link HistoryEvent#type()} lists.
 *
 * <pre>{@code
 * env.history(run.id())
 *     .containsInOrder("step.retrying charge", "step.completed charge", "run.completed")
 *     .doesNotContain("step.failed");
 * assertEquals(2, env.history(run.id()).count("step.retrying"));
 * }</pre>
 */
public final class RunHistory {
  private final String runId;
  private final List<HistoryEvent> events;

  RunHistory(String runId, List<HistoryEvent> events) {
    this.runId = runId;
    this.events = List.copyOf(events);
  }

  /** The events, oldest first. */
  public List<HistoryEvent> events() {
    return events;
  }

  /** The events' types, oldest first. */
  public List<String> types() {
    return events.stream().map(HistoryEvent::type).toList();
  }

  /** The events that {@code expected} matches, oldest first. */
  public List<HistoryEvent> events(String expected) {
    Expected match = Expected.parse(expected);
    return events.stream().filter(match::matches).toList();
  }

  /** How many events {@code expected} matches. */
  public int count(String expected) {
    return events(expected).size();
  }

  /**
   * The first event {@code expected} matches, to assert on its detail or attempt.
   *
   * @throws AssertionFailedError if none does
   */
  public HistoryEvent first(String expected) {
    List<HistoryEvent> matching = events(expected);
    if (matching.isEmpty()) {
      throw failure("has no event '" + expected + "'");
    }
    return matching.get(0);
  }

  /**
   * Asserts that the log has events matching {@code expected} in this order, other events allowed
   * before, between and after them.
   *
   * @throws AssertionFailedError naming the first expected event not found, and listing the log
   */
  public RunHistory containsInOrder(String... expected) {
    int next = 0;
    for (int i = 0; i < expected.length; i++) {
      Expected match = Expected.parse(expected[i]);
      while (next < events.size() && !match.matches(events.get(next))) {
        next++;
      }
      if (next == events.size()) {
        throw failure("has no event '" + expected[i] + "'"
            + (i == 0 ? "" : " after '" + expected[i - 1] + "'"));
      }
      next++;
    }
    return this;
  }

  /**
   * Asserts that no event matches {@code unexpected}.
   *
   * @throws AssertionFailedError listing the log
   */
  public RunHistory doesNotContain(String unexpected) {
    if (count(unexpected) > 0) {
      throw failure("has an event '" + unexpected + "', expected none");
    }
    return this;
  }

  /** The log, one event a line: type, step, attempt and detail. */
  @Override
  public String toString() {
    return events.stream().map(RunHistory::line).collect(Collectors.joining("\n"));
  }

  private AssertionFailedError failure(String what) {
    return new AssertionFailedError("the history of run " + runId + " " + what + "; it was:\n"
        + (events.isEmpty() ? "  (no events: is the run id right?)" : toString().indent(2)));
  }

  private static String line(HistoryEvent event) {
    StringBuilder line = new StringBuilder(event.type());
    event.step().ifPresent(step -> line.append(' ').append(step));
    if (event.attempt() > 0) {
      line.append(" #").append(event.attempt());
    }
    if (event.detail() != null && !event.detail().isEmpty()) {
      line.append(": ").append(event.detail());
    }
    return line.toString();
  }

  /** An expected event: a type, and a step when one was named. */
  private record Expected(String type, String step) {
    static Expected parse(String expected) {
      String trimmed = expected.strip();
      int space = trimmed.indexOf(' ');
      if (trimmed.isEmpty() || (space >= 0 && trimmed.indexOf(' ', space + 1) >= 0)) {
        throw new IllegalArgumentException("an expected event is a type, or a type and a step"
            + " (\"step.completed\", \"step.completed charge\"), but was '" + expected + "'");
      }
      return space < 0
          ? new Expected(trimmed, null)
          : new Expected(trimmed.substring(0, space), trimmed.substring(space + 1));
    }

    boolean matches(HistoryEvent event) {
      return event.type().equals(type)
          && (step == null || event.step().filter(step::equals).isPresent());
    }
  }
}
