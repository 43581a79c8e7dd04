package dev.durable.runtime.internal.store.ops;

import dev.durable.runtime.RunFilter;
import dev.durable.runtime.RunState;
import dev.durable.runtime.internal.model.ListedRun;
import dev.durable.runtime.internal.store.run.RunsTable;
import dev.durable.runtime.internal.store.schedule.SchedulesTable;
import dev.durable.runtime.internal.store.sql.Dialect;
import dev.durable.runtime.internal.store.sql.Rows;
import dev.durable.runtime.internal.store.sql.Schema;
import dev.durable.runtime.internal.store.sql.Sql;
import dev.durable.runtime.internal.store.sql.Values;
import dev.durable.runtime.internal.store.values.AttributesTable;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The SQL of {@code listRuns}: the runs a {@link RunFilter} matches, newest first by {@code
 * (created_at, run_id)}, cut after the filter's cursor (keyset pagination), at most its limit. The
 * indexes of migration V12 serve the order alone, by workflow and by status, and seek to the
 * cursor, so that a deep page costs what the first does; the other criteria filter what they
 * find. Runs sought by attributes are found through the attributes' index instead ({@link #from}),
 * which walks the same order. The runs' input and output are not read: a list shows neither; a
 * page's attributes are read in a second statement, by primary key. docs/benchmarks.md, "Run
 * search (g)", has the plans and times at a million runs.
 */
public final class RunSearch {
  private static final String SELECT = "SELECT " + RunsTable.LISTED_COLUMNS + ", f.fire_at FROM ";
  private static final int FIRE_AT_COLUMN = RunsTable.COLUMN_COUNT + 1;

  private final AttributesTable attributes;
  private final RunsTable runs;
  /** The runs and their fire times, walked in the runs' order. */
  private final String runsFrom;
  /** The first attribute's rows, then their runs and fire times, walked in the rows' order. */
  private final String attributesFrom;
  /** Where the dialect has an index of the run ids in byte order, a prefix's range in it. */
  private final String idRange;

  public RunSearch(Schema schema, RunsTable runs, AttributesTable attributes, Dialect dialect) {
    this.attributes = attributes;
    this.runs = runs;
    this.runsFrom = runsAndFireTimes(schema, runs) + " WHERE 1 = 1";
    this.attributesFrom = attributes.table + " a0 JOIN " + runs.table
        + " r ON r.run_id = a0.run_id LEFT JOIN " + schema.table(SchedulesTable.RUNS_NAME)
        + " f ON f.run_id = r.run_id WHERE a0.name = :attrName0 AND a0.val = :attrValue0";
    this.idRange = dialect.runIdPrefixRange();
  }

  /**
   * The run search's tables, which the overview reads too ({@link OverviewTable}): a run ({@code
   * r}) and the fire time a schedule gave it ({@code f}).
   */
  static String runsAndFireTimes(Schema schema, RunsTable runs) {
    return runs.table + " r LEFT JOIN " + schema.table(SchedulesTable.RUNS_NAME)
        + " f ON f.run_id = r.run_id";
  }

  /** The runs {@code filter} matches, newest first, at most its limit. */
  public List<ListedRun> select(Connection connection, RunFilter filter) throws SQLException {
    StringBuilder sql = new StringBuilder(SELECT);
    Values values = new Values();
    // the table whose index the search walks in the list's order: the runs', or the first
    // attribute's rows, which hold their run's start (V22)
    String walked = from(sql, values, rarestFirst(connection, filter.attributes()));
    filter.workflow().ifPresent(name -> {
      sql.append(" AND r.workflow_name = :workflowName");
      values.string("workflowName", name);
    });
    filter.version().ifPresent(version -> {
      sql.append(" AND r.workflow_version = :workflowVersion");
      values.string("workflowVersion", version);
    });
    if (!filter.statuses().isEmpty()) {
      sql.append(" AND r.status IN (");
      String separator = "";
      for (RunState status : RunState.values()) { // in a fixed order: one text per set
        if (filter.statuses().contains(status)) {
          sql.append(separator).append(":").append(status.name());
          values.string(status.name(), status.name());
          separator = ", ";
        }
      }
      sql.append(')');
    }
    range(sql, values, walked, "created", filter.createdFrom(), filter.createdBefore());
    range(sql, values, "r", "updated", filter.updatedFrom(), filter.updatedBefore());
    filter.runIdPrefix().ifPresent(prefix -> {
      sql.append(" AND r.run_id LIKE :like ESCAPE '\\'");
      values.string("like", likePrefix(prefix));
      Optional<String> above = above(prefix);
      if (above.isPresent()) { // the same ids, as a range an index in byte order can seek
        sql.append(idRange);
        values.string("prefix", prefix).string("above", above.get());
      }
    });
    filter.parentId().ifPresent(parent -> {
      sql.append(" AND r.parent_run_id = :parentRunId");
      values.string("parentRunId", parent);
    });
    filter.forkedFrom().ifPresent(origin -> {
      sql.append(" AND r.forked_from = :forkedFrom");
      values.string("forkedFrom", origin);
    });
    filter.queue().ifPresent(queue -> {
      sql.append(" AND r.queue_name = :queue");
      values.string("queue", queue);
    });
    filter.errorCode().ifPresent(code -> {
      sql.append(" AND r.error_code = :errorCode");
      values.string("errorCode", code);
    });
    if (filter.afterRunId().isPresent()) {
      Instant createdAt = filter.afterCreatedAt().orElseThrow();
      // the first condition alone lets an index seek to the cursor; the second cuts within it
      sql.append(" AND ").append(walked).append(".created_at <= :afterCreatedAt AND (")
          .append(walked).append(".created_at < :afterCreatedAt OR (").append(walked)
          .append(".created_at = :afterCreatedAt AND ").append(walked)
          .append(".run_id < :afterRunId))");
      values.instant("afterCreatedAt", createdAt).string("afterRunId", filter.afterRunId().get());
    }
    // the same order, led by the column an equality fixes, so that H2 too walks the index that
    // starts with it in order, and stops at the limit, instead of reading and sorting all it finds
    // (H2 picks the workflow's index when a workflow is given, whatever else is: that one then)
    String lead = !filter.attributes().isEmpty() ? "a0.name DESC, a0.val DESC, "
        : filter.workflow().isPresent() ? "r.workflow_name DESC, "
        : filter.forkedFrom().isPresent() ? "r.forked_from DESC, "
        : filter.statuses().size() == 1 ? "r.status DESC, " : "";
    sql.append(" ORDER BY ").append(lead).append(walked).append(".created_at DESC, ")
        .append(walked).append(".run_id DESC LIMIT :limit");
    values.int4("limit", filter.limit());
    List<ListedRun> page = Sql.of(sql.toString()).list(connection, values, rows -> new ListedRun(
        runs.read(rows, 1), Optional.ofNullable(Rows.instant(rows, FIRE_AT_COLUMN)),
        Map.of()));
    Map<String, Map<String, String>> held = attributes.ofRuns(
        connection, page.stream().map(listed -> listed.run().runId()).toList());
    return page.stream().map(listed -> new ListedRun(listed.run(), listed.scheduledAt(),
        held.getOrDefault(listed.run().runId(), Map.of()))).toList();
  }

  /**
   * {@code attributes}, the one fewest runs hold first (counted up to {@link
   * AttributesTable#COUNTED} each, a bounded read of its index), so that the search walks the
   * shortest index range: "customer, region" and "region, customer" cost the same. One attribute
   * is not counted.
   */
  private Map<String, String> rarestFirst(Connection connection,
      Map<String, String> attributes) throws SQLException {
    if (attributes.size() < 2) {
      return attributes;
    }
    Map<String, Integer> holders = new HashMap<>();
    for (Map.Entry<String, String> attribute : attributes.entrySet()) {
      holders.put(attribute.getKey(),
          this.attributes.holders(connection, attribute.getKey(), attribute.getValue()));
    }
    Map<String, String> ordered = new LinkedHashMap<>();
    attributes.entrySet().stream() // a stable sort: equal counts keep the order given
        .sorted(Comparator.comparing((Map.Entry<String, String> a) -> holders.get(a.getKey())))
        .forEach(a -> ordered.put(a.getKey(), a.getValue()));
    return ordered;
  }

  /**
   * Appends the tables searched and the attributes sought, and returns the alias of the table whose
   * index gives the order. With attributes, the first one's rows lead (a0), walked by the index
   * {@code (name, val, created_at, run_id)} from the cursor on; each other attribute is looked up
   * for each row found, by the primary key {@code (run_id, name)}, in a scalar subquery. Joined
   * instead, PostgreSQL's generic plan (which it switches a prepared statement to after five
   * executions) knows no value's frequency and merged both attributes' index ranges: a quarter of
   * the runs read to find ten.
   */
  private String from(StringBuilder sql, Values values, Map<String, String> attributes) {
    if (attributes.isEmpty()) {
      sql.append(runsFrom);
      return "r";
    }
    sql.append(attributesFrom);
    int a = 0;
    for (Map.Entry<String, String> attribute : attributes.entrySet()) {
      if (a > 0) {
        sql.append(" AND (SELECT a").append(a).append(".val FROM ").append(this.attributes.table)
            .append(" a").append(a).append(" WHERE a").append(a).append(".run_id = a0.run_id AND a")
            .append(a).append(".name = :attrName").append(a).append(") = :attrValue").append(a);
      }
      values.string("attrName" + a, attribute.getKey())
          .string("attrValue" + a, attribute.getValue());
      a++;
    }
    return "a0";
  }

  /**
   * A range of {@code <table>.<name>_at}, its bounds {@code :<name>From} and {@code
   * :<name>Before}.
   */
  private static void range(
      StringBuilder sql, Values values, String table, String name, Optional<Instant> from,
      Optional<Instant> before) {
    from.ifPresent(instant -> {
      sql.append(" AND ").append(table).append('.').append(name).append("_at >= :")
          .append(name).append("From");
      values.instant(name + "From", instant);
    });
    before.ifPresent(instant -> {
      sql.append(" AND ").append(table).append('.').append(name).append("_at < :")
          .append(name).append("Before");
      values.instant(name + "Before", instant);
    });
  }

  /**
   * The least string above every string that starts with {@code prefix}, in code point order (the
   * "C" collation's for UTF-8): the prefix with its last character incremented; empty when that
   * character is a surrogate or the highest of its plane (the LIKE alone then filters).
   */
  static Optional<String> above(String prefix) {
    if (prefix.isEmpty()) {
      return Optional.empty();
    }
    char last = prefix.charAt(prefix.length() - 1);
    if (Character.isSurrogate(last) || last == Character.MAX_VALUE || last + 1 >= 0xD800
        && last + 1 <= 0xDFFF) {
      return Optional.empty();
    }
    return Optional.of(prefix.substring(0, prefix.length() - 1) + (char) (last + 1));
  }

  /** {@code prefix} as a LIKE pattern that matches the ids starting with it, and only those. */
  static String likePrefix(String prefix) {
    return prefix.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%";
  }
}
