package dev.durable.dashboard;

import static dev.durable.dashboard.Html.html;

import dev.durable.dashboard.Html.Safe;
import dev.durable.runtime.RunInfo;
import dev.durable.runtime.RunState;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The runs list ({@code /}): the filter form, a page of runs newest first, the next page link. */
final class RunsPage {
  private RunsPage() {}

  /** How much of a failed run's error message the list shows. */
  static final int ERROR_CHARS = 160;

  /**
   * The page's content.
   *
   * @param runs the runs of this page
   * @param hasNext whether more runs follow this page
   * @param problems what could not be read in the query
   */
  static Safe render(RunsQuery query, List<RunInfo> runs, boolean hasNext, List<String> problems) {
    return html("{}{}{}", form(query), problemList(problems), results(query, runs, hasNext));
  }

  static Safe problemList(List<String> problems) {
    if (problems.isEmpty()) {
      return Safe.EMPTY;
    }
    List<Safe> items = new ArrayList<>();
    for (String problem : problems) {
      items.add(html("<li>{}</li>", problem));
    }
    return html("<ul class=\"problems\" role=\"alert\">{}</ul>", Html.join(items));
  }

  private static Safe form(RunsQuery q) {
    List<Safe> statuses = new ArrayList<>();
    statuses.add(html("<option value=\"\">any</option>"));
    for (RunState state : RunState.values()) {
      statuses.add(html("<option value=\"{}\"{}>{}</option>", state.name(),
          selected(state.name().equalsIgnoreCase(q.status())), state.name()));
    }
    List<Safe> limits = new ArrayList<>();
    List<Integer> sizes = new ArrayList<>(RunsQuery.LIMITS);
    if (!sizes.contains(q.pageSize())) {
      sizes.add(q.pageSize());
    }
    for (int n : sizes) {
      limits.add(html("<option{}>{}</option>", selected(n == q.pageSize()), n));
    }
    return html("""
        <form class="filters" method="get" action="/" id="filters">
        <label>workflow <input name="workflow" value="{}" size="14"></label>
        <label>version <input name="version" value="{}" size="4"></label>
        <label>status <select name="status" id="status">{}</select></label>
        <label>run id starts with <input name="run" value="{}" size="14"></label>
        <label>error code <input name="code" value="{}" size="12"></label>
        <label>parent run <input name="parent" value="{}" size="12"></label>
        <label>queue <input name="queue" value="{}" size="12"></label>
        <label>started from <input name="from" value="{}" placeholder="2026-12-01T00:00" size="16"></label>
        <label>before <input name="before" value="{}" placeholder="UTC" size="16"></label>
        <label>attribute <input name="attribute" id="attribute" value="{}" placeholder="key=value" size="16"></label>
        <label>per page <select name="limit">{}</select></label>
        <button type="submit" id="apply">Filter</button> <a href="/">clear</a>
        </form>
        """, q.workflow(), q.version(), Html.join(statuses), q.runId(), q.errorCode(), q.parent(),
        q.queue(), q.from(), q.before(), q.attribute(), Html.join(limits));
  }

  private static Safe selected(boolean selected) {
    return selected ? new Safe(" selected") : Safe.EMPTY;
  }

  private static Safe results(RunsQuery query, List<RunInfo> runs, boolean hasNext) {
    List<Safe> rows = new ArrayList<>();
    for (RunInfo run : runs) {
      rows.add(html(
          "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td>"
              + "<td>{}</td><td>{}</td></tr>",
          Html.runLink(run.id()), run.workflowName(), run.workflowVersion(), status(run.status()),
          queue(run), Format.time(run.createdAt()), Format.time(run.updatedAt()), error(run),
          attributes(run.attributes())));
    }
    Safe table = runs.isEmpty()
        ? html("<p class=\"empty\">No runs match{}.</p>",
            query.after().isEmpty() ? "" : " after this point")
        : html("""
            <table class="runs">
            <thead><tr><th>run</th><th>workflow</th><th>version</th><th>status</th><th>queue</th><th>started</th><th>updated</th><th>error</th><th>attributes</th></tr></thead>
            <tbody>{}</tbody>
            </table>""", Html.join(rows));
    Safe pager = Safe.EMPTY;
    if (hasNext && !runs.isEmpty()) {
      Map<String, String> next = query.parameters();
      next.put("after", runs.get(runs.size() - 1).id());
      pager = html("<a id=\"next-page\" href=\"{}\">next page →</a>", Html.withQuery("/", next));
    }
    Safe first = query.after().isEmpty()
        ? Safe.EMPTY
        : html("<a href=\"{}\">← first page</a> ", Html.withQuery("/", query.parameters()));
    return html("<section id=\"results\" data-live>{}<p class=\"pager\">{}{}</p></section>",
        table, first, pager);
  }

  /** A run's status as a badge. */
  static Safe status(RunState state) {
    return html("<span class=\"status {}\">{}</span>", state.name().toLowerCase(Locale.ROOT), state.name());
  }

  /** The queue a run was started through, linked to the queue's runs; empty without one. */
  private static Safe queue(RunInfo run) {
    return run.queue()
        .map(q -> html("<a class=\"queue\" href=\"{}\">{}</a>", Html.withQuery("/",
            Map.of("queue", q)), q))
        .orElse(Safe.EMPTY);
  }

  /** A run's attributes, each linked to the runs that hold it; empty without any. */
  static Safe attributes(Map<String, String> attributes) {
    List<Safe> links = new ArrayList<>();
    for (Map.Entry<String, String> a : attributes.entrySet()) {
      String pair = a.getKey() + "=" + a.getValue();
      links.add(html("<a class=\"attribute\" href=\"{}\">{}</a> ",
          Html.withQuery("/", Map.of("attribute", pair)), Format.cut(pair, ERROR_CHARS)));
    }
    return html("<span class=\"attributes\">{}</span>", Html.join(links));
  }

  private static Safe error(RunInfo run) {
    return run.error()
        .map(e -> html("<span class=\"code\">{}</span> {}", e.code(),
            Format.cut(e.message(), ERROR_CHARS)))
        .orElse(Safe.EMPTY);
  }
}
