package dev.durable.runtime.internal.store.run;

import dev.durable.runtime.internal.model.WorkflowKey;
import dev.durable.runtime.internal.store.sql.Schema;
import dev.durable.runtime.internal.store.sql.Dialect;
import dev.durable.runtime.internal.store.sql.Sql;
import dev.durable.runtime.internal.store.sql.Values;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;

/**
 * The catalogue of the leases on the runs: the filters that select which runs a claim takes (the
 * poll's, the claim ahead of a timer, the hand-back's), which each dialect puts into its claim
 * ({@code Dialect#claimDue}), and renewing, expiring and releasing leases. Each statement is
 * written whole, with named parameters ({@link Sql}), once per store, with its schema.
 */
public final class RunLeases {
  /**
   * The due runs of some workflows ({@link #dueFilter}: their keys), earliest first, at most a
   * batch: an index range scan on {@code due_at}, whose cost does not grow with the number of
   * sleeping runs. The limit is written in the text, one of a few sizes ({@link Claims#batch}):
   * with a bound limit, PostgreSQL's generic plan guesses it at a tenth of a third of the table, and
   * with many runs sleeping that plan cost more than one planned for the values, so the server
   * planned the claim afresh at each poll, and a poll among 100,000 sleeping runs took half as long
   * again as among 1,000. Bounded below by {@link RunsTable#NO_EARLIER}, so that H2 does not walk
   * the ended runs' NULLs first.
   *
   * <p>A run a queue's admission just made due is left, for {@link #ADMITTED_HOLD}, to the engine
   * it was given to ({@code admitted_by}): where engines share the queue, the one admitting gives
   * each its part of the queue's slots ({@code QueueEngines}), and its own part it claims in the
   * same poll. Once the hold has passed, any engine takes the run: one that was given runs and
   * died, or had no free slot for them, holds them back no longer.
   */
  private static final String DUE = "due_at >= :noEarlier AND due_at <= :now"
      + " AND (admitted_by IS NULL OR admitted_by = :owner OR admitted_at <= :admittedBefore)"
      + " AND (";
  /** How long a run a queue just admitted is left to the engine it was given to ({@link #DUE}). */
  public static final Duration ADMITTED_HOLD = Duration.ofSeconds(1);
  /**
   * The runs among some that sleep until a time, earliest first, that a claim ahead of their due
   * time takes: primary key lookups. Only sleeping runs: a run still leased is never taken over
   * early.
   */
  public static final String AHEAD =
      "run_id = ANY (:runIds) AND status = 'SLEEPING' AND due_at <= :dueBy ORDER BY due_at";
  /** The runs among some that are due: those of a hand-back, in the order locks are taken. */
  public static final String DUE_AMONG = "run_id = ANY (:runIds) AND due_at <= :now ORDER BY run_id";

  /**
   * The runs leased to an owner until a time: those a claim just made, found through the index on
   * {@code due_at}, which a claim sets to the lease's end. (A renewal in the same microsecond would
   * add its runs: read for nothing, not wrongly.)
   */
  public final String justClaimed;
  /**
   * Extends an owner's lease on the runs it holds among some, in one statement that skips the rows
   * a progress write holds locked right now (they are renewed next time, a third of a lease
   * later), so that a renewal never waits on a write, nor deadlocks with one: PostgreSQL's. H2
   * (2.3.232) evaluates its locking subquery again for each row (renewing a thousand leases took
   * about 20 s), so it locks them first ({@link #held}) and then extends those ({@link #extend}).
   */
  private final Sql renew;
  private final Sql held;
  private final Sql extend;
  private final Sql release;
  /**
   * Ends every lease at {@code :now}, leaving each run leased to its engine: the claim that takes
   * it over then says whose it was, as for a lease that expired ({@code ClaimedRun.Takeover}).
   * The run's state and {@code updated_at} do not change.
   */
  private final Sql expire;
  /** Logs the release of the runs an owner (any owner, when null) leases: event {@code :type}. */
  private final Sql logReleased;

  public RunLeases(Schema schema, EventsTable events) {
    String runs = schema.table(RunsTable.NAME);
    justClaimed =
        "SELECT run_id FROM " + runs + " WHERE due_at = :leaseUntil AND lease_owner = :owner";
    // a run paused while its turn is in flight keeps its lease, and no due time, until the turn
    // gives it back: a resume meanwhile finds the turn still holding it, and lets it go on
    String extendLease = "UPDATE " + runs + " SET lease_until = :leaseUntil, due_at ="
        + " CASE WHEN status = 'PAUSED' THEN NULL ELSE :leaseUntil END WHERE run_id";
    String heldRuns = "SELECT run_id FROM " + runs + " WHERE run_id = ANY (:runIds)"
        + " AND lease_owner = :owner AND status IN ('RUNNING', 'PAUSED') FOR UPDATE SKIP LOCKED";
    renew = Sql.of(extendLease + " IN (" + heldRuns + ")");
    held = Sql.of(heldRuns);
    extend = Sql.of(extendLease + " = ANY (:locked)");
    release = Sql.of(
        "UPDATE " + runs + " SET status = 'PENDING', lease_owner = NULL, lease_until = NULL,"
            + " due_at = :now, epoch = epoch + 1, updated_at = :now"
            + " WHERE status = 'RUNNING' AND (lease_owner = :owner OR :owner IS NULL)");
    expire = Sql.of(
        "UPDATE " + runs + " SET lease_until = :now, due_at = :now WHERE status = 'RUNNING'");
    logReleased = Sql.of(
        events.insertRunEvents + " SELECT run_id, :now, :type, 0, lease_owner"
            + " FROM " + runs + " WHERE status = 'RUNNING'"
            + " AND (lease_owner = :owner OR :owner IS NULL)");
  }

  /**
   * The filter of at most {@code batch} due runs of {@code keys} workflows, earliest first ({@link
   * #DUE}); {@link #dueValues} binds it. Written once per shape, by the claim that keeps it.
   */
  public static String dueFilter(int keys, int batch) {
    StringBuilder filter = new StringBuilder(DUE);
    for (int i = 0; i < keys; i++) {
      filter.append(i == 0 ? "" : " OR ").append("(workflow_name = :workflowName").append(i)
          .append(" AND workflow_version = :workflowVersion").append(i).append(')');
    }
    return filter.append(") ORDER BY due_at LIMIT ").append(batch).toString();
  }

  /** The values of a due filter ({@link #dueFilter}), but for its claim's owner. */
  public static Values dueValues(Values values, Instant now, List<WorkflowKey> workflows) {
    values.instant("now", now).instant("noEarlier", RunsTable.NO_EARLIER)
        .instant("admittedBefore", now.minus(ADMITTED_HOLD));
    for (int i = 0; i < workflows.size(); i++) {
      values.string("workflowName" + i, workflows.get(i).name())
          .string("workflowVersion" + i, workflows.get(i).version());
    }
    return values;
  }

  /** The values every claim binds, besides its filter's: to whom, until when, and when. */
  public static Values claimValues(Values values, Instant now, String owner, Instant leaseUntil) {
    return values.instant("now", now).string("owner", owner).instant("leaseUntil", leaseUntil);
  }

  /**
   * Extends {@code owner}'s lease on those of {@code runIds} it holds, in one commit of {@code
   * dialect}'s ({@code Dialect#inOneCommit}): see {@link #renew}.
   */
  public int renew(Connection connection, Dialect dialect, String owner,
      Collection<String> runIds, Instant leaseUntil) throws SQLException {
    return dialect.updateLocked(connection, renew, held, extend, new Values()
        .instant("leaseUntil", leaseUntil).strings("runIds", runIds).string("owner", owner));
  }

  /**
   * Ends every run's lease now, and logs it first, as {@code eventType} (the engine that held the
   * run in the detail): for an engine starting on a store no other process can share, whose
   * previous process is gone. The runs are due at once, and the claims that take them over know
   * from whom ({@link #expire}).
   */
  public int expire(Connection connection, String eventType, Instant now) throws SQLException {
    Values values = new Values().string("owner", null).instant("now", now)
        .string("type", eventType);
    logReleased.update(connection, values);
    return expire.update(connection, values);
  }

  /**
   * Makes the runs leased by {@code owner} (every leased run when it is null) due at once, moving
   * their epochs on; logs it first, as {@code eventType}.
   */
  public int release(Connection connection, String owner, String eventType, Instant now)
      throws SQLException {
    Values values = new Values().string("owner", owner).instant("now", now)
        .string("type", eventType);
    logReleased.update(connection, values);
    return release.update(connection, values);
  }
}
