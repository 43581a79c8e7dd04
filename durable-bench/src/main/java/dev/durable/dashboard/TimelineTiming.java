package dev.durable.dashboard;

import dev.durable.runtime.RunExport;
import dev.durable.runtime.TaskInfo;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * The benchmark's way into the dashboard's timeline, whose classes are package-private: it lives
 * in their package (on the class path, not in the dashboard's jar) and times the two steps of a
 * timeline's render that the page adds to the engine's reads.
 */
public final class TimelineTiming {
  private TimelineTiming() {}

  /**
   * One render of the run's whole timeline as its page draws it.
   *
   * @param modelNanos building the rows and cutting them to a view
   * @param svgNanos drawing them
   * @param positions the rows before grouping
   * @param rows the rows drawn
   * @param svgChars the SVG's length
   * @param pageNanos the whole page as its route answers it: model, SVG, legend and template
   */
  public record Render(long modelNanos, long svgNanos, int positions, int rows, int svgChars,
      long pageNanos) {}

  public static Render render(RunExport.Run run, List<TaskInfo> tasks, Instant now) {
    long start = System.nanoTime();
    Timeline timeline = TimelineView.of(TimelineBuilder.build(run, tasks, now),
        TimelineView.Request.whole(TimelineView.MAX_ROWS));
    long modelled = System.nanoTime();
    String svg = TimelineSvg.render(timeline, false).markup();
    long drawn = System.nanoTime();
    String page = Templates.timeline(
        new Frame("Timeline of run " + run.id(), Section.NONE, Viewer.readOnly(),
            Duration.ofSeconds(2)),
        TimelinePage.of(run, tasks, Map.of(), now));
    long paged = System.nanoTime();
    if (!page.contains("class=\"timeline\"")) {
      throw new IllegalStateException("the timeline's page has no timeline");
    }
    return new Render(modelled - start, drawn - modelled, timeline.positions(),
        timeline.rows().size(), svg.length(), paged - drawn);
  }
}
