package dev.durable.dashboard;

import dev.durable.runtime.Overview;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;

/**
 * The overview's chart of runs per period ({@link Overview#buckets()}), drawn on the server as SVG:
 * for each period a bar of the runs started and beside it one of the runs ended, stacked as they
 * ended (completed, failed, cancelled), on one scale; each bar's {@code <title>} tells its period
 * and count, which a browser shows on hover. Nothing but numbers and times of our own making goes
 * into the text, colours come from the style sheet's classes ({@code chart-*}), and the drawing
 * needs no script: the CSP holds.
 */
final class OverviewChart {
  /** The drawing's size in its own units; the style sheet scales it to the page's width. */
  static final int WIDTH = 720;
  static final int HEIGHT = 200;
  private static final int LEFT = 40;
  private static final int RIGHT = 20;
  private static final int TOP = 24;
  private static final int BOTTOM = 22;
  /** The most times written along the bottom. */
  private static final int MAX_TIMES = 7;
  private static final int PLOT_WIDTH = WIDTH - LEFT - RIGHT;
  private static final int PLOT_HEIGHT = HEIGHT - TOP - BOTTOM;
  private static final DateTimeFormatter CLOCK =
      DateTimeFormatter.ofPattern("HH:mm", Locale.ROOT).withZone(ZoneOffset.UTC);
  private static final DateTimeFormatter CLOCK_SECONDS =
      DateTimeFormatter.ofPattern("HH:mm:ss", Locale.ROOT).withZone(ZoneOffset.UTC);
  /** The series, in the order they are stacked and listed in the legend. */
  private static final List<String> SERIES = List.of("started", "completed", "failed", "cancelled");

  private OverviewChart() {}

  /** The chart of {@code buckets}, periods of length {@code bucket}, as an {@code <svg>} element. */
  static String svg(List<Overview.Bucket> buckets, Duration bucket) {
    long top = niceCeiling(buckets.stream()
        .mapToLong(b -> Math.max(b.started(), b.completed() + b.failed() + b.cancelled()))
        .max().orElse(0));
    StringBuilder svg = new StringBuilder(256 + 400 * buckets.size());
    svg.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\""
        + " class=\"chart\" viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"%s\">", WIDTH, HEIGHT,
        summary(buckets)));
    legend(svg);
    grid(svg, top);
    double slot = buckets.isEmpty() ? PLOT_WIDTH : (double) PLOT_WIDTH / buckets.size();
    double barWidth = Math.max(0.5, slot * 0.42);
    DateTimeFormatter clock = bucket.toSeconds() % 60 == 0 ? CLOCK : CLOCK_SECONDS;
    for (int i = 0; i < buckets.size(); i++) {
      Overview.Bucket b = buckets.get(i);
      double x = LEFT + i * slot + slot * 0.06;
      String when = clock.format(b.start());
      bar(svg, "started", x, 0, b.started(), top, barWidth, when);
      long below = 0;
      long[] ended = {b.completed(), b.failed(), b.cancelled()};
      for (int s = 0; s < ended.length; s++) {
        bar(svg, SERIES.get(s + 1), x + barWidth, below, ended[s], top, barWidth, when);
        below += ended[s];
      }
    }
    timeAxis(svg, buckets, slot, bucket);
    return svg.append("</svg>").toString();
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

  private static void bar(StringBuilder svg, String series, double x, long below, long count,
      long top, double width, String when) {
    if (count == 0) {
      return;
    }
    double bottom = TOP + PLOT_HEIGHT - (double) below * PLOT_HEIGHT / top;
    double height = Math.max(1, (double) count * PLOT_HEIGHT / top);
    svg.append(String.format(Locale.ROOT, "<rect class=\"chart-%s\" x=\"%.1f\" y=\"%.1f\""
        + " width=\"%.1f\" height=\"%.1f\"><title>%s %s: %d</title></rect>", series, x,
        bottom - height, width, height, when, series, count));
  }

  private static void legend(StringBuilder svg) {
    int x = LEFT;
    for (String series : SERIES) {
      svg.append(String.format(Locale.ROOT, "<rect class=\"chart-%s\" x=\"%d\" y=\"6\""
          + " width=\"10\" height=\"10\"/><text class=\"chart-label\" x=\"%d\" y=\"15\">%s</text>",
          series, x, x + 14, series));
      x += 14 + 8 * series.length() + 16;
    }
  }

  /** The scale: a line at 0, half and the top, each with its number. */
  private static void grid(StringBuilder svg, long top) {
    for (long value : new long[] {0, top / 2, top}) {
      double y = TOP + PLOT_HEIGHT - (double) value * PLOT_HEIGHT / top;
      svg.append(String.format(Locale.ROOT, "<line class=\"chart-grid\" x1=\"%d\" y1=\"%.1f\""
          + " x2=\"%d\" y2=\"%.1f\"/><text class=\"chart-label chart-scale\" x=\"%d\""
          + " y=\"%.1f\">%d</text>", LEFT, y, WIDTH - RIGHT, y, LEFT - 4, y + 4, value));
    }
  }

  /**
   * At most {@link #MAX_TIMES} times along the bottom, each under the period it starts, every 1,
   * 2, 5, 10, 15, 30 or 60 periods (or a multiple of 60) counted from the epoch, so that minutes
   * fall on round times (09:00, 09:10, ...) wherever the window starts.
   */
  private static void timeAxis(
      StringBuilder svg, List<Overview.Bucket> buckets, double slot, Duration bucket) {
    int every = labelEvery(buckets.size());
    DateTimeFormatter clock = bucket.toSeconds() % 60 == 0 ? CLOCK : CLOCK_SECONDS;
    for (int i = 0; i < buckets.size(); i++) {
      Instant start = buckets.get(i).start();
      if (Math.floorMod(start.toEpochMilli() / bucket.toMillis(), every) == 0) {
        svg.append(String.format(Locale.ROOT, "<text class=\"chart-label chart-time\""
            + " x=\"%.1f\" y=\"%d\">%s</text>", LEFT + (i + 0.5) * slot, HEIGHT - 6,
            clock.format(start)));
      }
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

  /** What the chart shows, in words, for a screen reader: the totals of the window. */
  static String summary(List<Overview.Bucket> buckets) {
    long[] totals = new long[4];
    for (Overview.Bucket b : buckets) {
      totals[0] += b.started();
      totals[1] += b.completed();
      totals[2] += b.failed();
      totals[3] += b.cancelled();
    }
    return String.format(Locale.ROOT, "Runs per period over %d periods: %d started, %d completed,"
        + " %d failed, %d cancelled", buckets.size(), totals[0], totals[1], totals[2], totals[3]);
  }
}
