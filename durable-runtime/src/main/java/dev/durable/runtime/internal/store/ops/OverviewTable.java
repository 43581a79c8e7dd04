package dev.durable.runtime.internal.store.ops;

import dev.durable.runtime.internal.model.ListedRun;
import dev.durable.runtime.internal.store.run.RunsTable;
import dev.durable.runtime.internal.store.sql.Rows;
import dev.durable.runtime.internal.store.sql.Schema;
import dev.durable.runtime.internal.store.sql.Sql;
import dev.durable.runtime.internal.store.sql.Values;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The statements of the operators' overview ({@link StoredOverview}), built once per store with
 * its schema: the ranges of the runs started and ended in a window, which each dialect counts per
 * period ({@code Dialect#startedPerPeriod}, {@code Dialect#endedPerPeriod}), and the runs waiting
 * longest past their time. Every statement is a range of one index, read up to a limit or across
 * the window alone: what it costs grows with the window's runs, not with the table. Periods are
 * counted in the database (a number per period), not fetched run by run.
 */
public final class OverviewTable {
  /**
   * The runs started in the window, after their table: a range of {@code durable_runs_created}
   * (created_at, run_id; V12).
   */
  public static final String STARTED_IN_WINDOW = " WHERE created_at >= :from AND created_at < :to";
  /**
   * The runs ended in the window, after their table: a range of {@code durable_runs_ended}
   * (updated_at, status; V26), whose condition on the state is PostgreSQL's partial index's own.
   */
  public static final String ENDED_IN_WINDOW = " WHERE status IN ('COMPLETED', 'FAILED', 'CANCELLED')"
      + " AND updated_at >= :from AND updated_at < :to";
  private static final int FIRE_AT_COLUMN = RunsTable.COLUMN_COUNT + 1;

  /** One run, as {@link #overdue} and {@link #enqueued} read theirs: by its primary key. */
  final Sql one;
  /**
   * The runs due before {@code :cutoff} that no engine holds, earliest due first: pending runs not
   * taken, sleeping ones past their wake time, running ones past their lease: those whose {@link
   * StoredOverview#waitingSince} is their due time and before the cutoff. The poll's index
   * ({@code durable_runs_due}), read from its first due time up to the limit; the lower bound
   * ({@link RunsTable#NO_EARLIER}) skips the ended runs' NULLs on H2.
   */
  final Sql overdue;
  /**
   * The runs waiting for a queue's admission since before {@code :cutoff} (started then, and any
   * delay over by then: their {@link StoredOverview#waitingSince}), the earliest started first:
   * {@code durable_runs_status_created} (status, created_at, run_id; V12), walked in its order
   * from the first {@code ENQUEUED} entry.
   */
  final Sql enqueued;
  /** The runs paused now, a range of {@code durable_runs_status_created}. */
  final Sql paused;

  private final RunsTable runs;

  public OverviewTable(Schema schema, RunsTable runs) {
    this.runs = runs;
    String listed = "SELECT " + RunsTable.LISTED_COLUMNS + ", f.fire_at FROM "
        + RunSearch.runsAndFireTimes(schema, runs);
    one = Sql.of(listed + " WHERE r.run_id = :runId");
    overdue = Sql.of(listed + " WHERE r.due_at >= :noEarlier AND r.due_at < :cutoff"
        + " ORDER BY r.due_at LIMIT :limit");
    paused = Sql.of("SELECT COUNT(*) FROM " + runs.table + " WHERE status = 'PAUSED'");
    enqueued = Sql.of(listed + " WHERE r.status = 'ENQUEUED'"
        + " AND r.created_at < :cutoff AND (r.wake_at IS NULL OR r.wake_at < :cutoff)"
        + " ORDER BY r.status, r.created_at LIMIT :limit");
  }

  /** The bounds and period of a count of the window from {@code from} to {@code to}. */
  static Values window(Instant from, Instant to, Duration bucket) {
    return new Values().instant("from", from).instant("to", to)
        .int8("fromMillis", from.toEpochMilli()).int8("bucketMillis", bucket.toMillis());
  }

  /** Reads the runs of {@link #overdue} or {@link #enqueued}. */
  List<ListedRun> waiting(Connection connection, Sql sql, Instant cutoff, int limit)
      throws SQLException {
    return sql.list(connection, new Values().instant("cutoff", cutoff).int4("limit", limit)
            .instant("noEarlier", RunsTable.NO_EARLIER), this::listed);
  }

  /** Reads run {@code runId} ({@link #one}), if it is stored. */
  Optional<ListedRun> one(Connection connection, String runId) throws SQLException {
    return one.list(connection, new Values().string("runId", runId), this::listed)
        .stream().findFirst();
  }

  private ListedRun listed(ResultSet rows) throws SQLException {
    return new ListedRun(runs.read(rows, 1),
        Optional.ofNullable(Rows.instant(rows, FIRE_AT_COLUMN)), Map.of());
  }
}
