package dev.durable.runtime.internal.store.dialect;

import dev.durable.runtime.internal.model.ClaimedRun;
import dev.durable.runtime.internal.model.TaskRecord;
import dev.durable.runtime.internal.model.WorkflowKey;
import dev.durable.runtime.internal.store.run.EventsTable;
import dev.durable.runtime.internal.store.run.RunLeases;
import dev.durable.runtime.internal.store.run.RunsTable;
import dev.durable.runtime.internal.store.run.StepsTable;
import dev.durable.runtime.internal.store.sql.Round;
import dev.durable.runtime.internal.store.sql.Sql;
import dev.durable.runtime.internal.store.sql.Values;
import dev.durable.runtime.internal.store.task.TasksTable;
import dev.durable.runtime.internal.store.turn.ClaimedRows;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * PostgreSQL's claims ({@code Dialect#claimDue}, {@code Dialect#claimAhead}, {@link
 * Dialect#claimTasks}), each one statement that takes the rows no other engine or worker holds
 * locked ({@code FOR UPDATE SKIP LOCKED}), leases them and logs the claims; the poll's claim is
 * sent with the reads of its runs' turns in one text: one round trip, one commit.
 */
final class PostgresClaims {
  /**
   * Claims the due rows no other engine is claiming ({@code due}, which a filter selects {@code
   * FOR UPDATE SKIP LOCKED}) in one statement: leases them and moves their epochs on, returning
   * each run with its state before ({@code claimed}), and logs the claim ({@link
   * EventsTable#logClaimed}); the filter goes between {@link #claimBefore} and this.
   *
   * <p>The rows to update are named by an array of their ids as well as by the join: PostgreSQL
   * estimates such an array at ten elements, so the statement's generic plan (prepared once, with
   * no values bound) looks them up by primary key and costs what a plan for the values does, and
   * the server keeps it instead of planning the claim afresh at every poll.
   */
  private final String claimAfter;
  private final String claimBefore;
  private final ClaimedRows claimedRows;
  private final TasksTable tasks;
  private final Round.Statements reads;
  private final Sql claimAhead;
  /** The claim of the runs among some that are due: a hand-back's ({@link PostgresOutcomes}). */
  final Sql claimDueAmong;
  /**
   * Claims the oldest queued tasks of some steps for a worker in one statement; concurrent
   * workers skip each other's rows. Its commit does not wait for the write-ahead log to reach the
   * disk ({@code synchronous_commit} off for this transaction only): a claim that a crash of
   * PostgreSQL undoes leaves the task queued, to be claimed and served again, and the outcome of
   * its first serving is refused, as for a task given up as lost. So a claim need not be durable,
   * and the next durable commit (the outcome's) flushes it anyway.
   */
  private final Sql claimTasks;
  /** The poll's claim with its reads, in one text, by workflow count and batch. */
  private final Map<List<Integer>, Round.Statements> dueClaims = new ConcurrentHashMap<>();

  PostgresClaims(RunsTable runs, StepsTable steps, EventsTable events, TasksTable tasks) {
    claimBefore = "WITH due AS (SELECT run_id, status AS previous_status,"
        + " lease_owner AS previous_owner, due_at AS previous_due,"
        + " updated_at AS previous_updated FROM " + runs.table + " WHERE ";
    claimAfter = " FOR UPDATE SKIP LOCKED),"
        + " claimed AS (UPDATE " + runs.table + " r SET status = 'RUNNING', lease_owner = :owner,"
        + " lease_until = :leaseUntil, due_at = :leaseUntil, wake_at = NULL, woken_at = NULL,"
        + " epoch = r.epoch + 1, updated_at = :now FROM due"
        + " WHERE r.run_id = ANY (ARRAY(SELECT run_id FROM due)) AND r.run_id = due.run_id"
        + " RETURNING " + RunsTable.prefixedColumns() + ", due.previous_status,"
        + " due.previous_owner, due.previous_due, due.previous_updated),"
        + " logged AS (" + events.logClaimed("claimed") + ")"
        + " SELECT * FROM claimed ORDER BY due_at";
    claimedRows = new ClaimedRows(runs, steps, tasks);
    reads = claimedRows.reads();
    this.tasks = tasks;
    claimAhead = claim(RunLeases.AHEAD);
    claimDueAmong = claim(RunLeases.DUE_AMONG);
    claimTasks = Sql.of("WITH relaxed AS (SELECT set_config('synchronous_commit', 'off', true)),"
        + " picked AS (SELECT task_id AS picked_id FROM " + tasks.table + ", relaxed"
        + " WHERE status = 'QUEUED' AND step = ANY (:steps) ORDER BY created_at LIMIT :limit"
        + " FOR UPDATE OF " + TasksTable.NAME + " SKIP LOCKED)"
        + " UPDATE " + tasks.table + " SET status = 'RUNNING', worker_id = :workerId,"
        + " claimed_at = :now FROM picked WHERE task_id = picked.picked_id RETURNING "
        + TasksTable.COLUMNS);
  }

  /** The claim of the runs {@code filter} selects. */
  private Sql claim(String filter) {
    return Sql.of(claimBefore + filter + claimAfter);
  }

  /** Reading what the claims return. */
  ClaimedRows claimedRows() {
    return claimedRows;
  }

  /** The reads of the runs a claim just leased, which a hand-back sends after its claim. */
  Round.Statements reads() {
    return reads;
  }

  List<ClaimedRun> due(Connection connection, List<WorkflowKey> workflows, int batch,
      Instant now, String owner, Instant leaseUntil) throws SQLException {
    Values values = RunLeases.claimValues(
        RunLeases.dueValues(new Values(), now, workflows), now, owner, leaseUntil);
    Round.Statements claim = dueClaims.computeIfAbsent(List.of(workflows.size(), batch),
        shape -> Round.Statements.of(claim(RunLeases.dueFilter(workflows.size(), batch)),
            reads.parts().get(0), reads.parts().get(1)));
    try (Round round = Round.oneText(connection, claim, values)) {
      List<ClaimedRun> claimed;
      try (ResultSet rows = round.rows()) {
        claimed = claimedRows.read(rows);
      }
      return claimedRows.withReads(claimed, round);
    }
  }

  List<ClaimedRun> ahead(Connection connection, List<String> runIds, Instant dueBy, Instant now,
      String owner, Instant leaseUntil) throws SQLException {
    Values values = RunLeases.claimValues(
        new Values().strings("runIds", runIds).instant("dueBy", dueBy), now, owner, leaseUntil);
    try (PreparedStatement claim = claimAhead.prepare(connection, values);
        ResultSet rows = claim.executeQuery()) {
      return claimedRows.read(rows);
    }
  }

  List<TaskRecord> tasks(Connection connection, List<String> steps, int limit, String workerId,
      Instant now) throws SQLException {
    return claimTasks.list(connection, new Values().strings("steps", steps).int4("limit", limit)
        .string("workerId", workerId).instant("now", now), tasks::task);
  }
}
