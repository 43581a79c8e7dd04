package dev.durable.runtime.internal.store;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Collection;
import java.util.List;

/**
 * The catalogue of the claims and leases on {@link RunsTable#TABLE}: leasing due runs to an engine
 * (the poll's claim, the claim ahead of a timer, the hand-back's), renewing and releasing leases.
 * Each statement is written whole, with named parameters ({@link Sql}); the filters that select
 * which runs a claim takes are written once and put into the claims that use them.
 */
final class RunLeases {
  private static final String RUNS = RunsTable.TABLE;
  /**
   * Claims one run by a compare-and-set on its epoch, if it is due by {@code dueBy}, for a claim
   * that read it first ({@link Claims}, the statements form); a claim ahead of the due time takes
   * only a sleeping run ({@link #CLAIM_SLEEPING_READ}).
   */
  static final Sql CLAIM_READ = Sql.of(
      "UPDATE " + RUNS + " SET status = 'RUNNING', lease_owner = :owner,"
          + " lease_until = :leaseUntil, due_at = :leaseUntil, wake_at = NULL, woken_at = NULL,"
          + " epoch = epoch + 1, updated_at = :now"
          + " WHERE run_id = :runId AND epoch = :epoch AND due_at <= :dueBy");
  static final Sql CLAIM_SLEEPING_READ = Sql.of(
      CLAIM_READ.named() + " AND status = 'SLEEPING'");
  /**
   * Claims the due rows no other engine is claiming ({@code due}, which a filter selects {@code
   * FOR UPDATE SKIP LOCKED}) in one statement: leases them and moves their epochs on, returning
   * each run with its state before ({@code claimed}), and logs the claim ({@link
   * EventsTable#LOG_CLAIMED}). {@code %s} is the filter. PostgreSQL only: H2 has no {@code UPDATE}
   * in a {@code WITH}.
   *
   * <p>The rows to update are named by an array of their ids as well as by the join: PostgreSQL
   * estimates such an array at ten elements, so the statement's generic plan (prepared once, with
   * no values bound) looks them up by primary key and costs what a plan for the values does, and
   * the server keeps it instead of planning the claim afresh at every poll ({@link #DUE}).
   */
  private static final String CLAIM_SKIPPING_LOCKED =
      "WITH due AS (SELECT run_id, status AS previous_status, lease_owner AS previous_owner,"
          + " due_at AS previous_due, updated_at AS previous_updated FROM " + RUNS
          + " WHERE %s FOR UPDATE SKIP LOCKED),"
          + " claimed AS (UPDATE " + RUNS + " r SET status = 'RUNNING', lease_owner = :owner,"
          + " lease_until = :leaseUntil, due_at = :leaseUntil, wake_at = NULL, woken_at = NULL,"
          + " epoch = r.epoch + 1, updated_at = :now FROM due"
          + " WHERE r.run_id = ANY (ARRAY(SELECT run_id FROM due)) AND r.run_id = due.run_id"
          + " RETURNING " + RunsTable.prefixedColumns() + ", due.previous_status,"
          + " due.previous_owner, due.previous_due, due.previous_updated),"
          + " logged AS (" + EventsTable.LOG_CLAIMED.named() + ")"
          + " SELECT * FROM claimed ORDER BY due_at";
  /**
   * The due runs of some workflows ({@code %1$s}: their keys), earliest first, at most {@code
   * %2$d}: an index range scan on {@code due_at}, whose cost does not grow with the number of
   * sleeping runs. The limit is written in the text, one of a few sizes ({@link Claims#batch}):
   * with a bound limit, PostgreSQL's generic plan guesses it at a tenth of a third of the table, and
   * with many runs sleeping that plan cost more than one planned for the values, so the server
   * planned the claim afresh at each poll, and a poll among 100,000 sleeping runs took half as long
   * again as among 1,000. Bounded below by {@link RunsTable#NO_EARLIER}, so that H2 does not walk
   * the ended runs' NULLs first.
   */
  private static final String DUE =
      "due_at >= :noEarlier AND due_at <= :now AND (%1$s) ORDER BY due_at LIMIT %2$d";
  /** A workflow's key in {@link #DUE}, the {@code %d}th. */
  private static final String DUE_KEY =
      "(workflow_name = :workflowName%1$d AND workflow_version = :workflowVersion%1$d)";
  /**
   * The runs among some that sleep until a time, earliest first, that a claim ahead of their due
   * time takes: primary key lookups. Only sleeping runs: a run still leased is never taken over
   * early.
   */
  private static final String AHEAD =
      "run_id = ANY (:runIds) AND status = 'SLEEPING' AND due_at <= :dueBy ORDER BY due_at";
  /** The runs among some that are due: those of a hand-back, in the order locks are taken. */
  private static final String DUE_AMONG =
      "run_id = ANY (:runIds) AND due_at <= :now ORDER BY run_id";
  static final Sql CLAIM_AHEAD = Sql.of(String.format(CLAIM_SKIPPING_LOCKED, AHEAD));
  static final Sql CLAIM_DUE_AMONG = Sql.of(String.format(CLAIM_SKIPPING_LOCKED, DUE_AMONG));
  /** The runs that {@link #AHEAD} selects, for a claim that reads first. */
  static final Sql SELECT_AHEAD = Sql.of("SELECT run_id FROM " + RUNS + " WHERE " + AHEAD);
  /**
   * The runs leased to an owner until a time: those a claim just made, found through the index on
   * {@code due_at}, which a claim sets to the lease's end. (A renewal in the same microsecond would
   * add its runs: read for nothing, not wrongly.)
   */
  static final String JUST_CLAIMED =
      "SELECT run_id FROM " + RUNS + " WHERE due_at = :leaseUntil AND lease_owner = :owner";
  /**
   * Extends an owner's lease on the runs it holds among some, in one statement that skips the rows
   * a progress write holds locked right now (they are renewed next time, a third of a lease
   * later), so that a renewal never waits on a write, nor deadlocks with one. H2 accepts it as
   * PostgreSQL does (it skips only its limits' rows wrongly, and this has none).
   */
  private static final Sql RENEW = Sql.of(
      "UPDATE " + RUNS + " SET lease_until = :leaseUntil, due_at = :leaseUntil WHERE run_id IN"
          + " (SELECT run_id FROM " + RUNS + " WHERE run_id = ANY (:runIds)"
          + " AND lease_owner = :owner AND status = 'RUNNING' FOR UPDATE SKIP LOCKED)");
  private static final Sql RELEASE = Sql.of(
      "UPDATE " + RUNS + " SET status = 'PENDING', lease_owner = NULL, lease_until = NULL,"
          + " due_at = :now, epoch = epoch + 1, updated_at = :now"
          + " WHERE status = 'RUNNING' AND (lease_owner = :owner OR :owner IS NULL)");
  /**
   * Ends every lease at {@code :now}, leaving each run leased to its engine: the claim that takes
   * it over then says whose it was, as for a lease that expired ({@link ClaimedRun.Takeover}).
   * The run's state and {@code updated_at} do not change.
   */
  private static final Sql EXPIRE = Sql.of("UPDATE " + RUNS
      + " SET lease_until = :now, due_at = :now WHERE status = 'RUNNING'");
  /** Logs the release of the runs an owner (any owner, when null) leases: event {@code :type}. */
  private static final Sql LOG_RELEASED = Sql.of(
      EventsTable.INSERT_RUN_EVENTS + " SELECT run_id, :now, :type, 0, lease_owner"
          + " FROM " + RUNS + " WHERE status = 'RUNNING'"
          + " AND (lease_owner = :owner OR :owner IS NULL)");

  private RunLeases() {}

  /**
   * The claim of at most {@code batch} due runs of {@code keys} workflows ({@link
   * #CLAIM_SKIPPING_LOCKED}); {@link #dueValues} binds its filter.
   */
  static Sql claimDue(int keys, int batch) {
    return Sql.of(String.format(CLAIM_SKIPPING_LOCKED, dueFilter(keys, batch)));
  }

  /**
   * The ids of the due runs of {@code keys} workflows, for a claim that reads first. H2 is told to
   * use the due-time index: left to choose, it took the index of runs by workflow (V12, for the
   * run search) and read every run of the workflow at each poll, 35 ms among 100,000 sleeping runs
   * instead of half a millisecond.
   */
  static Sql selectDue(int keys, int batch) {
    return Sql.of("SELECT run_id FROM " + RUNS + " USE INDEX (" + RunsTable.DUE_INDEX + ") WHERE "
        + dueFilter(keys, batch));
  }

  private static String dueFilter(int keys, int batch) {
    StringBuilder filter = new StringBuilder();
    for (int i = 0; i < keys; i++) {
      filter.append(i == 0 ? "" : " OR ").append(String.format(DUE_KEY, i));
    }
    return String.format(DUE, filter, batch);
  }

  /** The values of a due filter ({@link #claimDue}, {@link #selectDue}). */
  static Values dueValues(Values values, Instant now, List<WorkflowKey> workflows) {
    values.instant("now", now).instant("noEarlier", RunsTable.NO_EARLIER);
    for (int i = 0; i < workflows.size(); i++) {
      values.string("workflowName" + i, workflows.get(i).name())
          .string("workflowVersion" + i, workflows.get(i).version());
    }
    return values;
  }

  /** The values every claim binds, besides its filter's: to whom, until when, and when. */
  static Values claimValues(Values values, Instant now, String owner, Instant leaseUntil) {
    return values.instant("now", now).string("owner", owner).instant("leaseUntil", leaseUntil);
  }

  /** Extends {@code owner}'s lease on those of {@code runIds} it holds: see {@link #RENEW}. */
  static int renew(
      Connection connection, String owner, Collection<String> runIds, Instant leaseUntil)
      throws SQLException {
    return RENEW.update(connection, new Values().instant("leaseUntil", leaseUntil)
        .strings("runIds", runIds).string("owner", owner));
  }

  /**
   * Ends every run's lease now, and logs it first, as {@code eventType} (the engine that held the
   * run in the detail): for an engine starting on a store no other process can share, whose
   * previous process is gone. The runs are due at once, and the claims that take them over know
   * from whom ({@link #EXPIRE}).
   */
  static int expire(Connection connection, String eventType, Instant now) throws SQLException {
    Values values = new Values().string("owner", null).instant("now", now)
        .string("type", eventType);
    LOG_RELEASED.update(connection, values);
    return EXPIRE.update(connection, values);
  }

  /**
   * Makes the runs leased by {@code owner} (every leased run when it is null) due at once, moving
   * their epochs on; logs it first, as {@code eventType}.
   */
  static int release(Connection connection, String owner, String eventType, Instant now)
      throws SQLException {
    Values values = new Values().string("owner", owner).instant("now", now)
        .string("type", eventType);
    LOG_RELEASED.update(connection, values);
    return RELEASE.update(connection, values);
  }
}
