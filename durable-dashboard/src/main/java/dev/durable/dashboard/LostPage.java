package dev.durable.dashboard;

import dev.durable.runtime.TaskInfo;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The lost-dispatch view ({@code /lost}, {@code lost.jte}): open tasks with no sign of life (claim, heartbeat, or
 * queueing when unclaimed) for at least the silence asked for, oldest first, each with a button
 * that redispatches its run's stuck tasks.
 *
 * @param silenceText the silence as typed, shown again in the form
 * @param silence the silence read from it; null if it could not be read
 */
record LostPage(String silenceText, Duration silence, List<TaskInfo> tasks, Instant now,
    Viewer viewer, List<String> problems) {

  /** The silence shown when none is asked for. */
  static final String DEFAULT_SILENCE = "5m";

  /**
   * A silence as typed: {@code 90s}, {@code 5m}, {@code 2h}, {@code 1d}, or ISO-8601 ({@code
   * PT5M}); null, after telling {@code problems}, if it cannot be read.
   */
  static Duration silence(String text, Consumer<String> problems) {
    String t = text.trim().toLowerCase(Locale.ROOT);
    try {
      if (t.startsWith("p")) {
        Duration d = Duration.parse(t.toUpperCase(Locale.ROOT));
        if (!d.isNegative()) {
          return d;
        }
      } else if (t.length() > 1) {
        long n = Long.parseLong(t.substring(0, t.length() - 1));
        Duration d = switch (t.charAt(t.length() - 1)) {
          case 's' -> Duration.ofSeconds(n);
          case 'm' -> Duration.ofMinutes(n);
          case 'h' -> Duration.ofHours(n);
          case 'd' -> Duration.ofDays(n);
          default -> null;
        };
        if (d != null && !d.isNegative()) {
          return d;
        }
      }
    } catch (NumberFormatException | DateTimeParseException | ArithmeticException e) {
      // described below
    }
    problems.accept("silence must be a duration such as 90s, 5m, 2h or PT5M, not '" + text + "'");
    return null;
  }

  /** The table of the silent tasks, each with a redispatch button back to this view. */
  TasksTable table() {
    return new TasksTable(tasks, now, true, viewer,
        Links.withQuery("/lost", Map.of("silence", silenceText)));
  }
}
