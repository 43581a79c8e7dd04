package dev.durable.runtime.internal.store;

import dev.durable.runtime.RunFilter;
import dev.durable.runtime.RunState;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The SQL of {@code listRuns}: the runs a {@link RunFilter} matches, newest first by {@code
 * (created_at, run_id)}, cut after the filter's cursor (keyset pagination), at most its limit. The
 * indexes of migration V12 serve the order alone, by workflow and by status, and seek to the
 * cursor, so that a deep page costs what the first does; the other criteria filter what they
 * find. The runs' input and output are not read: a list shows neither. docs/benchmarks.md, "Run
 * search (g)", has the plans and times at a million runs.
 */
final class RunSearch {
  private static final String COLUMNS = Rows.prefixed("r.", RunsTable.COLUMNS)
      .replace("r.input, r.output", "NULL, NULL");
  private static final String FROM = "SELECT " + COLUMNS + ", f.fire_at FROM durable_runs r"
      + " LEFT JOIN durable_schedule_runs f ON f.run_id = r.run_id WHERE 1 = 1";
  private static final int FIRE_AT_COLUMN = RunsTable.COLUMNS.split(",").length + 1;

  private RunSearch() {}

  /**
   * @param seekIdsInC whether the database has the run id index in the "C" collation (PostgreSQL,
   *     migration V12.1) for a prefix to be sought in
   */
  static List<ListedRun> select(Connection connection, RunFilter filter, boolean seekIdsInC)
      throws SQLException {
    StringBuilder sql = new StringBuilder(FROM);
    Params params = new Params();
    filter.workflow().ifPresent(name -> {
      sql.append(" AND r.workflow_name = ?");
      params.string(name);
    });
    filter.version().ifPresent(version -> {
      sql.append(" AND r.workflow_version = ?");
      params.string(version);
    });
    if (!filter.statuses().isEmpty()) {
      sql.append(" AND r.status IN (");
      String separator = "";
      for (RunState status : RunState.values()) { // in a fixed order: one text per set
        if (filter.statuses().contains(status)) {
          sql.append(separator).append('?');
          params.string(status.name());
          separator = ", ";
        }
      }
      sql.append(')');
    }
    range(sql, params, "r.created_at", filter.createdFrom(), filter.createdBefore());
    range(sql, params, "r.updated_at", filter.updatedFrom(), filter.updatedBefore());
    filter.runIdPrefix().ifPresent(prefix -> {
      sql.append(" AND r.run_id LIKE ? ESCAPE '\\'");
      params.string(likePrefix(prefix));
      Optional<String> above = above(prefix);
      if (seekIdsInC && above.isPresent()) {
        // the same ids, as a range an index in byte order can seek
        sql.append(" AND r.run_id COLLATE \"C\" >= ? AND r.run_id COLLATE \"C\" < ?");
        params.string(prefix).string(above.get());
      }
    });
    filter.parentId().ifPresent(parent -> {
      sql.append(" AND r.parent_run_id = ?");
      params.string(parent);
    });
    filter.errorCode().ifPresent(code -> {
      sql.append(" AND r.error_code = ?");
      params.string(code);
    });
    if (filter.afterRunId().isPresent()) {
      Instant createdAt = filter.afterCreatedAt().orElseThrow();
      // the first condition alone lets an index seek to the cursor; the second cuts within it
      sql.append(" AND r.created_at <= ?"
          + " AND (r.created_at < ? OR (r.created_at = ? AND r.run_id < ?))");
      params.instant(createdAt).instant(createdAt).instant(createdAt)
          .string(filter.afterRunId().get());
    }
    // the same order, led by the column an equality fixes, so that H2 too walks the index that
    // starts with it in order, and stops at the limit, instead of reading and sorting all it finds
    // (H2 picks the workflow's index when a workflow is given, whatever else is: that one then)
    String lead = filter.workflow().isPresent() ? "r.workflow_name DESC, "
        : filter.statuses().size() == 1 ? "r.status DESC, " : "";
    sql.append(" ORDER BY ").append(lead).append("r.created_at DESC, r.run_id DESC LIMIT ?");
    params.int4(filter.limit());
    try (PreparedStatement select = connection.prepareStatement(sql.toString())) {
      params.bind(select);
      List<ListedRun> runs = new ArrayList<>();
      try (ResultSet rows = select.executeQuery()) {
        while (rows.next()) {
          runs.add(new ListedRun(RunsTable.read(rows, 1),
              Optional.ofNullable(Rows.instant(rows, FIRE_AT_COLUMN))));
        }
      }
      return runs;
    }
  }

  private static void range(
      StringBuilder sql, Params params, String column, Optional<Instant> from,
      Optional<Instant> before) {
    from.ifPresent(instant -> {
      sql.append(" AND ").append(column).append(" >= ?");
      params.instant(instant);
    });
    before.ifPresent(instant -> {
      sql.append(" AND ").append(column).append(" < ?");
      params.instant(instant);
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
