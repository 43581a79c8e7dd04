package dev.durable.runtime.internal.store.run;

import dev.durable.runtime.RunError;
import dev.durable.runtime.StepState;
import dev.durable.runtime.codec.StoredForm;
import dev.durable.runtime.internal.model.CheckpointKind;
import dev.durable.runtime.internal.model.CheckpointRecord;
import dev.durable.runtime.internal.model.RunRecord;
import dev.durable.runtime.internal.model.RunSnapshot;
import dev.durable.runtime.internal.store.sql.PayloadColumn;
import dev.durable.runtime.internal.store.sql.Rows;
import dev.durable.runtime.internal.store.sql.Schema;
import dev.durable.runtime.internal.store.sql.Sql;
import dev.durable.runtime.internal.store.sql.UnreadableRowException;
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
 * The catalogue of {@code durable_steps}, the checkpoints, built once per store with its schema:
 * inserting and updating them (alone, or in PostgreSQL's progress statement, where they are
 * written from the fenced run row), reading them, and resetting failed ones for a requeue.
 */
public final class StepsTable {
  public static final String NAME = "durable_steps";
  private static final List<String> COLUMN_NAMES = List.of(
      "run_id", "seq", "kind", "name", "status", "attempts", "input", "output", "error_message",
      "error_code", "error_type", "wake_at", "started_at", "updated_at", "group_seq");
  public static final String COLUMNS = Sql.columns(null, COLUMN_NAMES);
  /** How many columns {@link #COLUMNS} names. */
  private static final int COLUMN_COUNT = COLUMN_NAMES.size();

  private final EventsTable events;
  private final RunsTable runs;
  /** How error messages are stored: through the payload codec, if any (they may quote values). */
  private final StoredForm form;
  /** A new checkpoint; {@link #insertValues} binds it. */
  public final Sql insert;
  /**
   * {@link #insert} in a PostgreSQL progress statement: written only if the run's row was fenced
   * (the {@code fenced} CTE returned it). Its instants and group are cast, as parameters in a
   * {@code SELECT} list have no column to take their type from.
   */
  public final Sql insertFenced;
  /**
   * {@link #insertFenced} of a checkpoint that carries its step's two events ({@link
   * Commit.CheckpointWrite#carriesEvents}): they take the ids numbered {@code :startedEvent} and
   * the one after of the statement's {@code numbered} ids, in the log's order.
   */
  public final Sql insertFencedCarrying;
  /** A checkpoint's new state; {@link #updateValues} binds it. */
  public final Sql update;
  /** {@link #update} in a PostgreSQL progress statement: only if the run's row was fenced. */
  public final Sql updateFenced;
  public final Sql select;
  /**
   * The checkpoints of the runs a claim just leased ({@link RunLeases#justClaimed}), by run and
   * in order.
   */
  public final Sql ofJustClaimed;
  private final Sql selectSnapshot;
  private final Sql deleteFrom;
  private final Sql deleteTrailingFailed;
  /**
   * The failed branches of the group that failed the run (the group of its last checkpoint) start
   * over in place, with a fresh budget: the group's other branches keep their results.
   */
  private final Sql resetFailedBranches;
  /** A deleted run's checkpoints ({@code FinishedRuns}). */
  public final Sql deleteOfRun;
  /** The columns that hold payloads and error messages. */
  public final List<PayloadColumn> payloadColumns;

  public StepsTable(Schema schema, RunLeases leases, EventsTable events, RunsTable runs,
      StoredForm form) {
    this.events = events;
    this.runs = runs;
    this.form = form;
    String table = schema.table(NAME);
    payloadColumns = PayloadColumn.of(
        table, List.of("run_id", "seq"), "input", "output", "error_message");
    insert = Sql.of(
        "INSERT INTO " + table + " (" + COLUMNS + ") VALUES (:runId, :seq, :kind, :name, :status,"
            + " :attempts, :input, :output, :errorMessage, :errorCode, :errorType, :wakeAt,"
            + " :startedAt, :updatedAt, :groupSeq)");
    insertFenced = Sql.of(
        "INSERT INTO " + table + " (" + COLUMNS + ") SELECT :runId, :seq, :kind, :name, :status,"
            + " :attempts, :input, :output, :errorMessage, :errorCode, :errorType,"
            + " :wakeAt::timestamptz, :startedAt::timestamptz, :updatedAt::timestamptz,"
            + " :groupSeq::int4 FROM fenced");
    insertFencedCarrying = Sql.of(
        "INSERT INTO " + table + " (" + COLUMNS + ", started_event, completed_event) SELECT"
            + " :runId, :seq, :kind, :name, :status, :attempts, :input, :output, :errorMessage,"
            + " :errorCode, :errorType, :wakeAt::timestamptz, :startedAt::timestamptz,"
            + " :updatedAt::timestamptz, :groupSeq::int4, (SELECT id FROM numbered"
            + " WHERE n = :startedEvent::int8),"
            + " (SELECT id FROM numbered WHERE n = :startedEvent::int8 + 1) FROM fenced");
    update = Sql.of(
        "UPDATE " + table + " SET status = :status, attempts = :attempts, output = :output,"
            + " error_message = :errorMessage, error_code = :errorCode, error_type = :errorType,"
            + " wake_at = :wakeAt, updated_at = :updatedAt WHERE run_id = :runId AND seq = :seq");
    updateFenced = Sql.of(
        "UPDATE " + table + " SET status = :status, attempts = :attempts, output = :output,"
            + " error_message = :errorMessage, error_code = :errorCode, error_type = :errorType,"
            + " wake_at = :wakeAt::timestamptz, updated_at = :updatedAt::timestamptz"
            + " WHERE run_id = :runId AND seq = :seq AND EXISTS (SELECT 1 FROM fenced)"
            + " RETURNING 1");
    select = Sql.of(
        "SELECT " + COLUMNS + " FROM " + table + " WHERE run_id = :runId ORDER BY seq");
    ofJustClaimed = Sql.of("SELECT " + COLUMNS + " FROM " + table + " WHERE run_id IN ("
        + leases.justClaimed + ") ORDER BY run_id, seq");
    selectSnapshot = Sql.of(
        "SELECT " + Sql.columns("s", COLUMN_NAMES) + ", " + RunsTable.prefixedColumns()
            + " FROM " + schema.table(RunsTable.NAME) + " r LEFT JOIN " + table
            + " s ON s.run_id = r.run_id WHERE r.run_id = :runId ORDER BY s.seq");
    deleteFrom = Sql.of("DELETE FROM " + table + " WHERE run_id = :runId AND seq >= :seq");
    deleteTrailingFailed = Sql.of(
        "DELETE FROM " + table + " WHERE run_id = :runId AND status = 'FAILED' AND seq >"
            + " (SELECT COALESCE(MAX(seq), -1) FROM " + table
            + " WHERE run_id = :runId AND status <> 'FAILED')");
    resetFailedBranches = Sql.of(
        "UPDATE " + table + " SET status = CASE WHEN kind = 'REMOTE' THEN 'RETRYING'"
            + " ELSE 'PENDING' END, attempts = 0, error_message = NULL, error_code = NULL,"
            + " error_type = NULL, wake_at = NULL, updated_at = :now WHERE run_id = :runId"
            + " AND status = 'FAILED' AND group_seq = (SELECT s.group_seq FROM " + table + " s"
            + " WHERE s.run_id = :runId AND s.seq = (SELECT MAX(m.seq) FROM " + table + " m"
            + " WHERE m.run_id = :runId))");
    deleteOfRun = Sql.of("DELETE FROM " + table + " WHERE run_id = :runId");
  }

  /** The values of {@link #insert} (and its fenced forms) for {@code c}. */
  public Values insertValues(Values values, CheckpointRecord c) {
    return stateValues(values, c).string("kind", c.kind().name()).string("name", c.name())
        .string("input", c.input()).instant("startedAt", c.startedAt())
        .nullableInt4("groupSeq", c.groupSeq());
  }

  /** The values of {@link #update} (and {@link #updateFenced}) for {@code c}. */
  public Values updateValues(Values values, CheckpointRecord c) {
    return stateValues(values, c);
  }

  private Values stateValues(Values values, CheckpointRecord c) {
    RunError error = c.error();
    return values.string("runId", c.runId()).int4("seq", c.seq())
        .string("status", c.status().name()).int4("attempts", c.attempts())
        .string("output", c.output())
        .string("errorMessage", error == null ? null : form.seal(error.message()))
        .string("errorCode", error == null ? null : error.code())
        .string("errorType", error == null ? null : error.type())
        .instant("wakeAt", c.wakeAt()).instant("updatedAt", c.updatedAt());
  }

  /** The run's checkpoints, in order. */
  public List<CheckpointRecord> select(Connection connection, String runId) throws SQLException {
    return select.list(connection, new Values().string("runId", runId), rows -> read(rows, false));
  }

  /** The checkpoints in {@code rows}, selected by {@link #select}. */
  public List<CheckpointRecord> readAll(ResultSet rows) throws SQLException {
    List<CheckpointRecord> checkpoints = new ArrayList<>();
    while (rows.next()) {
      checkpoints.add(read(rows, false));
    }
    return checkpoints;
  }

  /**
   * The run and its checkpoints as of one moment: one statement, so that a step and the run it
   * belongs to are never seen at different points of a transition.
   */
  public Optional<RunSnapshot> snapshot(Connection connection, String runId)
      throws SQLException {
    try (PreparedStatement select =
        selectSnapshot.prepare(connection, new Values().string("runId", runId))) {
      RunRecord run = null;
      List<CheckpointRecord> checkpoints = new ArrayList<>();
      try (ResultSet rows = select.executeQuery()) {
        while (rows.next()) {
          if (run == null) {
            run = runs.read(rows, COLUMN_COUNT + 1);
          }
          if (rows.getString(1) != null) {
            checkpoints.add(read(rows, true));
          }
        }
      }
      return run == null ? Optional.empty() : Optional.of(new RunSnapshot(run, checkpoints));
    }
  }

  /**
   * Gives the failed steps at the end of a requeued run a fresh start: the failed branches of its
   * last group start over in place, and the failed checkpoints after its last good one are
   * deleted.
   *
   * @return how many steps were reset
   */
  public int resetFailed(Connection connection, String runId, Instant now)
      throws SQLException {
    Values values = new Values().string("runId", runId).instant("now", now);
    return resetFailedBranches.update(connection, values)
        + deleteTrailingFailed.update(connection, values);
  }

  /**
   * Deletes the run's checkpoints from position {@code seq} on; the events they carry stay in the
   * run's history as rows of the log.
   */
  public void deleteFrom(Connection connection, String runId, int seq) throws SQLException {
    events.keepCarried(connection, runId, seq);
    deleteFrom.update(connection, new Values().string("runId", runId).int4("seq", seq));
  }

  /**
   * A checkpoint row of {@link #COLUMNS}; one whose kind or status this version does not know is
   * read, when {@code lenient}, as a failed step whose error says what is wrong.
   *
   * @throws UnreadableRowException if its kind or status is not one this version knows, and not
   *     {@code lenient}
   */
  public CheckpointRecord read(ResultSet rows, boolean lenient) throws SQLException {
    String runId = rows.getString(1);
    int seq = rows.getInt(2);
    String name = rows.getString(4);
    String errorMessage = form.shown(rows.getString(9));
    RunError error =
        errorMessage == null
            ? null
            : new RunError(
                errorMessage, rows.getString(10), rows.getString(11), Optional.of(name));
    String where = " of step '" + name + "' at position " + seq + " of run " + runId;
    CheckpointKind kind;
    StepState status;
    try {
      kind = Rows.parse(CheckpointKind.class, rows.getString(3), "durable_steps.kind" + where);
      status = Rows.parse(StepState.class, rows.getString(5), "durable_steps.status" + where);
    } catch (UnreadableRowException e) {
      if (!lenient) {
        throw e;
      }
      kind = CheckpointKind.STEP;
      status = StepState.FAILED;
      error = Rows.unreadable(e, Optional.of(name));
    }
    return new CheckpointRecord(
        runId,
        seq,
        kind,
        name,
        status,
        rows.getInt(6),
        rows.getString(7),
        rows.getString(8),
        error,
        Rows.instant(rows, 12),
        Rows.instant(rows, 13),
        Rows.instant(rows, 14),
        rows.getObject(15, Integer.class));
  }
}
