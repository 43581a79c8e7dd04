package dev.durable.dashboard;

import static dev.durable.dashboard.Html.html;

import dev.durable.dashboard.Html.Safe;
import dev.durable.runtime.TaskInfo;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The lost-dispatch view ({@code /lost}): open tasks with no sign of life (claim, heartbeat, or
 * queueing when unclaimed) for at least the silence asked for, oldest first, each with a button
 * that redispatches its run's stuck tasks.
 */
final class LostPage {
  private LostPage() {}

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

  static Safe render(String silenceText, Duration silence, List<TaskInfo> tasks, Instant now,
      Viewer viewer, List<String> problems) {
    Safe table;
    if (silence == null) {
      table = Safe.EMPTY;
    } else if (tasks.isEmpty()) {
      table = html("<p class=\"empty\">No open task has been silent for {} or longer.</p>",
          Format.span(silence));
    } else {
      table = TasksTable.render(tasks, now, true, viewer.canAct()
          ? t -> viewer.actionForm(Html.runPath(t.runId()) + "/redispatch", "Redispatch run",
              "Give up run " + t.runId() + "'s stuck tasks and queue them again?",
              html("<input type=\"hidden\" name=\"back\" value=\"{}\">",
                  Html.withQuery("/lost", Map.of("silence", silenceText))))
          : null);
    }
    return html("""
        <form class="filters" method="get" action="/lost">
        <label>silent for at least <input name="silence" id="silence" value="{}" size="8"></label>
        <button type="submit">Show</button>
        </form>
        {}<section id="lost" data-live>{}</section>
        <p class="muted">A task is silent while it waits unclaimed, or while the worker that claimed it sends no heartbeat. Redispatching gives up the run's queued and unanswered tasks, so their workers can no longer answer, and queues each again as a new delivery of the same attempt.</p>""",
        silenceText, RunsPage.problemList(problems), table);
  }
}
