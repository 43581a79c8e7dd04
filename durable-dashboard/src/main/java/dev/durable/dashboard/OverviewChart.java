package dev.durable.dashboard;

import dev.durable.runtime.Overview;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The overview's chart of runs per period ({@link Overview#buckets()}), drawn on the server as SVG
 * by {@code overviewchart.jte} from the shapes computed here: for each period a bar of the runs
 * started and beside it one of the runs ended, stacked as they ended (completed, failed,
 * cancelled), on one scale; each bar's {@code <title>} tells its period and count, which a browser
 * shows on hover. Colours come from the style sheet's classes ({@code chart-*}), coordinates are
 * numbers written here, and the drawing needs no script: the CSP holds.
 *
 * @param summary what the chart shows, in words, for a screen reader
 * @param legend the series' swatches
 * @param grid the scale's lines, at 0, half and the top
 * @param bars a bar for each count that is not 0
 * @param times the times written along the bottom
 */
record OverviewChart(
    String summary, List<Swatch> legend, List<Gridline> grid, List<Bar> bars, List<Time> times) {
  /** The drawing's size in its own units; the style sheet scales it to the page's width. */
  static final int WIDTH = 720;
  static final int HEIGHT = 200;
  /** The baseline of the times along the bottom. */
  static final int TIME_Y = HEIGHT - 6;
  /** Where the plot starts and ends across, and where the scale's numbers end. */
  static final int PLOT_LEFT = 40;
  static final int PLOT_RIGHT = WIDTH - 20;
  static final int SCALE_X = PLOT_LEFT - 4;
  private static final int TOP = 24;
  private static final int BOTTOM = 22;
  /** The most times written along the bottom. */
  private static final int MAX_TIMES = 7;
  private static final int PLOT_WIDTH = PLOT_RIGHT - PLOT_LEFT;
  private static final int PLOT_HEIGHT = HEIGHT - TOP - BOTTOM;
  private static final DateTimeFormatter CLOCK =
      DateTimeFormatter.ofPattern("HH:mm", Locale.ROOT).withZone(ZoneOffset.UTC);
  private static final DateTimeFormatter CLOCK_SECONDS =
      DateTimeFormatter.ofPattern("HH:mm:ss", Locale.ROOT).withZone(ZoneOffset.UTC);
  /** The series, in the order they are stacked and listed in the legend. */
  private static final List<String> SERIES = List.of("started", "completed", "failed", "cancelled");

  /** A series' swatch in the legend: its class, and its label's start. */
  record Swatch(String series, int x, int labelX) {
    String cls() {
      return "chart-" + series;
    }
  }

  /** A line of the scale and its number, at height {@code y}. */
  record Gridline(String y, String labelY, long value) {}

  /** A bar: its series' class, its box, and its title (period, series and count). */
  record Bar(String cls, String x, String y, String width, String height, String title) {}

  /** A time along the bottom, centred under its period. */
  record Time(String x, String text) {}

  /** The chart of {@code buckets}, periods of length {@code bucket}. */
  static OverviewChart of(List<Overview.Bucket> buckets, Duration bucket) {
    long top = niceCeiling(buckets.stream()
        .mapToLong(b -> Math.max(b.started(), b.completed() + b.failed() + b.cancelled()))
        .max().orElse(0));
    DateTimeFormatter clock = bucket.toSeconds() % 60 == 0 ? CLOCK : CLOCK_SECONDS;
    double slot = buckets.isEmpty() ? PLOT_WIDTH : (double) PLOT_WIDTH / buckets.size();
    double barWidth = Math.max(0.5, slot * 0.42);
    List<Bar> bars = new ArrayList<>();
    for (int i = 0; i < buckets.size(); i++) {
      Overview.Bucket b = buckets.get(i);
      double x = PLOT_LEFT + i * slot + slot * 0.06;
      String when = clock.format(b.start());
      bar(bars, "started", x, 0, b.started(), top, barWidth, when);
      long below = 0;
      long[] ended = {b.completed(), b.failed(), b.cancelled()};
      for (int s = 0; s < ended.length; s++) {
        bar(bars, SERIES.get(s + 1), x + barWidth, below, ended[s], top, barWidth, when);
        below += ended[s];
      }
    }
    return new OverviewChart(summary(buckets), swatches(), gridlines(top), bars,
        timesAlong(buckets, slot, bucket, clock));
  }

  /**
   * The least of 1, 2 and 5 times a power of ten (5, 10, 20, 50, ...) at or above {@code max}, at
   * least 5: the scale's top, so that its three gridlines fall on round numbers.
   */
  static long niceCeiling(long max) {
    long step = 1;
    while (true) {
      for (long m : new long[] {5, 10, 20}) {
        if (m * step >= max) {
          return m * step;
        }
      }
      step *= 10;
    }
  }

  /** How many periods apart the times go: the least step that labels {@code periods} enough. */
  static int labelEvery(int periods) {
    for (int step : new int[] {1, 2, 5, 10, 15, 30}) {
      if (periods / step + 1 <= MAX_TIMES) {
        return step;
      }
    }
    int step = 60;
    while (periods / step + 1 > MAX_TIMES) {
      step += 60;
    }
    return step;
  }

  private static void bar(List<Bar> bars, String series, double x, long below, long count,
      long top, double width, String when) {
    if (count == 0) {
      return;
    }
    double bottom = TOP + PLOT_HEIGHT - (double) below * PLOT_HEIGHT / top;
    double height = Math.max(1, (double) count * PLOT_HEIGHT / top);
    bars.add(new Bar("chart-" + series, number(x), number(bottom - height), number(width),
        number(height), when + " " + series + ": " + count));
  }

  private static List<Swatch> swatches() {
    List<Swatch> legend = new ArrayList<>();
    int x = PLOT_LEFT;
    for (String series : SERIES) {
      legend.add(new Swatch(series, x, x + 14));
      x += 14 + 8 * series.length() + 16;
    }
    return legend;
  }

  private static List<Gridline> gridlines(long top) {
    List<Gridline> grid = new ArrayList<>();
    for (long value : new long[] {0, top / 2, top}) {
      double y = TOP + PLOT_HEIGHT - (double) value * PLOT_HEIGHT / top;
      grid.add(new Gridline(number(y), number(y + 4), value));
    }
    return grid;
  }

  /**
   * At most {@link #MAX_TIMES} times, each under the period it starts, every 1, 2, 5, 10, 15, 30
   * or 60 periods (or a multiple of 60) counted from the epoch, so that minutes fall on round times
   * (09:00, 09:10, ...) wherever the window starts.
   */
  private static List<Time> timesAlong(List<Overview.Bucket> buckets, double slot, Duration bucket,
      DateTimeFormatter clock) {
    int every = labelEvery(buckets.size());
    List<Time> times = new ArrayList<>();
    for (int i = 0; i < buckets.size(); i++) {
      Instant start = buckets.get(i).start();
      if (Math.floorMod(start.toEpochMilli() / bucket.toMillis(), every) == 0) {
        times.add(new Time(number(PLOT_LEFT + (i + 0.5) * slot), clock.format(start)));
      }
    }
    return times;
  }

  /** The totals of the window, in words. */
  static String summary(List<Overview.Bucket> buckets) {
    long[] totals = totals(buckets);
    return String.format(Locale.ROOT, "Runs per period over %d periods: %d started, %d completed,"
        + " %d failed, %d cancelled", buckets.size(), totals[0], totals[1], totals[2], totals[3]);
  }

  /** The runs started, completed, failed and cancelled over {@code buckets}. */
  static long[] totals(List<Overview.Bucket> buckets) {
    long[] totals = new long[4];
    for (Overview.Bucket b : buckets) {
      totals[0] += b.started();
      totals[1] += b.completed();
      totals[2] += b.failed();
      totals[3] += b.cancelled();
    }
    return totals;
  }

  private static String number(double value) {
    return String.format(Locale.ROOT, "%.1f", value);
  }
}
