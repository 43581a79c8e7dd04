package dev.durable.dashboard;

import dev.durable.dashboard.Timeline.Bar;
import dev.durable.dashboard.Timeline.Kind;
import dev.durable.dashboard.Timeline.Marker;
import dev.durable.dashboard.Timeline.Row;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What one view of a timeline shows, so that a run of 2,000 steps reads like one of 3: the rows
 * of a time window ({@code ?from=&to=}, milliseconds since the run started; all of the run when
 * absent); if they are more than a view draws, consecutive rows of one kind and name become
 * groups, as few rows each as makes them fit (a group shows how many, the shortest and longest,
 * how many failed; its bar links to a window of just its time); if still too many, a page of them
 * ({@code ?rows=}, the first row shown). A row with more
 * bars than {@value #MAX_BARS} (a step retried many times) shows its first and last ones and one
 * bar for those between.
 */
final class TimelineView {
  private TimelineView() {}

  /** The most rows the timeline's page draws. */
  static final int MAX_ROWS = 100;
  /** The most rows the small timeline on a run's page draws. */
  static final int SMALL_ROWS = 12;
  /** The most bars drawn in one row. */
  static final int MAX_BARS = 40;
  /** The most failed bars a group of rows draws beside its own. */
  private static final int MAX_FAILED_IN_GROUP = 10;

  /**
   * What a view asks for.
   *
   * @param fromMs the window's start in milliseconds since the run started, if one is asked
   * @param toMs its end
   * @param firstRow the index of the first row to draw
   * @param maxRows how many rows at most
   */
  record Request(Optional<Long> fromMs, Optional<Long> toMs, int firstRow, int maxRows) {
    /** All of the run from the first row. */
    static Request whole(int maxRows) {
      return new Request(Optional.empty(), Optional.empty(), 0, maxRows);
    }

    /** From a page's query parameters; what does not parse is left out. */
    static Request of(String from, String to, String rows, int maxRows) {
      return new Request(number(from), number(to), number(rows).map(r -> (int) Math.min(r,
          Integer.MAX_VALUE)).orElse(0), maxRows);
    }

    private static Optional<Long> number(String text) {
      if (text == null || text.isEmpty() || text.length() > 15) {
        return Optional.empty();
      }
      try {
        long value = Long.parseLong(text);
        return value < 0 ? Optional.empty() : Optional.of(value);
      } catch (NumberFormatException e) {
        return Optional.empty();
      }
    }
  }

  static Timeline of(TimelineBuilder.Built built, Request request) {
    Instant from = request.fromMs().map(built.start()::plusMillis).orElse(built.start());
    Instant to = request.toMs().map(built.start()::plusMillis).orElse(built.end());
    from = clamp(from, built.start(), built.end());
    to = clamp(to, built.start(), built.end());
    if (!to.isAfter(from)) {
      from = built.start();
      to = built.end();
    }
    boolean zoomed = from.isAfter(built.start()) || to.isBefore(built.end());
    List<Row> rows = new ArrayList<>();
    for (Row row : built.rows()) {
      if (!row.start().isAfter(to) && !row.end().isBefore(from)) {
        rows.add(capped(row));
      }
    }
    int positions = rows.size();
    boolean grouped = rows.size() > request.maxRows();
    if (grouped) {
      rows = grouped(built, rows, request.maxRows());
    }
    int total = rows.size();
    int first = Math.max(0, Math.min(request.firstRow(), Math.max(0, total - 1)));
    List<Row> shown = rows.subList(first, Math.min(total, first + request.maxRows()));
    List<Marker> markers = new ArrayList<>();
    for (Marker marker : built.markers()) {
      if (!marker.at().isBefore(from) && !marker.at().isAfter(to)) {
        markers.add(marker);
      }
    }
    return new Timeline(built.runId(), built.start(), built.end(), from, to, zoomed, shown,
        grouped, first, total, positions, markers);
  }

  /** The timeline's page of a run with a window and a first row; 0 or null leave one out. */
  static String link(String runId, Instant runStart, Instant from, Instant to, int firstRow) {
    Map<String, String> query = new LinkedHashMap<>();
    if (from != null && to != null) {
      query.put("from", Long.toString(Duration.between(runStart, from).toMillis()));
      query.put("to", Long.toString(Math.max(Duration.between(runStart, to).toMillis(),
          Duration.between(runStart, from).toMillis() + 1)));
    }
    if (firstRow > 0) {
      query.put("rows", Integer.toString(firstRow));
    }
    return Links.withQuery(Links.runPath(runId) + "/timeline", query);
  }

  /**
   * Consecutive rows of one kind and name in groups of the fewest rows each that makes them fit
   * in {@code maxRows} (2,000 calls of one step: 100 rows of 20 calls); all of them as one where
   * even that does not fit, and the view is paged.
   */
  private static List<Row> grouped(TimelineBuilder.Built built, List<Row> rows, int maxRows) {
    List<int[]> runs = new ArrayList<>(); // [first index, length] of each run of like rows
    int longest = 1;
    for (int i = 0; i < rows.size(); ) {
      int j = i + 1;
      while (j < rows.size() && rows.get(j).kind() == rows.get(i).kind()
          && rows.get(j).name().equals(rows.get(i).name())) {
        j++;
      }
      runs.add(new int[] {i, j - i});
      longest = Math.max(longest, j - i);
      i = j;
    }
    int low = 1;
    int high = longest;
    while (low < high) {
      int size = (low + high) >>> 1;
      if (rowsIn(runs, size) <= maxRows) {
        high = size;
      } else {
        low = size + 1;
      }
    }
    List<Row> out = new ArrayList<>();
    for (int[] run : runs) {
      for (int i = run[0]; i < run[0] + run[1]; i += low) {
        int j = Math.min(run[0] + run[1], i + low);
        out.add(j - i == 1 ? rows.get(i) : group(built, rows.subList(i, j)));
      }
    }
    return out;
  }

  private static int rowsIn(List<int[]> runs, int size) {
    int total = 0;
    for (int[] run : runs) {
      total += (run[1] + size - 1) / size;
    }
    return total;
  }

  private static Row group(TimelineBuilder.Built built, List<Row> members) {
    Row first = members.get(0);
    Instant start = first.start();
    Instant end = first.end();
    Duration shortest = first.shortest();
    Duration longest = first.longest();
    int failed = 0;
    List<Bar> failures = new ArrayList<>();
    for (Row row : members) {
      start = row.start().isBefore(start) ? row.start() : start;
      end = row.end().isAfter(end) ? row.end() : end;
      shortest = row.shortest().compareTo(shortest) < 0 ? row.shortest() : shortest;
      longest = row.longest().compareTo(longest) > 0 ? row.longest() : longest;
      failed += row.failed();
      for (Bar bar : row.bars()) {
        if (bar.failed() && failures.size() < MAX_FAILED_IN_GROUP) {
          failures.add(bar);
        }
      }
    }
    Row last = members.get(members.size() - 1);
    Optional<String> zoom = Optional.of(link(built.runId(), built.start(), start, end, 0));
    String label = first.kind().label() + " " + first.name() + " \u00d7" + members.size()
        + ", positions " + first.firstPosition() + "\u2013" + last.lastPosition() + ", each "
        + Timeline.span(shortest) + "\u2013" + Timeline.span(longest) + ", all "
        + Timeline.span(Duration.between(start, end))
        + (failed > 0 ? ", " + failed + " failed" : "") + "; click to zoom in";
    List<Bar> bars = new ArrayList<>();
    bars.add(new Bar(Kind.GROUP, start, end, label, zoom, false,
        members.stream().anyMatch(r -> r.bars().stream().anyMatch(Bar::open))));
    bars.addAll(failures);
    return new Row(first.kind(), first.name(), first.firstPosition(), last.lastPosition(), zoom,
        bars, members.size(), shortest, longest, failed);
  }

  /** A row with its first and last bars and one for those between, if it has too many. */
  private static Row capped(Row row) {
    List<Bar> bars = row.bars();
    if (bars.size() <= MAX_BARS) {
      return row;
    }
    int head = MAX_BARS / 2 - 1;
    int tail = MAX_BARS / 2;
    List<Bar> kept = new ArrayList<>(bars.subList(0, head));
    List<Bar> middle = bars.subList(head, bars.size() - tail);
    Instant start = middle.get(0).start();
    Instant end = middle.stream().map(Bar::end).max(Instant::compareTo).orElse(start);
    kept.add(new Bar(Kind.GROUP, start, end, middle.size() + " more bars of " + row.name()
        + " (attempts, backoffs, tasks) over " + Timeline.span(Duration.between(start, end)),
        row.link(), false, false));
    kept.addAll(bars.subList(bars.size() - tail, bars.size()));
    return new Row(row.kind(), row.name(), row.firstPosition(), row.lastPosition(), row.link(),
        kept, row.count(), row.shortest(), row.longest(), row.failed());
  }

  private static Instant clamp(Instant at, Instant low, Instant high) {
    return at.isBefore(low) ? low : at.isAfter(high) ? high : at;
  }
}
