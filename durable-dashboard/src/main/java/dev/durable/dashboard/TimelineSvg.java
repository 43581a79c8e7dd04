package dev.durable.dashboard;

import static dev.durable.dashboard.Svg.svg;

import dev.durable.dashboard.Svg.Fragment;
import dev.durable.dashboard.Timeline.Bar;
import dev.durable.dashboard.Timeline.Marker;
import dev.durable.dashboard.Timeline.Row;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Draws a {@link Timeline} as an SVG element to put in a page: a row per position (or group),
 * its name on the left linking to its detail, its bars on one time axis, each with its tooltip
 * ({@code <title>}) and link; the failure as a red bar and a red mark across the axis. The axis
 * is cut in {@value #TICKS} spans, each a link that zooms into it; below, links to the whole run
 * and to the rows before and after the page shown.
 *
 * <p>No script and no inline style: every colour comes from the page's style sheet, by the CSS
 * classes {@code tl-*}; every text goes through {@link Svg#svg}, escaped as the templates
 * escape, which keeps it well-formed XML.
 */
final class TimelineSvg {
  private TimelineSvg() {}

  static final int WIDTH = 1000;
  static final int TICKS = 10;
  private static final int LEFT = 240;
  private static final int RIGHT = WIDTH - 12;
  private static final int TOP = 34;
  private static final int ROW = 20;
  private static final int BAR = 12;
  private static final int NAV = 26;
  private static final int LABEL_CHARS = 34;

  /** The timeline drawn; {@code small} leaves out the zoom links (the run page's preview). */
  static Fragment render(Timeline t, boolean small) {
    int height = TOP + Math.max(1, t.rows().size()) * ROW + NAV;
    List<Fragment> parts = new ArrayList<>();
    parts.add(axis(t, height - NAV, small));
    for (int i = 0; i < t.rows().size(); i++) {
      parts.add(row(t, t.rows().get(i), TOP + i * ROW, i));
    }
    if (t.rows().isEmpty()) {
      parts.add(svg("<text class=\"tl-empty\" x=\"{}\" y=\"{}\">Nothing has run yet.</text>",
          LEFT, TOP + 14));
    }
    for (Marker marker : t.markers()) {
      parts.add(marker(t, marker, height - NAV));
    }
    parts.add(nav(t, height - NAV + 18, small));
    return svg("""
        <svg xmlns="http://www.w3.org/2000/svg" class="timeline{}" viewBox="0 0 {} {}" \
        width="{}" height="{}" role="img" aria-label="{}"><title>{}</title>{}</svg>""",
        small ? " timeline-small" : "", WIDTH, height, WIDTH, height, title(t), title(t),
        Svg.join(parts));
  }

  /** What the colours mean: a swatch and a word for each kind of bar, and the failure. */
  static Fragment legend() {
    List<Fragment> keys = new ArrayList<>();
    int x = 6;
    for (Timeline.Kind kind : Timeline.Kind.values()) {
      String word = kind.name().toLowerCase(java.util.Locale.ROOT);
      keys.add(svg("<rect class=\"tl-key {}\" x=\"{}\" y=\"5\" width=\"12\" height=\"10\"/>"
          + "<text x=\"{}\" y=\"14\">{}</text>", kind.css(), x, x + 16, word));
      x += 22 + word.length() * 7;
    }
    keys.add(svg("<rect class=\"tl-key tl-failed\" x=\"{}\" y=\"5\" width=\"12\" height=\"10\"/>"
        + "<text x=\"{}\" y=\"14\">failed</text>", x, x + 16));
    return svg("""
        <svg xmlns="http://www.w3.org/2000/svg" class="timeline-legend" viewBox="0 0 {} 20" \
        width="{}" height="20" role="img" aria-label="what the colours mean">{}</svg>""",
        x + 60, x + 60, Svg.join(keys));
  }

  private static String title(Timeline t) {
    return "Timeline of run " + t.runId() + " from " + Format.time(t.from()) + " to "
        + Format.time(t.to()) + " (" + Timeline.span(Duration.between(t.from(), t.to())) + ")";
  }

  /** The axis: ticks with the time since the run started, and the spans between as zoom links. */
  private static Fragment axis(Timeline t, int bottom, boolean small) {
    List<Fragment> parts = new ArrayList<>();
    Duration window = Duration.between(t.from(), t.to());
    double step = (RIGHT - LEFT) / (double) TICKS;
    for (int i = 0; i <= TICKS; i++) {
      double x = LEFT + i * step;
      Instant at = t.from().plusNanos(window.toNanos() / TICKS * i);
      parts.add(svg("<line class=\"tl-tick\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>",
          n(x), TOP - 6, n(x), bottom));
      if (i < TICKS) {
        parts.add(svg("<text class=\"tl-tick-label\" x=\"{}\" y=\"{}\">+{}</text>", n(x + 2),
            TOP - 10, Timeline.span(Duration.between(t.runStart(), at))));
      }
      if (i < TICKS && !small) {
        Instant until = t.from().plusNanos(window.toNanos() / TICKS * (i + 1));
        parts.add(svg("""
            <a class="tl-zoom" href="{}"><rect x="{}" y="0" width="{}" height="{}"><title>zoom \
            into +{} to +{}</title></rect></a>""",
            TimelineView.link(t.runId(), t.runStart(), at, until, 0), n(x), n(step), TOP - 6,
            Timeline.span(Duration.between(t.runStart(), at)),
            Timeline.span(Duration.between(t.runStart(), until))));
      }
    }
    return svg("<g class=\"tl-axis\">{}</g>", Svg.join(parts));
  }

  private static Fragment row(Timeline t, Row row, int y, int index) {
    List<Fragment> parts = new ArrayList<>();
    parts.add(svg("<rect class=\"tl-stripe{}\" x=\"0\" y=\"{}\" width=\"{}\" height=\"{}\"/>",
        index % 2 == 1 ? " tl-odd" : "", y, WIDTH, ROW));
    String positions = row.count() == 1 ? "#" + row.firstPosition()
        : "#" + row.firstPosition() + "\u2013" + row.lastPosition();
    String name = row.count() == 1 ? row.name() : row.name() + " \u00d7" + row.count();
    String full = positions + " " + row.kind().label() + " " + name
        + (row.count() > 1 ? ", each " + Timeline.span(row.shortest()) + "\u2013"
            + Timeline.span(row.longest()) : ", " + Timeline.span(row.longest()))
        + (row.failed() > 0 ? ", " + row.failed() + " failed" : "");
    Fragment label = svg("<text class=\"tl-label\" x=\"6\" y=\"{}\">{} {}<title>{}</title></text>",
        y + 14, positions, Format.cut(name, LABEL_CHARS - positions.length()), full);
    parts.add(row.link().map(link -> svg("<a href=\"{}\">{}</a>", link, label)).orElse(label));
    for (Bar bar : row.bars()) {
      Fragment drawn = bar(t, bar, y + (ROW - BAR) / 2);
      if (drawn != null) {
        parts.add(drawn);
      }
    }
    return svg("<g class=\"tl-row tl-row-{}{}\" data-first=\"{}\" data-count=\"{}\">{}</g>",
        row.kind().label(), row.failed() > 0 ? " tl-row-failed" : "", row.firstPosition(),
        row.count(), Svg.join(parts));
  }

  /** A bar, or null if it lies outside the window. */
  private static Fragment bar(Timeline t, Bar bar, int y) {
    if (bar.end().isBefore(t.from()) || bar.start().isAfter(t.to())) {
      return null;
    }
    double x1 = x(t, bar.start());
    double x2 = x(t, bar.end());
    boolean tick = bar.kind() == Timeline.Kind.HEARTBEAT;
    double width = tick ? 2 : Math.max(2, x2 - x1);
    String css = "tl-bar " + bar.kind().css() + (bar.failed() ? " tl-failed" : "")
        + (bar.open() ? " tl-open" : "");
    Fragment rect = svg("""
        <rect class="{}" x="{}" y="{}" width="{}" height="{}"><title>{}</title></rect>""",
        css, n(Math.min(x1, RIGHT - width)), tick ? y - 2 : y, n(width), tick ? BAR + 4 : BAR,
        bar.label());
    return bar.link().map(link -> svg("<a href=\"{}\">{}</a>", link, rect)).orElse(rect);
  }

  private static Fragment marker(Timeline t, Marker marker, int bottom) {
    double x = x(t, marker.at());
    Fragment drawn = svg("""
        <g class="tl-mark tl-mark-{}"><line x1="{}" y1="{}" x2="{}" y2="{}"/>\
        <path d="M{} {} L{} {} L{} {} Z"/><title>{}</title></g>""",
        marker.kind(), n(x), TOP - 8, n(x), bottom, n(x - 6), TOP - 16, n(x + 6), TOP - 16,
        n(x), TOP - 6, marker.label());
    return marker.link().map(link -> svg("<a href=\"{}\">{}</a>", link, drawn)).orElse(drawn);
  }

  /** Links to all of the run, and to the rows before and after those drawn. */
  private static Fragment nav(Timeline t, int y, boolean small) {
    List<Fragment> links = new ArrayList<>();
    String caption = rowsCaption(t);
    if (small) {
      links.add(navLink(TimelineView.link(t.runId(), t.runStart(), null, null, 0),
          "open the timeline \u2192", "tl-open-link"));
    } else {
      if (t.zoomed()) {
        links.add(navLink(TimelineView.link(t.runId(), t.runStart(), null, null, 0),
            "\u2190 all of the run", "tl-whole"));
      }
      if (t.firstRow() > 0) {
        links.add(navLink(link(t, Math.max(0, t.firstRow() - pageSize(t))),
            "\u2191 earlier rows", "tl-earlier"));
      }
      if (t.firstRow() + t.rows().size() < t.totalRows()) {
        links.add(navLink(link(t, t.firstRow() + t.rows().size()), "later rows \u2193",
            "tl-later"));
      }
    }
    List<Fragment> placed = new ArrayList<>();
    double x = LEFT;
    for (Fragment link : links) {
      placed.add(svg("<g transform=\"translate({} 0)\">{}</g>", n(x), link));
      x += 150;
    }
    return svg("<g class=\"tl-nav\"><text class=\"tl-caption\" x=\"6\" y=\"{}\">{}</text>"
        + "<g transform=\"translate(0 {})\">{}</g></g>", y, caption, y, Svg.join(placed));
  }

  private static Fragment navLink(String href, String text, String css) {
    return svg("<a class=\"{}\" href=\"{}\"><text x=\"0\" y=\"0\">{}</text></a>", css, href,
        text);
  }

  private static String link(Timeline t, int firstRow) {
    return t.zoomed()
        ? TimelineView.link(t.runId(), t.runStart(), t.from(), t.to(), firstRow)
        : TimelineView.link(t.runId(), t.runStart(), null, null, firstRow);
  }

  private static int pageSize(Timeline t) {
    return Math.max(1, t.rows().size());
  }

  /** What the rows drawn are: all, a page, grouped. */
  static String rowsCaption(Timeline t) {
    String rows = t.rows().size() == t.totalRows()
        ? t.totalRows() + (t.totalRows() == 1 ? " row" : " rows")
        : "rows " + (t.firstRow() + 1) + "\u2013" + (t.firstRow() + t.rows().size()) + " of "
            + t.totalRows();
    return rows + (t.grouped() ? " (" + t.positions() + " positions, like ones grouped)" : "");
  }

  private static double x(Timeline t, Instant at) {
    double window = Math.max(1, Duration.between(t.from(), t.to()).toNanos());
    double offset = Duration.between(t.from(), at).toNanos();
    double x = LEFT + offset / window * (RIGHT - LEFT);
    return Math.max(LEFT, Math.min(RIGHT, x));
  }

  /** A coordinate with one decimal, the same on every locale. */
  private static String n(double value) {
    long tenths = Math.round(value * 10);
    return (tenths < 0 ? "-" : "") + Math.abs(tenths) / 10 + "." + Math.abs(tenths) % 10;
  }
}
