package dev.durable.dashboard;

import static dev.durable.dashboard.Html.html;

import dev.durable.dashboard.Html.Safe;
import dev.durable.runtime.StoredSchedule;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The schedules stored in the database ({@code /schedules}), whichever engines registered them,
 * each with its next fire times and a link to the runs it started.
 */
final class SchedulesPage {
  private SchedulesPage() {}

  static Safe render(List<StoredSchedule> schedules) {
    if (schedules.isEmpty()) {
      return html("<section id=\"schedules\" data-live><p class=\"empty\">No schedule is stored:"
          + " engines store their workflows' @Schedules as they poll.</p></section>");
    }
    List<Safe> rows = new ArrayList<>();
    for (StoredSchedule s : schedules) {
      List<Safe> times = new ArrayList<>();
      for (Instant at : s.nextFireTimes()) {
        times.add(html("<li>{}</li>", Format.time(at)));
      }
      rows.add(html("<tr class=\"schedule\"><td><a href=\"{}\">{}</a></td><td><code>{}</code></td>"
              + "<td>{}</td><td>{}</td><td><ol class=\"fire-times\">{}</ol></td></tr>",
          Html.withQuery("/", Map.of("workflow", s.workflowName())), s.workflowName(), s.cron(),
          s.zone().getId(), Format.time(s.handledUntil()), Html.join(times)));
    }
    return html("""
        <section id="schedules" data-live>
        <table class="schedules"><thead><tr><th>workflow</th><th>cron</th><th>zone</th><th>fired up to</th><th>next fire times (UTC)</th></tr></thead>
        <tbody>{}</tbody></table></section>""", Html.join(rows));
  }
}
