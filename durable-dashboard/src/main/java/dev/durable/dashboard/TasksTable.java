package dev.durable.dashboard;

import static dev.durable.dashboard.Html.html;

import dev.durable.dashboard.Html.Safe;
import dev.durable.runtime.TaskInfo;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

/** A table of dispatched tasks, on a run's page and in the lost-dispatch view. */
final class TasksTable {
  private TasksTable() {}

  /**
   * The tasks' table; {@code withRun} adds a column linking each task's run, and {@code
   * lastColumn}, when not null, adds one more cell per task (an action).
   */
  static Safe render(List<TaskInfo> tasks, Instant now, boolean withRun,
      Function<TaskInfo, Safe> lastColumn) {
    List<Safe> rows = new ArrayList<>();
    for (TaskInfo t : tasks) {
      rows.add(html(
          "<tr class=\"task\">{}<td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td>"
              + "<td>{}</td><td>{}</td><td>{}</td><td class=\"task-id\">{}</td>{}</tr>",
          withRun ? html("<td>{}</td>", Html.runLink(t.runId())) : Safe.EMPTY,
          t.step(), t.attempt(),
          html("<span class=\"status {}\">{}</span>", t.status().name().toLowerCase(Locale.ROOT),
              t.status().name()),
          t.workerId().orElse(""),
          when(Optional.of(t.createdAt()), now), when(t.claimedAt(), now),
          when(t.heartbeatAt(), now), when(t.finishedAt(), now),
          t.error().map(e -> html("<pre>{}</pre>", e)).orElse(Safe.EMPTY), t.taskId(),
          lastColumn == null ? Safe.EMPTY : html("<td>{}</td>", lastColumn.apply(t))));
    }
    return html("""
        <table class="tasks"><thead><tr>{}<th>step</th><th>attempt</th><th>status</th><th>worker</th><th>queued</th><th>claimed</th><th>heartbeat</th><th>finished</th><th>error</th><th>task</th>{}</tr></thead>
        <tbody>{}</tbody></table>""",
        withRun ? new Safe("<th>run</th>") : Safe.EMPTY,
        lastColumn == null ? Safe.EMPTY : new Safe("<th></th>"), Html.join(rows));
  }

  /** A time, and under it how long ago it was; empty when there is none. */
  static Safe when(Optional<Instant> at, Instant now) {
    return at.map(a -> html("<span class=\"time\">{}</span><br><span class=\"muted\">{}</span>",
        Format.time(a), Format.age(a, now))).orElse(Safe.EMPTY);
  }
}
