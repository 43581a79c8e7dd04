package dev.durable.dashboard;

import dev.durable.runtime.RunExport;
import dev.durable.runtime.RunState;
import dev.durable.runtime.TaskInfo;
import gg.jte.Content;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * A run's timeline page ({@code /runs/<id>/timeline}, {@code timeline.jte}): the run, what the
 * view shows (a window, groups, a page of rows) and the drawing, made by {@link TimelineSvg}.
 *
 * @param svg the timeline drawn, markup escaped as it was made
 * @param legend what the colours mean
 */
record TimelinePage(String runId, String workflow, String version, RunState status,
    Timeline timeline, Content svg, Content legend) {

  /** The page of {@code run} for a view asked by the query's {@code from}, {@code to}, {@code rows}. */
  static TimelinePage of(RunExport.Run run, List<TaskInfo> tasks, Map<String, String> query,
      Instant now) {
    Timeline timeline = TimelineView.of(TimelineBuilder.build(run, tasks, now),
        TimelineView.Request.of(query.get("from"), query.get("to"), query.get("rows"),
            TimelineView.MAX_ROWS));
    return new TimelinePage(run.id(), run.workflow(), run.version(), run.status(), timeline,
        content(TimelineSvg.render(timeline, false)), content(TimelineSvg.legend()));
  }

  /** The small timeline of a run's page: its first rows, linking to this page. */
  static Content small(RunExport.Run run, List<TaskInfo> tasks, Instant now) {
    Timeline timeline = TimelineView.of(TimelineBuilder.build(run, tasks, now),
        TimelineView.Request.whole(TimelineView.SMALL_ROWS));
    return content(TimelineSvg.render(timeline, true));
  }

  /** What the rows drawn are, and the window. */
  String caption() {
    return TimelineSvg.rowsCaption(timeline) + (timeline.zoomed() ? ", zoomed into +"
        + Timeline.span(java.time.Duration.between(timeline.runStart(), timeline.from()))
        + " to +" + Timeline.span(java.time.Duration.between(timeline.runStart(), timeline.to()))
        : "");
  }

  private static Content content(Svg.Fragment fragment) {
    return out -> out.writeContent(fragment.markup());
  }
}
