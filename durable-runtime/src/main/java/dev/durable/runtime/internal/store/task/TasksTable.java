package dev.durable.runtime.internal.store.task;

import dev.durable.runtime.codec.StoredForm;
import dev.durable.runtime.internal.model.FinishedTask;
import dev.durable.runtime.internal.model.TaskOutcome;
import dev.durable.runtime.internal.model.TaskRecord;
import dev.durable.runtime.internal.model.TaskStatus;
import dev.durable.runtime.internal.store.run.RunLeases;
import dev.durable.runtime.internal.store.run.StepsTable;
import dev.durable.runtime.internal.store.sql.PayloadColumn;
import dev.durable.runtime.internal.store.sql.Rows;
import dev.durable.runtime.internal.store.sql.Schema;
import dev.durable.runtime.internal.store.sql.Sql;
import dev.durable.runtime.internal.store.sql.Values;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The catalogue of {@code durable_tasks}, built once per store with its schema: queueing a task
 * (alone, or in PostgreSQL's progress statement), the reads of the tasks runs wait for, storing
 * outcomes and heartbeats, and giving tasks up. The claims of tasks are the dialects' ({@link
 * Dialect#claimTasks}).
 */
public final class TasksTable {
  public static final String NAME = "durable_tasks";
  private static final List<String> COLUMN_NAMES = List.of(
      "task_id", "run_id", "seq", "step", "attempt", "input", "status", "output", "error_message",
      "error_code", "error_type", "retryable", "worker_id", "created_at", "claimed_at",
      "finished_at", "heartbeat_at", "progress", "window_ms", "trace_context");
  public static final String COLUMNS = Sql.columns(null, COLUMN_NAMES);

  /** The table's name in the store's schema, for the claims' and the operators' reads of it. */
  public final String table;
  /** The columns that hold payloads, error messages and progress. */
  public final List<PayloadColumn> payloadColumns;
  /**
   * A new task: queued, or already claimed by a worker of the engine's process ({@code
   * EagerDispatch}); {@link #insertValues} binds it.
   */
  public final Sql insert;
  /** {@link #insert} in a PostgreSQL progress statement: only if the run's row was fenced. */
  public final Sql insertFenced;
  /** Every column of the table's rows, for a {@code WHERE} to follow. */
  public final String select;
  /** Stores the outcome of one task the worker still holds. */
  private final Sql finish;
  /** How error messages and progress are stored: through the payload codec, if any. */
  private final StoredForm form;
  /**
   * Stores outcomes, given as arrays, on the tasks the worker still holds, returning the ids of
   * those stored: {@link #finish} of a batch, in one statement (PostgreSQL).
   */
  public final Sql finishAll;
  /** The open tasks of a run: queued, or claimed by a worker that has not answered. */
  private final Sql openTasks;
  /**
   * Gives a task up, unless it changed since it was read: a worker's outcome, claim or heartbeat
   * stored meanwhile wins.
   */
  private final Sql giveUp;
  /** Gives up every task of a run that waits for a worker or is being served: it was cancelled. */
  public final Sql giveUpOpen;
  /** {@link #giveUpOpen} of the run a progress statement's {@code fenced} row names. */
  public final Sql giveUpOpenFenced;
  private final Sql heartbeat;
  /** The deliveries of some steps of a run that are not lost, oldest first. */
  private final Sql current;
  /**
   * The deliveries, not lost, of the run's dispatched steps whose checkpoints wait for a worker,
   * oldest first: what a resumed turn looks at. The run's tasks are found through their index,
   * and each one's checkpoint through its key, by a correlated {@code EXISTS} that H2 plans as
   * PostgreSQL does.
   */
  public final Sql waiting;
  /** {@link #waiting} of the runs a claim just leased ({@link RunLeases#justClaimed}). */
  public final Sql waitingOfJustClaimed;
  /** The runs of the tasks among {@code :taskIds} whose outcomes {@code :workerId} stored. */
  public final String storedRuns;
  /**
   * The runs to wake after a worker stored outcomes: those with no task left waiting for a worker
   * or being served, and those of a failed task (its retry is the engine's to schedule). A fan's
   * run is woken once, by its last answer, not by each: every turn of it would replay the fan and
   * read all of its checkpoints. To be read after the runs' rows are locked ({@link
   * RunsTable#lockAnswered}), in a statement of its own, so that of two answers at once the
   * second sees the first.
   *
   * <p>The search for a task still open starts from the run's newest: workers take a fan's tasks
   * oldest first, so every answer before the last finds one at once. A search from the oldest
   * walked past every task answered before, and on PostgreSQL past each one's dead row versions
   * too: a fan of 100 spent about 2 ms in each of its 27 outcome transactions, holding its run's
   * lock, against 0.2 ms now, and the whole fan took twice as long.
   */
  public final Sql answered;
  /** The tasks of dispatched steps whose checkpoints a requeue reset: their attempts start over. */
  private final Sql deleteReset;
  /** A deleted run's tasks ({@code FinishedRuns}). */
  public final Sql deleteOfRun;

  public TasksTable(Schema schema, RunLeases leases, StoredForm form) {
    this.form = form;
    table = schema.table(NAME);
    payloadColumns = PayloadColumn.of(table, List.of("task_id"), "input", "output",
        "error_message", "progress");
    String steps = schema.table(StepsTable.NAME);
    insert = Sql.of(
        "INSERT INTO " + table + " (task_id, run_id, seq, step, attempt, input, status, worker_id,"
            + " created_at, claimed_at, window_ms, trace_context) VALUES (:taskId, :runId, :seq,"
            + " :step, :attempt, :input, :status, :workerId, :createdAt, :claimedAt, :windowMs,"
            + " :traceContext)");
    insertFenced = Sql.of(
        "INSERT INTO " + table + " (task_id, run_id, seq, step, attempt, input, status, worker_id,"
            + " created_at, claimed_at, window_ms, trace_context) SELECT :taskId, :runId, :seq,"
            + " :step, :attempt, :input, :status, :workerId, :createdAt::timestamptz,"
            + " :claimedAt::timestamptz, :windowMs::int8, :traceContext FROM fenced");
    select = "SELECT " + COLUMNS + " FROM " + table;
    finish = Sql.of(
        "UPDATE " + table + " SET status = :status, output = :output,"
            + " error_message = :errorMessage, error_code = :errorCode, error_type = :errorType,"
            + " retryable = :retryable, finished_at = :now"
            + " WHERE task_id = :taskId AND status = 'RUNNING' AND worker_id = :workerId");
    finishAll = Sql.of(
        "WITH outcome AS (SELECT * FROM unnest(:taskIds::varchar[], :statuses::varchar[],"
            + " :outputs::text[], :errorMessages::text[], :errorCodes::varchar[],"
            + " :errorTypes::varchar[], :retryable::bool[])"
            + " AS o (task_id, status, output, error_message, error_code, error_type, retryable))"
            + " UPDATE " + table + " t SET status = o.status, output = o.output,"
            + " error_message = o.error_message, error_code = o.error_code,"
            + " error_type = o.error_type, retryable = o.retryable, finished_at = :now"
            + " FROM outcome o WHERE t.task_id = o.task_id AND t.status = 'RUNNING'"
            + " AND t.worker_id = :workerId RETURNING t.task_id");
    openTasks = Sql.of(
        select + " WHERE run_id = :runId AND status IN ('QUEUED', 'RUNNING')"
            + " ORDER BY seq, created_at");
    giveUp = Sql.of(
        "UPDATE " + table + " SET status = 'LOST', finished_at = :now WHERE task_id = :taskId"
            + " AND status = :status AND heartbeat_at IS NOT DISTINCT FROM :heartbeatAt");
    giveUpOpen = Sql.of(
        "UPDATE " + table + " SET status = 'LOST', finished_at = :now WHERE run_id = :runId"
            + " AND status IN ('QUEUED', 'RUNNING')");
    giveUpOpenFenced = Sql.of(
        "UPDATE " + table + " SET status = 'LOST', finished_at = :now::timestamptz"
            + " WHERE run_id = (SELECT run_id FROM fenced) AND status IN ('QUEUED', 'RUNNING')");
    heartbeat = Sql.of(
        "UPDATE " + table + " SET heartbeat_at = :now, progress = :progress"
            + " WHERE task_id = :taskId AND status = 'RUNNING' AND worker_id = :workerId");
    current = Sql.of(
        select + " WHERE run_id = :runId AND seq BETWEEN :fromSeq AND :toSeq AND status <> 'LOST'"
            + " ORDER BY created_at, task_id");
    String waitingOf = "SELECT " + Sql.columns("t", COLUMN_NAMES) + " FROM " + table + " t"
        + " WHERE t.run_id ";
    String waitingFor = " AND t.status <> 'LOST' AND EXISTS (SELECT 1 FROM " + steps
        + " s WHERE s.run_id = t.run_id AND s.seq = t.seq AND s.kind = 'REMOTE'"
        + " AND s.status IN ('PENDING', 'RUNNING')) ORDER BY t.created_at, t.task_id";
    waiting = Sql.of(waitingOf + "= :runId" + waitingFor);
    waitingOfJustClaimed = Sql.of(waitingOf + "IN (" + leases.justClaimed + ")" + waitingFor);
    storedRuns = "SELECT run_id FROM " + table + " WHERE task_id = ANY (:taskIds)"
        + " AND worker_id = :workerId AND status IN ('SUCCEEDED', 'FAILED')";
    answered = Sql.of(
        "SELECT DISTINCT run_id FROM " + table + " t WHERE task_id = ANY (:taskIds)"
            + " AND worker_id = :workerId AND status IN ('SUCCEEDED', 'FAILED')"
            + " AND (status = 'FAILED' OR (SELECT o.seq FROM " + table + " o"
            + " WHERE o.run_id = t.run_id AND o.status IN ('QUEUED', 'RUNNING')"
            + " ORDER BY o.run_id DESC, o.seq DESC, o.attempt DESC LIMIT 1) IS NULL)");
    deleteReset = Sql.of(
        "DELETE FROM " + table + " WHERE run_id = :runId AND (seq NOT IN"
            + " (SELECT seq FROM " + steps + " WHERE run_id = :runId) OR seq IN"
            + " (SELECT seq FROM " + steps + " WHERE run_id = :runId AND attempts = 0))");
    deleteOfRun = Sql.of("DELETE FROM " + table + " WHERE run_id = :runId");
  }

  /** The values of {@link #insert} (and {@link #insertFenced}) for {@code task}. */
  public Values insertValues(Values values, TaskRecord task) {
    return values.string("taskId", task.taskId()).string("runId", task.runId())
        .int4("seq", task.seq()).string("step", task.step()).int4("attempt", task.attempt())
        .string("input", task.input()).string("status", task.status().name())
        .string("workerId", task.workerId()).instant("createdAt", task.createdAt())
        .instant("claimedAt", task.claimedAt()).int8("windowMs", task.windowMs())
        .string("traceContext", task.traceContext());
  }

  /** The values of {@link #finishAll}'s arrays: each outcome of {@code finished}, in order. */
  public Values outcomeArrays(Values values, List<FinishedTask> finished) {
    int n = finished.size();
    String[] ids = new String[n];
    String[] statuses = new String[n];
    String[] outputs = new String[n];
    String[] messages = new String[n];
    String[] codes = new String[n];
    String[] types = new String[n];
    Boolean[] retryable = new Boolean[n];
    for (int i = 0; i < n; i++) {
      TaskOutcome outcome = finished.get(i).outcome();
      ids[i] = finished.get(i).task().taskId();
      statuses[i] = (outcome.succeeded() ? TaskStatus.SUCCEEDED : TaskStatus.FAILED).name();
      outputs[i] = outcome.output();
      messages[i] = form.seal(outcome.errorMessage());
      codes[i] = outcome.errorCode();
      types[i] = outcome.errorType();
      retryable[i] = outcome.succeeded() ? null : outcome.retryable();
    }
    return values.array("taskIds", "varchar", ids).array("statuses", "varchar", statuses)
        .array("outputs", "text", outputs).array("errorMessages", "text", messages)
        .array("errorCodes", "varchar", codes).array("errorTypes", "varchar", types)
        .array("retryable", "bool", retryable);
  }

  /** Inserts {@code tasks}, queued or claimed, as one JDBC batch. */
  void insert(Connection connection, List<TaskRecord> tasks) throws SQLException {
    if (tasks.isEmpty()) {
      return;
    }
    try (PreparedStatement batch = connection.prepareStatement(insert.text())) {
      for (TaskRecord task : tasks) {
        insert.bind(batch, insertValues(new Values(), task));
        batch.addBatch();
      }
      batch.executeBatch();
    }
  }

  /** The tasks {@code select} returns. */
  List<TaskRecord> read(PreparedStatement select) throws SQLException {
    try (ResultSet rows = select.executeQuery()) {
      return readAll(rows);
    }
  }

  /** The tasks in {@code rows}, selected with {@link #COLUMNS}. */
  public List<TaskRecord> readAll(ResultSet rows) throws SQLException {
    List<TaskRecord> tasks = new ArrayList<>();
    while (rows.next()) {
      tasks.add(task(rows));
    }
    return tasks;
  }

  /** The tasks {@link #waiting} of run {@code runId}. */
  List<TaskRecord> waiting(Connection connection, String runId) throws SQLException {
    return waiting.list(connection, new Values().string("runId", runId), this::task);
  }

  /**
   * Stores the outcome of a task this worker holds.
   *
   * @return false if the worker no longer holds the task (it was finished or taken back)
   */
  public boolean finish(
      Connection connection, TaskRecord task, String workerId, TaskOutcome outcome, Instant now)
      throws SQLException {
    return finish.update(connection, new Values()
        .string("status", (outcome.succeeded() ? TaskStatus.SUCCEEDED : TaskStatus.FAILED).name())
        .string("output", outcome.output())
        .string("errorMessage", form.seal(outcome.errorMessage()))
        .string("errorCode", outcome.errorCode()).string("errorType", outcome.errorType())
        .bool("retryable", outcome.succeeded() ? null : outcome.retryable())
        .instant("now", now).string("taskId", task.taskId()).string("workerId", workerId)) > 0;
  }

  /**
   * Gives up the open tasks of a run as lost and queues each again, as a new delivery of the same
   * attempt ({@code <taskId>/r<n>}); a worker still holding a lost task cannot store its outcome.
   *
   * @return the new deliveries
   */
  List<TaskRecord> redispatch(Connection connection, String runId, Instant now)
      throws SQLException {
    List<TaskRecord> open =
        openTasks.list(connection, new Values().string("runId", runId), this::task);
    List<TaskRecord> queued = new ArrayList<>();
    for (TaskRecord task : open) {
      redeliver(connection, task, now).ifPresent(queued::add);
    }
    return queued;
  }

  /**
   * Gives {@code task} up as lost and queues its next delivery, unless it changed since it was read.
   *
   * @return the new delivery, or empty if the task had changed
   */
  Optional<TaskRecord> redeliver(Connection connection, TaskRecord task, Instant now)
      throws SQLException {
    if (!giveUp(connection, task, now)) {
      return Optional.empty();
    }
    TaskRecord again = task.redelivered(now);
    insert(connection, List.of(again));
    return Optional.of(again);
  }

  /**
   * Gives up the run's open tasks: queued ones are never claimed, and the worker serving one learns
   * at its next heartbeat that its outcome will not be stored.
   */
  public int giveUpOpen(Connection connection, String runId, Instant now) throws SQLException {
    return giveUpOpen.update(connection, new Values().instant("now", now).string("runId", runId));
  }

  /**
   * Gives {@code task} up as lost, so that its worker can no longer store an outcome, unless it
   * changed since it was read (claimed, heard from or answered).
   *
   * @return whether it was given up
   */
  boolean giveUp(Connection connection, TaskRecord task, Instant now)
      throws SQLException {
    return giveUp.update(connection, new Values().instant("now", now)
        .string("taskId", task.taskId()).string("status", task.status().name())
        .instant("heartbeatAt", task.heartbeatAt())) == 1;
  }

  /**
   * Records a heartbeat of the worker that holds a task.
   *
   * @return false if the worker no longer holds it (it was given up)
   */
  boolean heartbeat(
      Connection connection, String taskId, String workerId, String progress, Instant now)
      throws SQLException {
    return heartbeat.update(connection, new Values().instant("now", now)
        .string("progress", form.seal(progress)).string("taskId", taskId)
        .string("workerId", workerId)) == 1;
  }

  /** Deletes the tasks of the steps a requeue reset (see {@link #deleteReset}). */
  public void deleteReset(Connection connection, String runId) throws SQLException {
    deleteReset.update(connection, new Values().string("runId", runId));
  }

  /** The deliveries of the steps at {@code fromSeq} to {@code toSeq} that are not lost. */
  List<TaskRecord> current(Connection connection, String runId, int fromSeq, int toSeq)
      throws SQLException {
    return current.list(connection, new Values().string("runId", runId).int4("fromSeq", fromSeq)
        .int4("toSeq", toSeq), this::task);
  }

  /** A task row of {@link #COLUMNS}, its error message and progress as they may be shown. */
  public TaskRecord task(ResultSet rows) throws SQLException {
    Boolean retryable = rows.getObject(12) == null ? null : rows.getBoolean(12);
    return new TaskRecord(
        rows.getString(1),
        rows.getString(2),
        rows.getInt(3),
        rows.getString(4),
        rows.getInt(5),
        rows.getString(6),
        Rows.parse(TaskStatus.class, rows.getString(7),
            "durable_tasks.status of task " + rows.getString(1)),
        rows.getString(8),
        form.shown(rows.getString(9)),
        rows.getString(10),
        rows.getString(11),
        retryable,
        rows.getString(13),
        Rows.instant(rows, 14),
        Rows.instant(rows, 15),
        Rows.instant(rows, 16),
        Rows.instant(rows, 17),
        form.shown(rows.getString(18)),
        rows.getLong(19),
        rows.getString(20));
  }
}
