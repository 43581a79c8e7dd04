package dev.durable.dashboard;

import static dev.durable.dashboard.Html.html;

import dev.durable.dashboard.Html.Safe;
import dev.durable.runtime.CompensationInfo;
import dev.durable.runtime.HistoryEvent;
import dev.durable.runtime.RunInfo;
import dev.durable.runtime.RunState;
import dev.durable.runtime.RunStatus;
import dev.durable.runtime.StepInfo;
import dev.durable.runtime.TaskInfo;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Locale;

/**
 * A run's page ({@code /runs/<id>}): what it is and where, its error, the actions an operator may
 * take on it, its input and output, its steps with their attempts, its compensations, children,
 * dispatched tasks, signals and the event log.
 */
final class RunPage {
  private RunPage() {}

  /** What a run's page shows; {@code positions}: its steps and waits, in order. */
  record Data(RunStatus status, List<Positions.Position> positions, List<HistoryEvent> history,
      List<TaskInfo> tasks, Instant now) {}

  static Safe render(Data data, Viewer viewer) {
    RunInfo run = data.status().run();
    return html("{}{}{}{}{}{}{}{}{}{}{}",
        summary(run), actions(run, viewer), signalForm(run, viewer), forkForm(data, viewer),
        payloads(data.status()),
        steps(data), compensations(data.status().compensations()), tasks(data),
        children(data.status()), signals(data.history()), history(data.history()));
  }

  private static Safe summary(RunInfo run) {
    List<Safe> rows = new ArrayList<>();
    rows.add(row("run id", html("<span id=\"run-id\">{}</span>", run.id())));
    rows.add(row("workflow", html("<a href=\"{}\">{}</a> <span class=\"muted\">version {}</span>"
        + " · <a id=\"run-graph-link\" href=\"{}\">graph</a>",
        GraphPages.workflowPath(run.workflowName()), run.workflowName(), run.workflowVersion(),
        GraphPages.runGraphPath(run.id()))));
    rows.add(row("status", html("<span id=\"run-status\">{}</span>", RunsPage.status(run.status()))));
    rows.add(row("started", html("{}", Format.time(run.createdAt()))));
    rows.add(row("updated", html("{}", Format.time(run.updatedAt()))));
    if (run.status() == RunState.SLEEPING && run.wakeAt() != null) {
      rows.add(row("wakes at", html("{}", Format.time(run.wakeAt()))));
    }
    if (run.status() == RunState.ENQUEUED && run.wakeAt() != null) {
      rows.add(row("not admitted before", html("{}", Format.time(run.wakeAt()))));
    }
    run.queue().ifPresent(queue -> rows.add(row("queue", html(
        "<a href=\"{}\">{}</a> <span class=\"muted\">priority {}{}</span>",
        Html.withQuery("/", Map.of("queue", queue)), queue, run.priority(),
        run.partitionKey().map(key -> ", partition key " + key).orElse("")))));
    run.owner().ifPresent(owner -> rows.add(row("engine", html("{}", owner))));
    run.scheduledAt().ifPresent(at -> rows.add(row("fire time", html("{}", Format.time(at)))));
    run.parentId().ifPresent(parent -> rows.add(row("parent run", Html.runLink(parent))));
    if (!run.attributes().isEmpty()) {
      rows.add(row("attributes", html("<span id=\"run-attributes\">{}</span>",
          RunsPage.attributes(run.attributes()))));
    }
    rows.add(row("generation", html("<span id=\"run-generation\">{}</span>", run.generation())));
    run.forkedFrom().ifPresent(fork -> rows.add(row("forked from", html(
        "<span id=\"run-forked-from\">{} at position {}</span>", Html.runLink(fork.runId()),
        fork.position()))));
    Safe error = run.error()
        .map(e -> html("""
            <div class="run-error" id="run-error"><p><span class="code">{}</span> {}{}</p>
            <pre>{}</pre></div>""",
            e.code(), Format.errorType(e),
            e.step().map(step -> html(" in step <b>{}</b>", step)).orElse(Safe.EMPTY),
            e.message()))
        .orElse(Safe.EMPTY);
    return html("<section id=\"summary\" data-live><dl class=\"facts\">{}</dl>{}</section>",
        Html.join(rows), error);
  }

  private static Safe row(String label, Safe value) {
    return html("<dt>{}</dt><dd>{}</dd>", label, value);
  }

  private static Safe actions(RunInfo run, Viewer viewer) {
    if (!viewer.canAct()) {
      return viewer.actionsEnabled()
          ? new Safe("<p class=\"muted\"><a href=\"/login\">Log in</a> to requeue, cancel,"
              + " redispatch, signal or fork this run.</p>")
          : Safe.EMPTY;
    }
    String base = Html.runPath(run.id());
    List<Safe> forms = new ArrayList<>();
    if (run.status() == RunState.FAILED) {
      forms.add(viewer.actionForm(base + "/requeue", "Requeue", null, Safe.EMPTY));
    }
    if (!run.status().isTerminal()) {
      forms.add(viewer.actionForm(base + "/redispatch", "Redispatch stuck tasks",
          "Give up this run's queued and unanswered tasks and queue them again?", Safe.EMPTY));
      forms.add(viewer.actionForm(base + "/cancel", "Cancel", "Cancel run " + run.id() + "?",
          Safe.EMPTY));
    }
    return html("<section id=\"actions\" class=\"actions\" data-live>{}</section>",
        Html.join(forms));
  }

  private static Safe signalForm(RunInfo run, Viewer viewer) {
    if (!viewer.canAct() || run.status().isTerminal()) {
      return Safe.EMPTY;
    }
    return html("""
        <details class="signal"><summary>Send a signal</summary>
        {}</details>""",
        viewer.actionForm(Html.runPath(run.id()) + "/signal", "Send signal", null, new Safe("""
            <label>name <input name="name" id="signal-name" required></label>
            <label>value (JSON) <textarea name="json" id="signal-json" rows="3" cols="50">null</textarea></label>
            """)));
  }

  private static Safe payloads(RunStatus status) {
    return html("""
        <section id="payloads" data-live><h2>Input and output</h2>
        <div class="payloads"><div><h3>input</h3><pre class="json">{}</pre></div>
        <div><h3>output</h3><pre class="json">{}</pre></div></div></section>""",
        Format.json(status.input()), Format.json(status.output()));
  }

  private static Safe steps(Data data) {
    if (data.positions().isEmpty()) {
      return html("<section id=\"steps\" data-live><h2>Steps and waits</h2>"
          + "<p class=\"empty\">No step has run yet.</p></section>");
    }
    List<Safe> rows = new ArrayList<>();
    for (Positions.Position position : data.positions()) {
      rows.add(position instanceof Positions.Step step
          ? step(step.step(), data)
          : other((Positions.Other) position));
    }
    return html("""
        <section id="steps" data-live><h2>Steps and waits</h2>
        <table class="steps"><thead><tr><th>#</th><th>step or wait</th><th>status</th><th>attempts</th><th>next attempt</th><th>error or detail</th></tr></thead>
        <tbody>{}</tbody></table></section>""", Html.join(rows));
  }

  private static Safe step(StepInfo step, Data data) {
    List<Safe> events = new ArrayList<>();
    for (HistoryEvent event : data.history()) {
      if (event.step().filter(step.name()::equals).isPresent()
          && event.type().startsWith("step.")) {
        events.add(html("<li><span class=\"time\">{}</span> {} attempt {} <span>{}</span></li>",
            Format.time(event.at()), event.type(), event.attempt(), event.detail()));
      }
    }
    Safe next = step.nextAttemptAt() == null
        ? Safe.EMPTY
        : html("{} ({})", Format.time(step.nextAttemptAt()),
            Format.age(step.nextAttemptAt(), data.now()));
    return html("""
        <tr class="step"><td>{}</td><td class="step-name">{}</td><td>{}</td><td>{}</td><td>{}</td><td class="step-error">{}</td></tr>
        <tr class="step-detail"><td></td><td colspan="5"><details><summary>attempts, input and output</summary>
        <ol class="timeline">{}</ol>
        <div class="payloads"><div><h3>input</h3><pre class="json">{}</pre></div><div><h3>output</h3><pre class="json">{}</pre></div></div>
        </details></td></tr>""",
        step.position(), step.name(), stepStatus(step), step.attempts(), next,
        step.error() == null ? Safe.EMPTY : html("<pre>{}</pre>", step.error()),
        Html.join(events), Format.json(step.input()), Format.json(step.output()));
  }

  /** A wait, a child run's start or a recorded value, at its position. */
  private static Safe other(Positions.Other other) {
    Safe child = other.childRunId()
        .map(id -> html("run {} ", Html.runLink(id)))
        .orElse(Safe.EMPTY);
    return html("""
        <tr class="wait" data-kind="{}"><td>{}</td><td class="wait-name">{} <b>{}</b></td><td><span class="status {}">{}</span></td><td></td><td></td><td class="wait-detail">{}{}</td></tr>""",
        other.kind(), other.position(), other.kind(), other.name(),
        other.status().toLowerCase(Locale.ROOT), other.status(), child, other.detail());
  }

  private static Safe stepStatus(StepInfo step) {
    return html("<span class=\"status {}\">{}</span>", step.status().name().toLowerCase(Locale.ROOT),
        step.status().name());
  }

  private static Safe compensations(List<CompensationInfo> compensations) {
    if (compensations.isEmpty()) {
      return Safe.EMPTY;
    }
    List<Safe> rows = new ArrayList<>();
    for (CompensationInfo c : compensations) {
      rows.add(html("<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>", c.position(),
          c.step(), c.compensation(), c.status().name()));
    }
    return html("""
        <section id="compensations" data-live><h2>Compensations</h2>
        <table><thead><tr><th>#</th><th>step undone</th><th>by</th><th>status</th></tr></thead>
        <tbody>{}</tbody></table></section>""", Html.join(rows));
  }

  private static Safe tasks(Data data) {
    if (data.tasks().isEmpty()) {
      return Safe.EMPTY;
    }
    return html("<section id=\"tasks\" data-live><h2>Dispatched tasks</h2>{}</section>",
        TasksTable.render(data.tasks(), data.now(), false, null));
  }

  private static Safe children(RunStatus status) {
    if (status.children().isEmpty()) {
      return Safe.EMPTY;
    }
    List<Safe> rows = new ArrayList<>();
    for (RunInfo child : status.children()) {
      rows.add(html("<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
          Html.runLink(child.id()), child.workflowName(), RunsPage.status(child.status()),
          Format.time(child.createdAt())));
    }
    return html("""
        <section id="children" data-live><h2>Child runs</h2>
        <table><thead><tr><th>run</th><th>workflow</th><th>status</th><th>started</th></tr></thead>
        <tbody>{}</tbody></table></section>""", Html.join(rows));
  }

  private static Safe signals(List<HistoryEvent> history) {
    List<Safe> rows = new ArrayList<>();
    for (HistoryEvent event : history) {
      if (event.type().startsWith("signal.")) {
        rows.add(eventRow(event));
      }
    }
    if (rows.isEmpty()) {
      return Safe.EMPTY;
    }
    return html("""
        <section id="signals" data-live><h2>Signals</h2>
        <table class="events"><thead><tr><th>at</th><th>event</th><th>step</th><th>attempt</th><th>detail</th></tr></thead>
        <tbody>{}</tbody></table></section>""", Html.join(rows));
  }

  private static Safe history(List<HistoryEvent> history) {
    List<Safe> rows = new ArrayList<>();
    for (HistoryEvent event : history) {
      rows.add(eventRow(event));
    }
    return html("""
        <section id="history" data-live><h2>Events</h2>
        <table class="events"><thead><tr><th>at</th><th>event</th><th>step</th><th>attempt</th><th>detail</th></tr></thead>
        <tbody>{}</tbody></table></section>""", Html.join(rows));
  }

  private static Safe eventRow(HistoryEvent event) {
    return html("<tr><td class=\"time\">{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
        Format.time(event.at()), event.type(), event.step().orElse(""),
        event.attempt() == 0 ? "" : Integer.toString(event.attempt()), event.detail());
  }

  /**
   * Forks the run: a new run whose positions before the one given replay this run's results, and
   * whose later ones run with the code deployed now; from 0 to the positions recorded.
   */
  private static Safe forkForm(Data data, Viewer viewer) {
    if (!viewer.canAct()) {
      return Safe.EMPTY;
    }
    RunInfo run = data.status().run();
    return html("""
        <details class="fork"><summary>Fork</summary>
        {}</details>""",
        viewer.actionForm(Html.runPath(run.id()) + "/fork", "Fork", null, html("""
            <label>from position <input name="position" id="fork-position" type="number" min="0" value="{}" required></label>
            """, data.positions().size())));
  }
}
