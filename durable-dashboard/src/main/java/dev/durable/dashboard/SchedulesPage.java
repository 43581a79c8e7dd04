package dev.durable.dashboard;

import static dev.durable.dashboard.Html.html;

import dev.durable.dashboard.Html.Safe;
import dev.durable.runtime.ScheduleInfo;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** The schedules ({@code /schedules}), each with its next fire times. */
final class SchedulesPage {
  private SchedulesPage() {}

  static Safe render(List<ScheduleInfo> schedules) {
    if (schedules.isEmpty()) {
      return html("<section id=\"schedules\" data-live><p class=\"empty\">No schedule.</p></section>");
    }
    List<Safe> rows = new ArrayList<>();
    for (ScheduleInfo s : schedules) {
      List<Safe> times = new ArrayList<>();
      for (Instant at : s.nextFireTimes()) {
        times.add(html("<li>{}</li>", Format.time(at)));
      }
      rows.add(html(
          "<tr><td>{}</td><td>{}</td><td><code>{}</code></td><td>{}</td><td>{}</td><td><ol class=\"fire-times\">{}</ol></td></tr>",
          s.workflowName(), s.workflowVersion(), s.cron(), s.zone().getId(), s.catchUp().name(),
          Html.join(times)));
    }
    return html("""
        <section id="schedules" data-live>
        <table><thead><tr><th>workflow</th><th>version</th><th>cron</th><th>zone</th><th>catch-up</th><th>next fire times (UTC)</th></tr></thead>
        <tbody>{}</tbody></table></section>""", Html.join(rows));
  }
}
