package dev.durable.dashboard;

import dev.durable.runtime.StoredText;
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
   * The longest silence asked for: a hundred years, which every open task has been silent for
   * less than, and which keeps the instant it is counted back from within every store's range.
   */
  static final Duration MAX_SILENCE = Duration.ofDays(36_500);

  /**
   * A silence as typed: {@code 90s}, {@code 5m}, {@code 2h}, {@code 1d}, or ISO-8601 ({@code
   * PT5M}), from 0 to {@link #MAX_SILENCE}; null, after telling {@code problems}, if it cannot be
   * read or is out of that range.
   */
  static Duration silence(String text, Consumer<String> problems) {
    Duration d = read(text.trim().toLowerCase(Locale.ROOT));
    if (d == null || d.isNegative() || d.compareTo(MAX_SILENCE) > 0) {
      problems.accept("silence must be a duration such as 90s, 5m, 2h or PT5M, from 0s to "
          + MAX_SILENCE.toDays() + "d (a hundred years), not '" + StoredText.echo(text) + "'");
      return null;
    }
    return d;
  }

  /** The duration {@code t} writes, of any length or sign; null if it writes none. */
  private static Duration read(String t) {
    try {
      if (t.startsWith("p")) {
        return Duration.parse(t.toUpperCase(Locale.ROOT));
      }
      if (t.length() > 1) {
        long n = Long.parseLong(t.substring(0, t.length() - 1));
        return switch (t.charAt(t.length() - 1)) {
          case 's' -> Duration.ofSeconds(n);
          case 'm' -> Duration.ofMinutes(n);
          case 'h' -> Duration.ofHours(n);
          case 'd' -> Duration.ofDays(n);
          default -> null;
        };
      }
    } catch (NumberFormatException | DateTimeParseException | ArithmeticException e) {
      // writes no duration
    }
    return null;
  }

  /** The table of the silent tasks, each with a redispatch button back to this view. */
  TasksTable table() {
    return new TasksTable(tasks, now, true, viewer,
        Links.withQuery("/lost", Map.of("silence", silenceText)));
  }
}
