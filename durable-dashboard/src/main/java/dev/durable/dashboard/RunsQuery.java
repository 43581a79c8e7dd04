package dev.durable.dashboard;

import dev.durable.runtime.RunFilter;
import dev.durable.runtime.RunState;
import dev.durable.runtime.StoredText;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The runs list's filter as the page's form sends it: every field text, as typed, so that the form
 * shows it again; {@link #filter} turns it into a {@link RunFilter} and says what it could not
 * read.
 *
 * @param after the id of the last run of the page before, for the next page
 * @param attribute an attribute the runs hold, {@code key=value}
 */
record RunsQuery(
    String workflow, String version, String status, String runId, String errorCode,
    String parent, String queue, String from, String before, String limit, String after,
    String attribute) {

  /** The page sizes the form offers; the first is the default. */
  static final List<Integer> LIMITS = List.of(50, 20, 100, 200);
  /** The largest page asked for by URL. */
  static final int MAX_PAGE = 200;
  /** The earliest time a filter takes: the start of year 1, UTC. */
  static final Instant EARLIEST = Instant.parse("0001-01-01T00:00:00Z");
  /** The latest: the end of year 9999, UTC. */
  static final Instant LATEST = Instant.parse("9999-12-31T23:59:59.999999999Z");

  /** The query in the request's parameters; absent ones are empty. */
  static RunsQuery of(Map<String, String> parameters) {
    return new RunsQuery(
        get(parameters, "workflow"), get(parameters, "version"), get(parameters, "status"),
        get(parameters, "run"), get(parameters, "code"), get(parameters, "parent"),
        get(parameters, "queue"), get(parameters, "from"), get(parameters, "before"), get(parameters, "limit"),
        get(parameters, "after"), get(parameters, "attribute"));
  }

  private static String get(Map<String, String> parameters, String name) {
    String value = parameters.get(name);
    return value == null ? "" : value.trim();
  }

  /** The criteria as request parameters, without the cursor: for the next page's link. */
  Map<String, String> parameters() {
    Map<String, String> p = new LinkedHashMap<>();
    p.put("workflow", workflow);
    p.put("version", version);
    p.put("status", status);
    p.put("run", runId);
    p.put("code", errorCode);
    p.put("parent", parent);
    p.put("queue", queue);
    p.put("from", from);
    p.put("before", before);
    p.put("limit", limit);
    p.put("attribute", attribute);
    return p;
  }

  /** The page size asked for, or the default. */
  int pageSize() {
    try {
      int n = Integer.parseInt(limit);
      if (n >= 1 && n <= MAX_PAGE) {
        return n;
      }
    } catch (NumberFormatException e) {
      // the default below
    }
    return LIMITS.get(0);
  }

  /**
   * The filter these fields describe, for one more run than a page (to know whether there is a
   * next one); each field that cannot be read is left out and described to {@code problems}.
   */
  RunFilter.Builder filter(Consumer<String> problems) {
    RunFilter.Builder b = RunFilter.builder().limit(pageSize() + 1);
    if (!workflow.isEmpty()) {
      b.workflow(workflow);
    }
    if (!version.isEmpty()) {
      b.version(version);
    }
    if (!status.isEmpty()) {
      try {
        b.status(RunState.valueOf(status.toUpperCase(Locale.ROOT)));
      } catch (IllegalArgumentException e) {
        problems.accept("status must be one of " + List.of(RunState.values()) + ", not '" + status
            + "'");
      }
    }
    if (!runId.isEmpty()) {
      b.runIdPrefix(runId);
    }
    if (!errorCode.isEmpty()) {
      b.errorCode(errorCode);
    }
    if (!parent.isEmpty()) {
      b.parentId(parent);
    }
    if (!queue.isEmpty()) {
      b.queue(queue);
    }
    if (!from.isEmpty()) {
      Instant at = instant("from", from, problems);
      if (at != null) {
        b.createdFrom(at);
      }
    }
    if (!before.isEmpty()) {
      Instant at = instant("before", before, problems);
      if (at != null) {
        b.createdBefore(at);
      }
    }
    if (!attribute.isEmpty()) {
      int at = attribute.indexOf('=');
      try {
        if (at < 1) {
          throw new IllegalArgumentException("'attribute' must be key=value, such as"
              + " customer=c-42, not '" + attribute + "'");
        }
        b.attribute(attribute.substring(0, at).trim(), attribute.substring(at + 1).trim());
      } catch (IllegalArgumentException e) {
        problems.accept(e.getMessage());
      }
    }
    return b;
  }

  /**
   * A time as the form's datetime-local field sends it ({@code 2026-12-01T22:50}, read as UTC), a
   * date, or an ISO instant with an offset; from {@link #EARLIEST} to {@link #LATEST}, the years a
   * datetime-local field offers, which every store can compare its times with.
   */
  static Instant instant(String field, String text, Consumer<String> problems) {
    Instant at = read(text);
    if (at == null || at.isBefore(EARLIEST) || at.isAfter(LATEST)) {
      problems.accept("'" + field + "' must be a time such as 2026-12-01T22:50 (UTC) or"
          + " 2026-12-01T22:50:00+01:00, from 0001-01-01 to 9999-12-31, not '"
          + StoredText.echo(text) + "'");
      return null;
    }
    return at;
  }

  /** The instant {@code text} writes in one of the forms {@link #instant} reads; null if none. */
  private static Instant read(String text) {
    try {
      return OffsetDateTime.parse(text).toInstant();
    } catch (DateTimeException e) {
      // try the next form
    }
    try {
      return LocalDateTime.parse(text).toInstant(ZoneOffset.UTC);
    } catch (DateTimeException e) {
      // try the next form
    }
    try {
      return LocalDate.parse(text).atStartOfDay().toInstant(ZoneOffset.UTC);
    } catch (DateTimeException e) {
      return null;
    }
  }
}
