package dev.durable.dashboard;

import static dev.durable.dashboard.Html.html;

import dev.durable.dashboard.Html.Safe;
import dev.durable.runtime.TaskQueueInfo;
import dev.durable.runtime.WorkerInfo;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The workers and their queues ({@code /workers}): each worker that holds a task or finished one
 * within the last hour, and per step served by workers, its queued and running tasks.
 */
final class WorkersPage {
  private WorkersPage() {}

  static Safe render(List<WorkerInfo> workers, List<TaskQueueInfo> queues, Instant now) {
    List<Safe> workerRows = new ArrayList<>();
    for (WorkerInfo w : workers) {
      workerRows.add(html("<tr class=\"worker\"><td>{}</td><td>{}</td><td>{}</td></tr>",
          w.workerId(), w.running(), TasksTable.when(Optional.of(w.lastSeenAt()), now)));
    }
    List<Safe> queueRows = new ArrayList<>();
    for (TaskQueueInfo q : queues) {
      queueRows.add(html("<tr class=\"queue\"><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
          q.step(), q.queued(), q.running(), TasksTable.when(q.oldestQueuedAt(), now)));
    }
    Safe workerTable = workers.isEmpty()
        ? html("<p class=\"empty\">No worker holds a task or finished one in the last hour.</p>")
        : html("""
            <table class="workers"><thead><tr><th>worker</th><th>tasks running</th><th>last seen</th></tr></thead>
            <tbody>{}</tbody></table>""", Html.join(workerRows));
    Safe queueTable = queues.isEmpty()
        ? html("<p class=\"empty\">No task is queued or running.</p>")
        : html("""
            <table class="queues"><thead><tr><th>step</th><th>queued</th><th>running</th><th>oldest queued</th></tr></thead>
            <tbody>{}</tbody></table>""", Html.join(queueRows));
    return html("""
        <section id="workers" data-live><h2>Workers</h2>{}</section>
        <section id="queues" data-live><h2>Queues</h2>{}
        <p class="muted">Tasks that have shown no sign of life for a while are in the <a href="/lost">lost-dispatch view</a>.</p></section>""",
        workerTable, queueTable);
  }
}
