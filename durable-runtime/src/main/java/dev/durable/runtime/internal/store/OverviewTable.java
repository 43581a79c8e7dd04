package dev.durable.runtime.internal.store;

import java.sql.Connection;
import java.sql.ResultSet;
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
  /**
   * H2: the number of the period of {@code %s}, a timestamp column, counted from {@code :from},
   * for each run read.
   */
  private static final String H2_PERIOD = "FLOOR((EXTRACT(EPOCH FROM %s) * 1000"
      + " - CAST(:fromMillis AS BIGINT)) / CAST(:bucketMillis AS BIGINT))";
  /**
   * PostgreSQL: the runs counted per period start ({@code date_bin}, PostgreSQL 14 and later, in
   * whole microseconds), then each period's number from its start ({@code %s}: the query, whose
   * first column is the start). The numeric arithmetic of {@link #H2_PERIOD} for each run cost
   * PostgreSQL three times what the read did; here it is done once per period.
   */
  private static final String PG_PERIODS = "SELECT FLOOR(EXTRACT(EPOCH FROM t.p - CAST(:from AS"
      + " TIMESTAMP WITH TIME ZONE)) * 1000 / CAST(:bucketMillis AS BIGINT) + 0.5), t.* FROM (%s) t";
  private static final String PG_BIN = "date_bin(CAST(:bucketMillis AS DOUBLE PRECISION)"
      + " * INTERVAL '1 millisecond', %s, CAST(:from AS TIMESTAMP WITH TIME ZONE))";
  private static final String STARTED_RANGE =
      " FROM " + RUNS + " WHERE created_at >= :from AND created_at < :to";
  /**
   * Runs started per period, rows of (period, count): a range of {@code durable_runs_created}
   * (created_at, run_id; V12).
   */
  static final Sql STARTED_H2 = Sql.of("SELECT p, COUNT(*) FROM (SELECT "
      + String.format(H2_PERIOD, "created_at") + " AS p" + STARTED_RANGE + ") t GROUP BY p");
  static final Sql STARTED_PG = Sql.of("SELECT n, c FROM (" + String.format(PG_PERIODS,
      "SELECT " + String.format(PG_BIN, "created_at") + " AS p, COUNT(*) AS c" + STARTED_RANGE
          + " GROUP BY p") + ") s(n, p, c)");
  /**
   * Runs ended per period and how, rows of (state, period, count): a range of {@code
   * durable_runs_ended} (updated_at, status; V26), whose condition on the state is PostgreSQL's
   * partial index's own. H2 is told which index to use: left to choose, it took the runs by state
   * ({@code durable_runs_status_created}) for the condition on the state, and read every ended run
   * there is.
   */
  private static final String ENDED_RANGE = " WHERE status IN ('COMPLETED', 'FAILED', 'CANCELLED')"
      + " AND updated_at >= :from AND updated_at < :to";
  static final Sql ENDED_H2 = Sql.of("SELECT status, p, COUNT(*) FROM (SELECT status, "
      + String.format(H2_PERIOD, "updated_at") + " AS p FROM " + RUNS
      + " USE INDEX (durable_runs_ended)" + ENDED_RANGE + ") t GROUP BY status, p");
  static final Sql ENDED_PG = Sql.of("SELECT status, n, c FROM (" + String.format(PG_PERIODS,
      "SELECT " + String.format(PG_BIN, "updated_at") + " AS p, status, COUNT(*) AS c FROM " + RUNS
          + ENDED_RANGE + " GROUP BY p, status") + ") s(n, p, status, c)");

  private static final String SELECT_LISTED =
      "SELECT " + RunsTable.LISTED_COLUMNS + ", f.fire_at FROM " + RunsTable.SEARCH_FROM;
  private static final int FIRE_AT_COLUMN = RunsTable.COLUMN_COUNT + 1;
  /** One run, as {@link #OVERDUE} and {@link #ENQUEUED} read theirs: by its primary key. */
  static final Sql ONE = Sql.of(SELECT_LISTED + " WHERE r.run_id = :runId");
  /**
   * The runs due before {@code :cutoff} that no engine holds, earliest due first: pending runs not
   * taken, sleeping ones past their wake time, running ones past their lease: those whose {@link
   * StoredOverview#waitingSince} is their due time and before the cutoff. The poll's index
   * ({@code durable_runs_due}), read from its first due time up to the limit; the lower bound
   * ({@link RunsTable#NO_EARLIER}) skips the ended runs' NULLs on H2.
   */
  static final Sql OVERDUE = Sql.of(SELECT_LISTED + " WHERE r.due_at >= :noEarlier"
      + " AND r.due_at < :cutoff ORDER BY r.due_at LIMIT :limit");
  /**
   * The runs waiting for a queue's admission since before {@code :cutoff} (started then, and any
   * delay over by then: their {@link StoredOverview#waitingSince}), the earliest started first:
   * {@code durable_runs_status_created} (status, created_at, run_id; V12), walked in its order
   * from the first {@code ENQUEUED} entry.
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
    return sql.list(connection, new Values().instant("cutoff", cutoff).int4("limit", limit)
            .instant("noEarlier", RunsTable.NO_EARLIER), OverviewTable::listed);
  }

  /** Reads run {@code runId} ({@link #ONE}), if it is stored. */
  static Optional<ListedRun> one(Connection connection, String runId) throws SQLException {
    return ONE.list(connection, new Values().string("runId", runId), OverviewTable::listed)
        .stream().findFirst();
  }

  private static ListedRun listed(ResultSet rows) throws SQLException {
    return new ListedRun(RunsTable.read(rows, 1),
        Optional.ofNullable(Rows.instant(rows, FIRE_AT_COLUMN)), Map.of());
  }
}
