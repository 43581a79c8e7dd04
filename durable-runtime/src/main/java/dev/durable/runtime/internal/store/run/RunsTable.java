package dev.durable.runtime.internal.store.run;

import dev.durable.runtime.RunError;
import dev.durable.runtime.RunState;
import dev.durable.runtime.codec.StoredForm;
import dev.durable.runtime.internal.model.CheckpointKind;
import dev.durable.runtime.internal.model.Lineage;
import dev.durable.runtime.internal.model.NewRun;
import dev.durable.runtime.internal.model.QueuePlace;
import dev.durable.runtime.internal.model.RunRecord;
import dev.durable.runtime.internal.model.WorkflowKey;
import dev.durable.runtime.internal.store.sql.PayloadColumn;
import dev.durable.runtime.internal.store.sql.Rows;
import dev.durable.runtime.internal.store.sql.Schema;
import dev.durable.runtime.internal.store.sql.Sql;
import dev.durable.runtime.internal.store.sql.UnreadableRowException;
import dev.durable.runtime.internal.store.sql.Values;
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
 * parameters ({@link Sql}), once per store with its schema ({@code Tables}), and reading a run row.
 * The only class that spells the table's name: other catalogues name it through {@link #NAME}.
 */
public final class RunsTable {
  /** The table's name, which the statements of other catalogues qualify ({@link Schema#table}). */
  public static final String NAME = "durable_runs";
  /** The index of the runs by due time, which H2's poll is told to use. */
  public static final String DUE_INDEX = NAME + "_due";
  /** The partial index of the ended runs by end (V26), which H2's overview is told to use. */
  public static final String ENDED_INDEX = NAME + "_ended";
  /**
   * Before any due time an engine's clock sets: the lower bound of every read of {@link
   * #DUE_INDEX} by time. H2's index holds the ended runs' NULL due times first, and a range
   * bounded above only walks all of them before the first due run.
   */
  public static final Instant NO_EARLIER = Instant.parse("1900-01-01T00:00:00Z");
  private static final List<String> COLUMN_NAMES = List.of(
      "run_id", "workflow_name", "workflow_version", "status", "input", "output", "error_message",
      "error_code", "error_type", "error_step", "created_at", "updated_at", "wake_at", "due_at",
      "lease_owner", "lease_until", "epoch", "deadline_at", "parent_run_id", "graph_fingerprint",
      "trace_context", "queue_name", "priority", "partition_key", "generation", "forked_from",
      "forked_at");
  static final String COLUMNS = Sql.columns(null, COLUMN_NAMES);
  /**
   * {@link #COLUMNS} under the alias {@code r}, without the input and output (a NULL each, where
   * {@link #read} expects them): the run search's, as a list shows neither.
   */
  public static final String LISTED_COLUMNS =
      "r.run_id, r.workflow_name, r.workflow_version, r.status, NULL, NULL, r.error_message,"
          + " r.error_code, r.error_type, r.error_step, r.created_at, r.updated_at, r.wake_at,"
          + " r.due_at, r.lease_owner, r.lease_until, r.epoch, r.deadline_at, r.parent_run_id,"
          + " r.graph_fingerprint, r.trace_context, r.queue_name, r.priority, r.partition_key,"
          + " r.generation, r.forked_from, r.forked_at";
  /** How many columns {@link #COLUMNS} names, and {@link #read} reads. */
  public static final int COLUMN_COUNT = COLUMN_NAMES.size();

  /** The table's name in the store's schema. */
  public final String table;
  public final Sql insert;
  /** The unfinished run that holds a deduplication key. */
  private final Sql selectByDedupKey;
  private final Sql select;
  /** A run's workflow and state, its row locked until the commit: it cannot end meanwhile. */
  private final Sql lock;
  /**
   * Locks the rows of the runs whose tasks a worker just answered ({@code TasksTable#storedRuns}),
   * in the order of their ids, so that two workers' batches lock shared runs in the same order.
   */
  public final Sql lockAnswered;
  /**
   * One of the runs of the tasks a worker just answered ({@code TasksTable#storedRuns}) that is
   * due, if any: the engines are told of it.
   */
  public final String answeredDue;

  /** How error messages are stored: through the payload codec, if any (they may quote values). */
  private final StoredForm form;

  /** The columns that hold payloads and error messages. */
  public final List<PayloadColumn> payloadColumns;

  /** The fenced updates of a turn's commit to the run's row. */
  public final RunFences fences;
  /** The statements that pause, resume and take up runs in flight. */
  public final SteeringStatements steering;

  // ---- the statements of the store's other operations

  private final Sql countDueByWorkflow;
  private final Sql cancel;
  /** Which of the runs a transaction just suspended ({@link #sleep}) it found woken. */
  private final Sql selectDueAtOnce;
  /**
   * Makes a failed run due again; one started through a queue waits for the queue's admission
   * again, as its slot was given back when it failed.
   */
  private final Sql requeue;
  /**
   * Wakes run {@code :runId}. One that sleeps comes due, at its last update, an instant of the
   * engines' clock, so that a worker's clock running ahead of theirs cannot delay it. One that is
   * executing, or due and about to be claimed, is marked woken ({@code woken_at}), and its row
   * stays locked until this outcome is committed: a claim waits for it (and clears the mark, as
   * the turn it starts reads the outcome), while a turn already under way, which may have read the
   * task before, finds the mark when it suspends and makes the run due instead of asleep.
   */
  public final Sql wake;
  /**
   * {@link #wake} in a progress statement: the run a commit wakes (the parent of a run that ends),
   * only where the commit's fence held.
   */
  public final Sql wakeFenced;
  /**
   * Wakes the runs a worker's answers leave with nothing to wait for ({@code answered}: {@link
   * TasksTable#answered}), in a {@code WITH} after it.
   */
  public final Sql wakeAnswered;
  private final Sql selectChildren;
  private final Sql selectOpenChildren;
  /**
   * Ended runs a retention batch may delete: ended before the cut-off ({@code :before}), and not
   * the child of a run that has not ended (it may still await them), locked as they are selected,
   * skipping rows another transaction holds ({@code FinishedRuns}). Served by {@code
   * durable_runs_status_created} (status, created_at, run_id; V12): a run that ended before the
   * cut-off started before it too, so the index narrows to the ended runs started before the
   * cut-off, nearly all of which are deleted, without a scan of the runs not ended. No index on
   * updated_at: it changes at every step's commit, and one would cost every commit an index update
   * (and PostgreSQL its HOT updates). No order: any ended runs will do, and an order would sort
   * every ended run at each batch.
   */
  public final Sql endedBefore;
  /**
   * Deletes a run {@link #endedBefore} selected, under its lock; the conditions again, so that a
   * mistake cannot delete a live run.
   */
  public final Sql deleteEnded;

  /**
   * @param storedRuns the runs whose tasks' outcomes a worker stores ({@code TasksTable}), a
   *     subquery
   * @param steps the steps' table, qualified: a run undoing its steps is not cancelled
   */
  public RunsTable(Schema schema, String storedRuns, String steps, StoredForm form) {
    this.form = form;
    table = schema.table(NAME);
    insert = Sql.of(
        "INSERT INTO " + table + " (run_id, workflow_name, workflow_version, status, input,"
            + " created_at, updated_at, due_at, lease_owner, lease_until, epoch, deadline_at,"
            + " parent_run_id, graph_fingerprint, trace_context, wake_at, queue_name, priority,"
            + " partition_key, dedup_key) VALUES (:runId, :workflowName,"
            + " :workflowVersion, :status, :input, :now, :now, :dueAt, :owner, :leaseUntil,"
            + " :epoch, :deadlineAt, :parentRunId, :fingerprint, :traceContext, :wakeAt, :queue,"
            + " :priority, :partitionKey, :dedupKey)");
    selectByDedupKey = Sql.of("SELECT run_id FROM " + table + " WHERE dedup_key = :dedupKey");
    select = Sql.of("SELECT " + COLUMNS + " FROM " + table + " WHERE run_id = :runId");
    lock = Sql.of("SELECT workflow_name, workflow_version, status FROM " + table
        + " WHERE run_id = :runId FOR UPDATE");
    lockAnswered = Sql.of("SELECT run_id FROM " + table + " WHERE run_id IN ("
        + storedRuns + ") ORDER BY run_id FOR UPDATE");
    answeredDue = "SELECT run_id FROM " + table + " WHERE run_id IN (" + storedRuns + ")"
        + " AND due_at <= :now LIMIT 1";
    fences = new RunFences(table, form);
    steering = new SteeringStatements(table);
    payloadColumns =
        PayloadColumn.of(table, List.of("run_id"), "input", "output", "error_message");
    countDueByWorkflow = Sql.of("SELECT workflow_name, workflow_version, COUNT(*) FROM " + table
        + " WHERE due_at >= :noEarlier AND due_at <= :now GROUP BY workflow_name,"
        + " workflow_version ORDER BY workflow_name, workflow_version");
    cancel = Sql.of("UPDATE " + table + " SET status = 'CANCELLED', wake_at = NULL,"
        + " due_at = NULL, dedup_key = NULL, lease_owner = NULL, lease_until = NULL,"
        + " epoch = epoch + 1, updated_at = :now WHERE run_id = :runId"
        + " AND status NOT IN ('COMPLETED', 'FAILED', 'CANCELLED')"
        // not while it undoes its completed steps: a cancel would leave them half-done
        + " AND NOT EXISTS (SELECT 1 FROM " + steps + " s"
        + " WHERE s.run_id = :runId AND s.kind = 'VALUE' AND s.name = '"
        + CheckpointKind.FAILURE_HANDLING + "')");
    selectDueAtOnce = Sql.of("SELECT run_id FROM " + table
        + " WHERE run_id = ANY (:runIds) AND status = 'PENDING'");
    requeue = Sql.of("UPDATE " + table + " SET status = CASE WHEN queue_name IS NULL"
        + " THEN 'PENDING' ELSE 'ENQUEUED' END, error_message = NULL, error_code = NULL,"
        + " error_type = NULL, error_step = NULL, due_at = CASE WHEN queue_name IS NULL THEN :now"
        + " END, deadline_at = :deadlineAt, epoch = epoch + 1, updated_at = :now"
        + " WHERE run_id = :runId AND status = 'FAILED'");
    String wakeWhere = "UPDATE " + table + " SET"
        + " status = CASE WHEN status = 'SLEEPING' THEN 'PENDING' ELSE status END,"
        + " due_at = CASE WHEN status = 'SLEEPING' THEN updated_at ELSE due_at END,"
        + " woken_at = CASE WHEN status = 'SLEEPING' THEN woken_at ELSE :now END,"
        + " updated_at = CASE WHEN status = 'SLEEPING' THEN :now ELSE updated_at END WHERE ";
    String wakeable = " AND (status IN ('RUNNING', 'PENDING')"
        + " OR status = 'SLEEPING' AND (due_at IS NULL OR due_at > updated_at))";
    wake = Sql.of(wakeWhere + "run_id = :runId" + wakeable);
    wakeFenced = Sql.of(wakeWhere + "run_id = :runId AND EXISTS (SELECT 1 FROM fenced)"
        + wakeable);
    wakeAnswered = Sql.of(wakeWhere + "run_id IN (SELECT run_id FROM answered)" + wakeable);
    selectChildren = Sql.of("SELECT " + COLUMNS + " FROM " + table
        + " WHERE parent_run_id = :runId ORDER BY created_at, run_id");
    selectOpenChildren = Sql.of("SELECT run_id FROM " + table + " WHERE parent_run_id = :runId"
        + " AND status NOT IN ('COMPLETED', 'FAILED', 'CANCELLED')");
    endedBefore = Sql.of("SELECT r.run_id FROM " + table + " r WHERE r.status IN ('COMPLETED',"
        + " 'FAILED', 'CANCELLED') AND r.created_at < :before AND r.updated_at < :before"
        + " AND (r.parent_run_id IS NULL OR NOT EXISTS (SELECT 1 FROM " + table + " p"
        + " WHERE p.run_id = r.parent_run_id"
        + " AND p.status NOT IN ('COMPLETED', 'FAILED', 'CANCELLED')))"
        + " LIMIT :limit FOR UPDATE SKIP LOCKED");
    deleteEnded = Sql.of("DELETE FROM " + table + " WHERE run_id = :runId"
        + " AND status IN ('COMPLETED', 'FAILED', 'CANCELLED') AND updated_at < :before");
  }

  /** {@link #COLUMNS} under the alias {@code r}. */
  public static String prefixedColumns() {
    return Sql.columns("r", COLUMN_NAMES);
  }

  /** The values of {@link #insert} for {@code run}. */
  public static Values insertValues(NewRun run) {
    QueuePlace place = run.place();
    return new Values().string("runId", run.runId())
        .string("workflowName", run.workflow().name())
        .string("workflowVersion", run.workflow().version()).string("status", run.status())
        .string("input", run.input()).instant("now", run.now()).instant("dueAt", run.dueAt())
        .string("owner", run.owner()).instant("leaseUntil", run.storedLeaseUntil())
        .int8("epoch", run.epoch()).instant("deadlineAt", run.deadlineAt())
        .string("parentRunId", run.parentRunId()).string("fingerprint", run.fingerprint())
        .string("traceContext", run.traceContext()).instant("wakeAt", run.wakeAt())
        .string("queue", place == null ? null : place.queue())
        .int4("priority", place == null ? 0 : place.priority())
        .string("partitionKey", place == null ? null : place.partitionKey())
        .string("dedupKey", place == null ? null : place.dedupKey());
  }

  /** The run with this id. */
  public Optional<RunRecord> select(Connection connection, String runId) throws SQLException {
    return select.first(connection, new Values().string("runId", runId), rows -> read(rows, 1));
  }

  /** A run's workflow and state, read with its row locked. */
  public record Locked(WorkflowKey workflow, RunState status) {}

  /** Locks the run's row until the commit, and reads its workflow and state: see {@link #lock}. */
  public Optional<Locked> lock(Connection connection, String runId) throws SQLException {
    return lock.first(connection, new Values().string("runId", runId), rows -> new Locked(
        new WorkflowKey(rows.getString(1), rows.getString(2)),
        Rows.parse(RunState.class, rows.getString(3), "durable_runs.status of run " + runId)));
  }

  /** How many runs of each workflow are due at {@code now}. */
  public Map<WorkflowKey, Long> countDueByWorkflow(Connection connection, Instant now)
      throws SQLException {
    Map<WorkflowKey, Long> counts = new LinkedHashMap<>();
    countDueByWorkflow.list(connection,
        new Values().instant("now", now).instant("noEarlier", NO_EARLIER), rows -> counts.put(
        new WorkflowKey(rows.getString(1), rows.getString(2)), rows.getLong(3)));
    return counts;
  }

  /** Cancels a run that has not ended; whether it did. */
  public boolean cancel(Connection connection, String runId, Instant now) throws SQLException {
    return cancel.update(connection, new Values().instant("now", now).string("runId", runId)) > 0;
  }

  /**
   * Which of {@code runIds}, each suspended by {@link #sleep} in this transaction, which holds
   * their rows, it found woken: due at once.
   */
  public List<String> dueAtOnce(Connection connection, Collection<String> runIds)
      throws SQLException {
    return selectDueAtOnce.list(
        connection, new Values().strings("runIds", runIds), rows -> rows.getString(1));
  }

  /** Makes a failed run due again; whether it had failed. */
  public boolean requeue(Connection connection, String runId, Instant deadlineAt, Instant now)
      throws SQLException {
    return requeue.update(connection, new Values().instant("now", now)
        .instant("deadlineAt", deadlineAt).string("runId", runId)) > 0;
  }

  /** Wakes run {@code runId}: see {@link #wake}. */
  public void wake(Connection connection, String runId, Instant now) throws SQLException {
    wake.update(connection, wakeValues(new Values(), runId, now));
  }

  /** The values of {@link #wake} (and {@link #wakeFenced}) for run {@code runId}. */
  public static Values wakeValues(Values values, String runId, Instant now) {
    return values.instant("now", now).string("runId", runId);
  }

  /** The runs that {@code parentRunId} started, oldest first. */
  public List<RunRecord> children(Connection connection, String parentRunId)
      throws SQLException {
    return selectChildren.list(
        connection, new Values().string("runId", parentRunId), rows -> read(rows, 1));
  }

  /** The ids of the runs that {@code parentRunId} started and that have not ended. */
  public List<String> openChildren(Connection connection, String parentRunId)
      throws SQLException {
    return selectOpenChildren.list(
        connection, new Values().string("runId", parentRunId), rows -> rows.getString(1));
  }

  /** A run row whose {@link #COLUMNS} start at column {@code first}. */
  public RunRecord read(ResultSet rows, int first) throws SQLException {
    int c = first;
    String runId = rows.getString(c);
    WorkflowKey workflow = new WorkflowKey(rows.getString(c + 1), rows.getString(c + 2));
    String errorMessage = form.shown(rows.getString(c + 6));
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
        rows.getString(c + 19), rows.getString(c + 20), rows.getString(c + 21),
        rows.getInt(c + 22), rows.getString(c + 23), new Lineage(rows.getInt(c + 24),
            rows.getString(c + 25), rows.getObject(c + 26, Integer.class)));
  }

  /** The id of the unfinished run that holds deduplication key {@code dedupKey}, if one does. */
  public Optional<String> holderOf(Connection connection, String dedupKey) throws SQLException {
    return selectByDedupKey.first(
        connection, new Values().string("dedupKey", dedupKey), rows -> rows.getString(1));
  }
}
