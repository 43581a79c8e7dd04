package dev.durable.runtime.internal.store;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The SQL of the operators' overview ({@link StoredOverview}): the runs started and ended per
 * period of a window, and the runs waiting longest past their time. Every statement is a range of
 * one index, read up to a limit or across the window alone: what it costs grows with the window's
 * runs, not with the table. Periods are counted in the database (a number per period), not
 * fetched run by run.
 */
final class OverviewTable {
  private static final String RUNS = RunsTable.TABLE;
  /** The number of the period of {@code %s}, a timestamp column, counted from {@code :from}. */
  private static final String PERIOD = "FLOOR((EXTRACT(EPOCH FROM %s) * 1000"
      + " - CAST(:fromMillis AS BIGINT)) / CAST(:bucketMillis AS BIGINT))";
  /** Runs started per period: a range of {@code durable_runs_created} (created_at, run_id; V12). */
  static final Sql STARTED = Sql.of(
      "SELECT p, COUNT(*) FROM (SELECT " + String.format(PERIOD, "created_at") + " AS p FROM "
          + RUNS + " WHERE created_at >= :from AND created_at < :to) t GROUP BY p");
  /**
   * Runs ended per period and how ({@code %s}: the table): a range of {@code durable_runs_ended}
   * (updated_at, status; V26), whose condition on the state is PostgreSQL's partial index's own.
   */
  private static final String ENDED_FROM =
      "SELECT status, p, COUNT(*) FROM (SELECT status, " + String.format(PERIOD, "updated_at")
          + " AS p FROM %s WHERE status IN ('COMPLETED', 'FAILED', 'CANCELLED')"
          + " AND updated_at >= :from AND updated_at < :to) t GROUP BY status, p";
  static final Sql ENDED = Sql.of(String.format(ENDED_FROM, RUNS));
  /**
   * {@link #ENDED} on H2, told which index to use: left to choose, it took the runs by state
   * ({@code durable_runs_status_created}) for the condition on the state, and read every ended
   * run there is.
   */
  static final Sql ENDED_H2 = Sql.of(
      String.format(ENDED_FROM, RUNS + " USE INDEX (durable_runs_ended)"));
  private static final String SELECT_LISTED =
      "SELECT " + RunsTable.LISTED_COLUMNS + ", f.fire_at FROM " + RunsTable.SEARCH_FROM;
  private static final int FIRE_AT_COLUMN = RunsTable.COLUMN_COUNT + 1;
  /**
   * The runs due before {@code :cutoff} that no engine holds, earliest due first: pending runs not
   * taken, sleeping ones past their wake time, running ones past their lease. The poll's index
   * ({@code durable_runs_due}), read from its start up to the limit.
   */
  static final Sql OVERDUE = Sql.of(SELECT_LISTED + " WHERE r.due_at < :cutoff"
      + " ORDER BY r.due_at LIMIT :limit");
  /**
   * The runs waiting for a queue's admission since before {@code :cutoff} (started then, and any
   * delay over by then), the earliest started first: {@code durable_runs_status_created} (status,
   * created_at, run_id; V12), walked in its order from the first {@code ENQUEUED} entry.
   */
  static final Sql ENQUEUED = Sql.of(SELECT_LISTED + " WHERE r.status = 'ENQUEUED'"
      + " AND r.created_at < :cutoff AND (r.wake_at IS NULL OR r.wake_at < :cutoff)"
      + " ORDER BY r.status, r.created_at LIMIT :limit");

  private OverviewTable() {}

  /** The bounds and period of a count of the window from {@code from} to {@code to}. */
  static Values window(Instant from, Instant to, Duration bucket) {
    return new Values().instant("from", from).instant("to", to)
        .int8("fromMillis", from.toEpochMilli()).int8("bucketMillis", bucket.toMillis());
  }

  /** Reads a run of {@link #OVERDUE} or {@link #ENQUEUED}. */
  static List<ListedRun> waiting(Connection connection, Sql sql, Instant cutoff, int limit)
      throws SQLException {
    return sql.list(connection, new Values().instant("cutoff", cutoff).int4("limit", limit),
        rows -> new ListedRun(RunsTable.read(rows, 1),
            Optional.ofNullable(Rows.instant(rows, FIRE_AT_COLUMN)), Map.of()));
  }
}
