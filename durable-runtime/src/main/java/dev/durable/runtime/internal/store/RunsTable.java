package dev.durable.runtime.internal.store;

import dev.durable.runtime.RunError;
import dev.durable.runtime.RunState;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The catalogue of {@code durable_runs}: every statement on the runs, written whole with named
 * parameters ({@link Sql}), and reading a run row.
 */
final class RunsTable {
  static final String COLUMNS =
      "run_id, workflow_name, workflow_version, status, input, output, error_message, error_code,"
          + " error_type, error_step, created_at, updated_at, wake_at, due_at, lease_owner,"
          + " lease_until, epoch, deadline_at, parent_run_id, graph_fingerprint, trace_context";
  /**
   * {@link #COLUMNS} under the alias {@code r}, without the input and output (a NULL each, where
   * {@link #read} expects them): the run search's, as a list shows neither.
   */
  static final String LISTED_COLUMNS =
      "r.run_id, r.workflow_name, r.workflow_version, r.status, NULL, NULL, r.error_message,"
          + " r.error_code, r.error_type, r.error_step, r.created_at, r.updated_at, r.wake_at,"
          + " r.due_at, r.lease_owner, r.lease_until, r.epoch, r.deadline_at, r.parent_run_id,"
          + " r.graph_fingerprint, r.trace_context";
  /** How many columns {@link #COLUMNS} names, and {@link #read} reads. */
  static final int COLUMN_COUNT = 21;
  static final Sql INSERT = Sql.of(
      "INSERT INTO durable_runs (run_id, workflow_name, workflow_version, status, input,"
          + " created_at, updated_at, due_at, lease_owner, lease_until, epoch, deadline_at,"
          + " parent_run_id, graph_fingerprint, trace_context) VALUES (:runId, :workflowName,"
          + " :workflowVersion, :status, :input, :now, :now, :dueAt, :owner, :leaseUntil, :epoch,"
          + " :deadlineAt, :parentRunId, :fingerprint, :traceContext)");
  /**
   * {@link #INSERT} that inserts nothing where the id is taken (PostgreSQL: a unique violation
   * would abort the transaction).
   */
  static final Sql INSERT_IF_ABSENT = Sql.of(INSERT.named() + " ON CONFLICT (run_id) DO NOTHING");
  private static final Sql SELECT = Sql.of(
      "SELECT " + COLUMNS + " FROM durable_runs WHERE run_id = :runId");
  /** A run's workflow and state, its row locked until the commit: it cannot end meanwhile. */
  private static final Sql LOCK = Sql.of(
      "SELECT workflow_name, workflow_version, status FROM durable_runs WHERE run_id = :runId"
          + " FOR UPDATE");
  /**
   * Locks the rows of the runs whose tasks a worker just answered ({@link TasksTable#STORED}), in
   * the order of their ids, so that two workers' batches lock shared runs in the same order.
   */
  static final Sql LOCK_ANSWERED = Sql.of(
      "SELECT run_id FROM durable_runs WHERE run_id IN (" + TasksTable.STORED_RUNS + ")"
          + " ORDER BY run_id FOR UPDATE");

  /**
   * One of the runs of the tasks a worker just answered ({@link TasksTable#STORED_RUNS}) that is
   * due, if any: the engines are told of it.
   */
  static final String ANSWERED_DUE =
      "SELECT run_id FROM durable_runs WHERE run_id IN (" + TasksTable.STORED_RUNS + ")"
          + " AND due_at <= :now LIMIT 1";

  // ---- the fenced updates of a turn's commit: each holds only while the run's epoch does

  /**
   * Proves the lease in a batch of plain statements (H2): an update that changes nothing, so the
   * row's {@code updated_at} stays that of the run's last change of state, as on PostgreSQL.
   */
  static final Sql TOUCH = Sql.of(
      "UPDATE durable_runs SET epoch = epoch WHERE run_id = :runId AND epoch = :epoch");
  /**
   * Proves the lease in PostgreSQL's progress statement: the row is locked for the commit, which
   * keeps any claim, cancel or requeue out as an update would, but no new version of it is
   * written. Rewriting the run's row at every step cost a row version each, and a long-running
   * transaction elsewhere in the database kept them all visible to the next step's update.
   */
  static final Sql TOUCH_LOCKED = Sql.of(
      "SELECT run_id FROM durable_runs WHERE run_id = :runId AND epoch = :epoch FOR SHARE");
  /**
   * Suspends a run, unless it was woken while it executed ({@code woken_at}): then it is due at
   * once, at its last update, an instant of the engines' clock.
   */
  static final Sql SLEEP = Sql.of(
      "UPDATE durable_runs SET status = CASE WHEN woken_at IS NULL THEN 'SLEEPING' ELSE 'PENDING'"
          + " END, wake_at = :wakeAt, due_at = CASE WHEN woken_at IS NULL THEN :dueAt"
          + " ELSE updated_at END, woken_at = NULL, lease_owner = NULL, lease_until = NULL,"
          + " updated_at = :now WHERE run_id = :runId AND epoch = :epoch");
  static final Sql COMPLETE = Sql.of(
      "UPDATE durable_runs SET status = 'COMPLETED', output = :output, wake_at = NULL,"
          + " due_at = NULL, lease_owner = NULL, lease_until = NULL, updated_at = :now"
          + " WHERE run_id = :runId AND epoch = :epoch");
  static final Sql FAIL = Sql.of(
      "UPDATE durable_runs SET status = 'FAILED', error_message = :errorMessage,"
          + " error_code = :errorCode, error_type = :errorType, error_step = :errorStep,"
          + " wake_at = NULL, due_at = NULL, lease_owner = NULL, lease_until = NULL,"
          + " updated_at = :now WHERE run_id = :runId AND epoch = :epoch");

  // ---- claims and leases

  /**
   * Claims one run by a compare-and-set on its epoch (H2, which read it first), if it is due by
   * {@code dueBy}; a claim ahead of the due time takes only a sleeping run ({@link
   * #CLAIM_SLEEPING_READ}).
   */
  static final Sql CLAIM_READ = Sql.of(
      "UPDATE durable_runs SET status = 'RUNNING', lease_owner = :owner,"
          + " lease_until = :leaseUntil, due_at = :leaseUntil, wake_at = NULL, woken_at = NULL,"
          + " epoch = epoch + 1, updated_at = :now"
          + " WHERE run_id = :runId AND epoch = :epoch AND due_at <= :dueBy");
  static final Sql CLAIM_SLEEPING_READ = Sql.of(
      CLAIM_READ.named() + " AND status = 'SLEEPING'");
  /**
   * Claims the due rows no other engine is claiming ({@code due}, which a filter selects {@code
   * FOR UPDATE SKIP LOCKED}) in one statement on PostgreSQL: leases them and moves their epochs on,
   * returning each run with its state before ({@code claimed}), and logs the claim ({@link
   * EventsTable#LOG_CLAIMED}). {@code %s} is the filter.
   */
  private static final String CLAIM_SKIPPING_LOCKED =
      "WITH due AS (SELECT run_id, status AS previous_status, lease_owner AS previous_owner,"
          + " due_at AS previous_due FROM durable_runs WHERE %s FOR UPDATE SKIP LOCKED),"
          + " claimed AS (UPDATE durable_runs r SET status = 'RUNNING', lease_owner = :owner,"
          + " lease_until = :leaseUntil, due_at = :leaseUntil, wake_at = NULL, woken_at = NULL,"
          + " epoch = r.epoch + 1, updated_at = :now FROM due WHERE r.run_id = due.run_id"
          + " RETURNING " + prefixedColumns() + ", due.previous_status, due.previous_owner,"
          + " due.previous_due),"
          + " logged AS (" + EventsTable.LOG_CLAIMED.named() + ")"
          + " SELECT * FROM claimed ORDER BY due_at";
  /**
   * The due runs of some workflows ({@code %s}: their keys), earliest first: an index range scan
   * on {@code due_at}, whose cost does not grow with the number of sleeping runs.
   */
  private static final String DUE =
      "due_at <= :now AND (%s) ORDER BY due_at LIMIT :limit";
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
  /** The runs that {@link #AHEAD} selects, for a claim that reads first (H2). */
  static final Sql SELECT_AHEAD = Sql.of("SELECT run_id FROM durable_runs WHERE " + AHEAD);
  /**
   * The runs leased to an owner until a time: those a claim just made, found through the index on
   * {@code due_at}, which a claim sets to the lease's end. (A renewal in the same microsecond would
   * add its runs: read for nothing, not wrongly.)
   */
  static final String JUST_CLAIMED =
      "SELECT run_id FROM durable_runs WHERE due_at = :leaseUntil AND lease_owner = :owner";
  /** Extends an owner's lease on one run it holds. */
  static final Sql RENEW_LEASE = Sql.of(
      "UPDATE durable_runs SET lease_until = :leaseUntil, due_at = :leaseUntil"
          + " WHERE run_id = :runId AND lease_owner = :owner AND status = 'RUNNING'");
  /**
   * Extends an owner's lease on the runs it holds among some, in one statement that skips the rows
   * a progress write holds locked right now (they are renewed next time, a third of a lease
   * later), so that a renewal never waits on a write, nor deadlocks with one (PostgreSQL).
   */
  static final Sql RENEW_LEASES_SKIPPING_LOCKED = Sql.of(
      "UPDATE durable_runs SET lease_until = :leaseUntil, due_at = :leaseUntil WHERE run_id IN"
          + " (SELECT run_id FROM durable_runs WHERE run_id = ANY (:runIds)"
          + " AND lease_owner = :owner AND status = 'RUNNING' FOR UPDATE SKIP LOCKED)");

  // ---- the statements of the store's other operations

  private static final Sql COUNT_DUE_BY_WORKFLOW = Sql.of(
      "SELECT workflow_name, workflow_version, COUNT(*) FROM durable_runs WHERE due_at <= :now"
          + " GROUP BY workflow_name, workflow_version ORDER BY workflow_name, workflow_version");
  private static final Sql RELEASE_LEASES = Sql.of(
      "UPDATE durable_runs SET status = 'PENDING', lease_owner = NULL, lease_until = NULL,"
          + " due_at = :now, epoch = epoch + 1, updated_at = :now"
          + " WHERE status = 'RUNNING' AND (lease_owner = :owner OR :owner IS NULL)");
  /** Logs the release of the runs an owner (any owner, when null) leases: event {@code :type}. */
  private static final Sql LOG_RELEASED = Sql.of(
      EventsTable.INSERT_RUN_EVENTS + " SELECT run_id, :now, :type, 0, lease_owner"
          + " FROM durable_runs WHERE status = 'RUNNING'"
          + " AND (lease_owner = :owner OR :owner IS NULL)");
  private static final Sql CANCEL = Sql.of(
      "UPDATE durable_runs SET status = 'CANCELLED', wake_at = NULL, due_at = NULL,"
          + " lease_owner = NULL, lease_until = NULL, epoch = epoch + 1, updated_at = :now"
          + " WHERE run_id = :runId AND status NOT IN ('COMPLETED', 'FAILED', 'CANCELLED')");
  private static final Sql SELECT_CANCELLED = Sql.of(
      "SELECT run_id FROM durable_runs WHERE run_id = ANY (:runIds) AND status = 'CANCELLED'");
  private static final Sql REQUEUE = Sql.of(
      "UPDATE durable_runs SET status = 'PENDING', error_message = NULL, error_code = NULL,"
          + " error_type = NULL, error_step = NULL, due_at = :now, deadline_at = :deadlineAt,"
          + " epoch = epoch + 1, updated_at = :now WHERE run_id = :runId AND status = 'FAILED'");
  /**
   * Wakes the runs a condition selects ({@code %s}, on {@code run_id}). One that sleeps comes
   * due, at its last update, an instant of the engines' clock, so that a worker's clock running
   * ahead of theirs cannot delay it. One that is executing, or due and about to be claimed, is
   * marked woken ({@code woken_at}), and its row stays locked until this outcome is committed: a
   * claim waits for it (and clears the mark, as the turn it starts reads the outcome), while a turn
   * already under way, which may have read the task before, finds the mark when it suspends and
   * makes the run due instead of asleep.
   */
  private static final String WAKE_WHERE =
      "UPDATE durable_runs SET"
          + " status = CASE WHEN status = 'SLEEPING' THEN 'PENDING' ELSE status END,"
          + " due_at = CASE WHEN status = 'SLEEPING' THEN updated_at ELSE due_at END,"
          + " woken_at = CASE WHEN status = 'SLEEPING' THEN woken_at ELSE :now END,"
          + " updated_at = CASE WHEN status = 'SLEEPING' THEN :now ELSE updated_at END"
          + " WHERE %s AND (status IN ('RUNNING', 'PENDING')"
          + " OR status = 'SLEEPING' AND (due_at IS NULL OR due_at > updated_at))";
  /** Wakes run {@code :runId}: see {@link #WAKE_WHERE}. */
  static final Sql WAKE = Sql.of(String.format(WAKE_WHERE, "run_id = :runId"));
  /**
   * {@link #WAKE} in a progress statement: the run a commit wakes (the parent of a run that ends),
   * only where the commit's fence held.
   */
  static final Sql WAKE_FENCED = Sql.of(
      String.format(WAKE_WHERE, "run_id = :runId AND EXISTS (SELECT 1 FROM fenced)"));
  /**
   * Wakes the runs a worker's answers leave with nothing to wait for ({@code answered}: {@link
   * TasksTable#ANSWERED}), in a {@code WITH} after it.
   */
  static final Sql WAKE_ANSWERED = Sql.of(
      String.format(WAKE_WHERE, "run_id IN (SELECT run_id FROM answered)"));
  private static final Sql SELECT_CHILDREN = Sql.of(
      "SELECT " + COLUMNS + " FROM durable_runs WHERE parent_run_id = :runId"
          + " ORDER BY created_at, run_id");
  private static final Sql SELECT_OPEN_CHILDREN = Sql.of(
      "SELECT run_id FROM durable_runs WHERE parent_run_id = :runId"
          + " AND status NOT IN ('COMPLETED', 'FAILED', 'CANCELLED')");
  /**
   * Ended runs a retention batch may delete: ended before the cut-off ({@code :before}), and not
   * the child of a run that has not ended (it may still await them), locked as they are selected,
   * skipping rows another transaction holds ({@link FinishedRuns}). Served by {@code
   * durable_runs_status_created} (status, created_at, run_id; V12): a run that ended before the
   * cut-off started before it too, so the index narrows to the ended runs started before the
   * cut-off, nearly all of which are deleted, without a scan of the runs not ended. No index on
   * updated_at: it changes at every step's commit, and one would cost every commit an index update
   * (and PostgreSQL its HOT updates). No order: any ended runs will do, and an order would sort
   * every ended run at each batch.
   */
  static final Sql ENDED_BEFORE = Sql.of(
      "SELECT r.run_id FROM durable_runs r WHERE r.status IN ('COMPLETED', 'FAILED', 'CANCELLED')"
          + " AND r.created_at < :before AND r.updated_at < :before"
          + " AND (r.parent_run_id IS NULL OR NOT EXISTS (SELECT 1 FROM durable_runs p"
          + " WHERE p.run_id = r.parent_run_id"
          + " AND p.status NOT IN ('COMPLETED', 'FAILED', 'CANCELLED')))"
          + " LIMIT :limit FOR UPDATE SKIP LOCKED");
  /**
   * Deletes a run {@link #ENDED_BEFORE} selected, under its lock; the conditions again, so that a
   * mistake cannot delete a live run.
   */
  static final Sql DELETE_ENDED = Sql.of(
      "DELETE FROM durable_runs WHERE run_id = :runId"
          + " AND status IN ('COMPLETED', 'FAILED', 'CANCELLED') AND updated_at < :before");
  /**
   * The Durable tables of the current schema on which autovacuum is disabled (PostgreSQL), in a
   * list, or null.
   */
  static final String AUTOVACUUM_DISABLED =
      "SELECT string_agg(c.relname, ', ' ORDER BY c.relname) FROM pg_class c"
          + " WHERE c.relnamespace = current_schema()::regnamespace"
          + " AND c.relname IN ('durable_runs', 'durable_steps', 'durable_tasks')"
          + " AND c.reloptions @> ARRAY['autovacuum_enabled=false']";
  /** The run search's tables ({@link RunSearch}): a run and the fire time a schedule gave it. */
  static final String SEARCH_FROM = "durable_runs r LEFT JOIN "
      + SchedulesTable.RUNS_TABLE + " f ON f.run_id = r.run_id";

  private RunsTable() {}

  /** {@link #COLUMNS} under the alias {@code r}. */
  static String prefixedColumns() {
    return "r." + COLUMNS.replace(", ", ", r.");
  }

  /** The values of {@link #INSERT} for {@code run}. */
  static Values insertValues(NewRun run) {
    return new Values().string("runId", run.runId())
        .string("workflowName", run.workflow().name())
        .string("workflowVersion", run.workflow().version()).string("status", run.status())
        .string("input", run.input()).instant("now", run.now()).instant("dueAt", run.dueAt())
        .string("owner", run.owner()).instant("leaseUntil", run.storedLeaseUntil())
        .int8("epoch", run.epoch()).instant("deadlineAt", run.deadlineAt())
        .string("parentRunId", run.parentRunId()).string("fingerprint", run.fingerprint())
        .string("traceContext", run.traceContext());
  }

  /** The fenced update that applies {@code commit}'s change: its text depends on the kind only. */
  static Sql fence(RunChange.Kind kind) {
    return switch (kind) {
      case TOUCH -> TOUCH;
      case SLEEPING -> SLEEP;
      case COMPLETED -> COMPLETE;
      case FAILED -> FAIL;
    };
  }

  /** Adds the values of {@link #fence}'s statement for {@code commit} to {@code values}. */
  static Values fenceValues(Values values, Commit commit, Instant now) {
    RunChange change = commit.change();
    switch (change.kind()) {
      case TOUCH -> { }
      case SLEEPING -> values.instant("wakeAt", change.wakeAt()).instant("dueAt", change.dueAt());
      case COMPLETED -> values.string("output", change.output());
      case FAILED -> {
        RunError error = change.error();
        values.string("errorMessage", error.message()).string("errorCode", error.code())
            .string("errorType", error.type()).string("errorStep", error.step().orElse(null));
      }
    }
    return values.instant("now", now).string("runId", commit.fence().runId())
        .int8("epoch", commit.fence().epoch());
  }

  /**
   * The claim of due runs of {@code keys} workflows ({@link #CLAIM_SKIPPING_LOCKED}); {@link
   * #dueValues} binds its filter.
   */
  static Sql claimDue(int keys) {
    return Sql.of(String.format(CLAIM_SKIPPING_LOCKED, dueFilter(keys)));
  }

  /**
   * The ids of the due runs of {@code keys} workflows, for a claim that reads first (H2). H2 is
   * told to use the due-time index: left to choose, it took the index of runs by workflow (V12,
   * for the run search) and read every run of the workflow at each poll, 35 ms among 100,000
   * sleeping runs instead of half a millisecond.
   */
  static Sql selectDue(int keys) {
    return Sql.of("SELECT run_id FROM durable_runs USE INDEX (durable_runs_due) WHERE "
        + dueFilter(keys));
  }

  private static String dueFilter(int keys) {
    StringBuilder filter = new StringBuilder();
    for (int i = 0; i < keys; i++) {
      filter.append(i == 0 ? "" : " OR ").append(String.format(DUE_KEY, i));
    }
    return String.format(DUE, filter);
  }

  /** The values of a due filter ({@link #claimDue}, {@link #selectDue}). */
  static Values dueValues(Values values, Instant now, List<WorkflowKey> workflows, int limit) {
    values.instant("now", now).int4("limit", limit);
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

  /** The run with this id. */
  static Optional<RunRecord> select(Connection connection, String runId) throws SQLException {
    return SELECT.first(connection, new Values().string("runId", runId), rows -> read(rows, 1));
  }

  /** A run's workflow and state, read with its row locked. */
  record Locked(WorkflowKey workflow, RunState status) {}

  /** Locks the run's row until the commit, and reads its workflow and state: see {@link #LOCK}. */
  static Optional<Locked> lock(Connection connection, String runId) throws SQLException {
    return LOCK.first(connection, new Values().string("runId", runId), rows -> new Locked(
        new WorkflowKey(rows.getString(1), rows.getString(2)),
        Rows.parse(RunState.class, rows.getString(3), "durable_runs.status of run " + runId)));
  }

  /** How many runs of each workflow are due at {@code now}. */
  static Map<WorkflowKey, Long> countDueByWorkflow(Connection connection, Instant now)
      throws SQLException {
    Map<WorkflowKey, Long> counts = new LinkedHashMap<>();
    COUNT_DUE_BY_WORKFLOW.list(connection, new Values().instant("now", now), rows -> counts.put(
        new WorkflowKey(rows.getString(1), rows.getString(2)), rows.getLong(3)));
    return counts;
  }

  /**
   * Makes the runs leased by {@code owner} (every leased run when it is null) due at once, moving
   * their epochs on; logs it first, as {@code eventType}.
   */
  static int releaseLeases(Connection connection, String owner, String eventType, Instant now)
      throws SQLException {
    Values values = new Values().string("owner", owner).instant("now", now)
        .string("type", eventType);
    LOG_RELEASED.update(connection, values);
    return RELEASE_LEASES.update(connection, values);
  }

  /** Cancels a run that has not ended; whether it did. */
  static boolean cancel(Connection connection, String runId, Instant now) throws SQLException {
    return CANCEL.update(connection, new Values().instant("now", now).string("runId", runId)) > 0;
  }

  /** Which of {@code runIds} are cancelled. */
  static List<String> cancelled(Connection connection, Collection<String> runIds)
      throws SQLException {
    return SELECT_CANCELLED.list(
        connection, new Values().strings("runIds", runIds), rows -> rows.getString(1));
  }

  /** Makes a failed run due again; whether it had failed. */
  static boolean requeue(Connection connection, String runId, Instant deadlineAt, Instant now)
      throws SQLException {
    return REQUEUE.update(connection, new Values().instant("now", now)
        .instant("deadlineAt", deadlineAt).string("runId", runId)) > 0;
  }

  /** Wakes run {@code runId}: see {@link #WAKE_WHERE}. */
  static void wake(Connection connection, String runId, Instant now) throws SQLException {
    WAKE.update(connection, wakeValues(new Values(), runId, now));
  }

  /** The values of {@link #WAKE} (and {@link #WAKE_FENCED}) for run {@code runId}. */
  static Values wakeValues(Values values, String runId, Instant now) {
    return values.instant("now", now).string("runId", runId);
  }

  /** The runs that {@code parentRunId} started, oldest first. */
  static List<RunRecord> children(Connection connection, String parentRunId)
      throws SQLException {
    return SELECT_CHILDREN.list(
        connection, new Values().string("runId", parentRunId), rows -> read(rows, 1));
  }

  /** The ids of the runs that {@code parentRunId} started and that have not ended. */
  static List<String> openChildren(Connection connection, String parentRunId)
      throws SQLException {
    return SELECT_OPEN_CHILDREN.list(
        connection, new Values().string("runId", parentRunId), rows -> rows.getString(1));
  }

  /** A run row whose {@link #COLUMNS} start at column {@code first}. */
  static RunRecord read(ResultSet rows, int first) throws SQLException {
    int c = first;
    String runId = rows.getString(c);
    WorkflowKey workflow = new WorkflowKey(rows.getString(c + 1), rows.getString(c + 2));
    String errorMessage = rows.getString(c + 6);
    RunError error = errorMessage == null ? null : new RunError(errorMessage,
        rows.getString(c + 7), rows.getString(c + 8), Optional.ofNullable(rows.getString(c + 9)));
    RunState status;
    try {
      status = Rows.parse(RunState.class, rows.getString(c + 3),
          "durable_runs.status of run " + runId);
    } catch (UnreadableRowException e) {
      // reported as failed, with what is wrong: the status API answers instead of throwing
      status = RunState.FAILED;
      error = Rows.unreadable(e, Optional.empty());
    }
    return new RunRecord(runId, workflow, status, rows.getString(c + 4), rows.getString(c + 5),
        error, Rows.instant(rows, c + 10), Rows.instant(rows, c + 11), Rows.instant(rows, c + 12),
        Rows.instant(rows, c + 13), rows.getString(c + 14), Rows.instant(rows, c + 15),
        rows.getLong(c + 16), Rows.instant(rows, c + 17), rows.getString(c + 18),
        rows.getString(c + 19), rows.getString(c + 20));
  }
}
