package dev.durable.dashboard;

import static dev.durable.dashboard.Html.html;

import dev.durable.dashboard.Html.Safe;
import dev.durable.runtime.Queue;
import dev.durable.runtime.QueueInfo;
import dev.durable.runtime.RunState;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The queues of runs ({@code /queues}): each queue declared or started through, with its runs
 * waiting (a link to them), its runs admitted and not ended, since when the oldest waits, and its
 * limits as stored.
 */
final class QueuesPage {
  private QueuesPage() {}

  static Safe render(List<QueueInfo> queues, Instant now) {
    if (queues.isEmpty()) {
      return html("<section id=\"run-queues\" data-live><p class=\"empty\">No queue is declared"
          + " and no run was started through one.</p></section>");
    }
    List<Safe> rows = new ArrayList<>();
    for (QueueInfo q : queues) {
      rows.add(html("<tr class=\"run-queue\"><td><a href=\"{}\">{}</a></td>"
              + "<td class=\"depth\"><a href=\"{}\">{}</a></td><td class=\"running\">{}</td>"
              + "<td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
          Html.withQuery("/", Map.of("queue", q.name())), q.name(),
          Html.withQuery("/", waiting(q.name())),
          q.depth(), q.running(), TasksTable.when(q.oldestWaitingAt(), now),
          limit(q.declaration().map(Queue::concurrency)),
          limit(q.declaration().map(Queue::perEngine)),
          q.declaration().flatMap(d -> d.ratePeriod().map(p -> d.ratePermits() + " per "
              + period(p))).orElse("-"),
          q.declaration().isPresent() ? q.declaredBy().orElse("-") : "not declared"));
    }
    return html("""
        <section id="run-queues" data-live>
        <table class="run-queues"><thead><tr><th>queue</th><th>waiting</th><th>running</th><th>oldest waiting</th><th>concurrency</th><th>per engine</th><th>rate limit</th><th>declared by</th></tr></thead>
        <tbody>{}</tbody></table>
        <p class="muted">Limits as the engine that last declared the queue stored them; '-' is no limit. A queue no engine declares has its runs wait until one does.</p></section>""",
        Html.join(rows));
  }

  /** The list of a queue's runs that wait, its parameters in the form's order. */
  private static Map<String, String> waiting(String queue) {
    Map<String, String> parameters = new LinkedHashMap<>();
    parameters.put("status", RunState.ENQUEUED.name());
    parameters.put("queue", queue);
    return parameters;
  }

  private static String limit(Optional<Integer> limit) {
    return limit.filter(n -> n > 0).map(String::valueOf).orElse("-");
  }

  private static String period(Duration period) {
    return period.getNano() == 0 ? period.toSeconds() + " s" : period.toMillis() + " ms";
  }
}
