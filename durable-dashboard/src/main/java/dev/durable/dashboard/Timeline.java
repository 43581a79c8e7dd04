package dev.durable.dashboard;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * A run's timeline as drawn: rows of bars on one time axis, built by {@link TimelineBuilder} (one
 * row per position) and cut to what one view shows by {@link TimelineView} (a time window, groups
 * of like rows, a page of rows); {@link TimelineSvg} draws it.
 *
 * @param runId the run
 * @param runStart when the run was started: times in links are milliseconds since then
 * @param runEnd when it ended, or now if it has not
 * @param from the start of the axis drawn
 * @param to the end of the axis drawn
 * @param zoomed whether the axis is a window of the run rather than all of it
 * @param rows the rows drawn, in order
 * @param grouped whether consecutive rows of one name were grouped to fit
 * @param firstRow the index of the first row drawn among {@code totalRows}
 * @param totalRows how many rows the window holds, after grouping
 * @param positions how many rows (positions) the window holds before grouping
 * @param markers the marks on the axis (the failure, the start of the compensations)
 */
record Timeline(String runId, Instant runStart, Instant runEnd, Instant from, Instant to,
    boolean zoomed, List<Row> rows, boolean grouped, int firstRow, int totalRows, int positions,
    List<Marker> markers) {
  Timeline {
    rows = List.copyOf(rows);
    markers = List.copyOf(markers);
  }

  /** What a bar shows; its CSS class is {@code tl-} and its lower-case name. */
  enum Kind {
    /** An attempt of a step that succeeded, or is running. */
    ATTEMPT,
    /** An attempt that failed and was retried. */
    RETRIED,
    /**
     * An attempt that may have run on an engine whose lease on the run ended unrenewed (it died or
     * stalled): its outcome is unknown, and the engine that took the run over made the next.
     */
    INTERRUPTED,
    /** The delay between a failed attempt and the next. */
    BACKOFF,
    /** A wait for a slot of the step's flow-control queue. */
    SLOT,
    /** A durable timer. */
    SLEEP,
    /** A wait for a signal. */
    SIGNAL,
    /** A child run, from its start until the parent saw it end. */
    CHILD,
    /** A dispatched task waiting for a worker to pick it up. */
    QUEUED,
    /** A dispatched task on its worker. */
    TASK,
    /** A worker's last heartbeat for a task (the store keeps the last only): a tick. */
    HEARTBEAT,
    /** An attempt of a compensation, undoing a completed step. */
    COMPENSATION,
    /** Many bars of a group of rows, or the middle of a row with too many bars, as one. */
    GROUP;

    String css() {
      return "tl-" + name().toLowerCase(Locale.ROOT);
    }
  }

  /** What a row stands for. */
  enum RowKind {
    STEP, DISPATCHED, SLEEP, SIGNAL, CHILD, COMPENSATION;

    String label() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /**
   * One bar.
   *
   * @param kind what it shows
   * @param start where it starts
   * @param end where it ends; equal to start for a tick
   * @param label its tooltip: what, when, how long, the error
   * @param link its detail's address, if it has one
   * @param failed whether it failed for good (drawn red)
   * @param open whether it has not ended (drawn up to now)
   */
  record Bar(Kind kind, Instant start, Instant end, String label, Optional<String> link,
      boolean failed, boolean open) {
    Bar {
      Objects.requireNonNull(kind, "kind");
      Objects.requireNonNull(start, "start");
      end = end.isBefore(start) ? start : end;
    }

    Duration duration() {
      return Duration.between(start, end);
    }
  }

  /**
   * One row: a position of the run, or a group of consecutive positions of one name.
   *
   * @param kind what it stands for
   * @param name the step's, signal's or child workflow's name
   * @param firstPosition its position, or the first of its group
   * @param lastPosition its position, or the last of its group
   * @param link the detail of the position, or the zoom into the group's time
   * @param bars its bars, in time order
   * @param count how many positions it stands for (1 unless grouped)
   * @param shortest the shortest of their durations (the row's own for one)
   * @param longest the longest
   * @param failed how many of them failed
   */
  record Row(RowKind kind, String name, int firstPosition, int lastPosition,
      Optional<String> link, List<Bar> bars, int count, Duration shortest, Duration longest,
      int failed) {
    Row {
      bars = List.copyOf(bars);
    }

    /** The start of its first bar. */
    Instant start() {
      Instant start = null;
      for (Bar bar : bars) {
        start = start == null || bar.start().isBefore(start) ? bar.start() : start;
      }
      return start;
    }

    /** The end of its last bar. */
    Instant end() {
      Instant end = null;
      for (Bar bar : bars) {
        end = end == null || bar.end().isAfter(end) ? bar.end() : end;
      }
      return end;
    }

    /** From its first bar's start to its last bar's end. */
    Duration span() {
      return bars.isEmpty() ? Duration.ZERO : Duration.between(start(), end());
    }
  }

  /**
   * A mark on the axis: {@code failure}, {@code compensating}, or {@code paused} and {@code
   * resumed} around a paused span; its CSS class {@code tl-mark-} and its kind.
   */
  record Marker(String kind, Instant at, String label, Optional<String> link) {}

  /**
   * A duration as people read it: {@code 1.6 ms}, {@code 850 ms}, {@code 12.4 s}, {@code 3 min
   * 5 s}.
   */
  static String span(Duration d) {
    long ms = d.toMillis();
    if (ms < 10) {
      long tenths = d.toNanos() / 100_000;
      return tenths / 10 + "." + tenths % 10 + " ms";
    } else if (ms < 1_000) {
      return ms + " ms";
    } else if (ms < 60_000) {
      return String.format(Locale.ROOT, "%.1f s", ms / 1000.0);
    } else if (ms < 3_600_000) {
      return ms / 60_000 + " min " + ms / 1000 % 60 + " s";
    } else if (ms < 86_400_000) {
      return ms / 3_600_000 + " h " + ms / 60_000 % 60 + " min";
    }
    return ms / 86_400_000 + " d " + ms / 3_600_000 % 24 + " h";
  }
}
