package dev.durable.runtime.internal.store;

import dev.durable.runtime.RunError;
import dev.durable.runtime.RunState;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The SQL of {@code durable_runs}: its column lists, the statements both databases send, the
 * parts that the dialects' claims and lease renewals share, and reading a run row.
 */
final class RunsTable {
  static final String COLUMNS =
      "run_id, workflow_name, workflow_version, status, input, output, error_message, error_code,"
          + " error_type, error_step, created_at, updated_at, wake_at, due_at, lease_owner,"
          + " lease_until, epoch, deadline_at, parent_run_id, graph_fingerprint, trace_context";
  /** The columns a new run is inserted with; {@link #bindInsert} binds them. */
  private static final String INSERT_COLUMNS =
      "run_id, workflow_name, workflow_version, status, input, created_at, updated_at, due_at,"
          + " lease_owner, lease_until, epoch, deadline_at, parent_run_id, graph_fingerprint,"
          + " trace_context";
  static final String INSERT =
      "INSERT INTO durable_runs (" + INSERT_COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?,"
          + " ?, ?, ?, ?, ?, ?)";
  private static final String SELECT = "SELECT " + COLUMNS + " FROM durable_runs WHERE run_id = ?";
  /** A run's workflow and state, its row locked until the commit: it cannot end meanwhile. */
  private static final String LOCK =
      "SELECT workflow_name, workflow_version, status FROM durable_runs WHERE run_id = ?"
          + " FOR UPDATE";

  // ---- the fenced updates of a turn's commit: each holds only while the run's epoch does

  /**
   * Proves the lease in a batch of plain statements (H2): an update that changes nothing, so the
   * row's {@code updated_at} stays that of the run's last change of state, as on PostgreSQL.
   */
  private static final String TOUCH =
      "UPDATE durable_runs SET epoch = epoch WHERE run_id = ? AND epoch = ?";
  /**
   * Proves the lease in PostgreSQL's progress statement: the row is locked for the commit, which
   * keeps any claim, cancel or requeue out as an update would, but no new version of it is
   * written. Rewriting the run's row at every step cost a row version each, and a long-running
   * transaction elsewhere in the database kept them all visible to the next step's update.
   */
  static final String TOUCH_LOCKED =
      "SELECT run_id FROM durable_runs WHERE run_id = ? AND epoch = ? FOR SHARE";
  /**
   * Suspends a run, unless it was woken while it executed ({@code woken_at}): then it is due at
   * once, at its last update, an instant of the engines' clock.
   */
  private static final String SLEEP =
      "UPDATE durable_runs SET status = CASE WHEN woken_at IS NULL THEN 'SLEEPING' ELSE 'PENDING'"
          + " END, wake_at = ?, due_at = CASE WHEN woken_at IS NULL THEN ? ELSE updated_at END,"
          + " woken_at = NULL, lease_owner = NULL, lease_until = NULL, updated_at = ?"
          + " WHERE run_id = ? AND epoch = ?";
  private static final String COMPLETE =
      "UPDATE durable_runs SET status = 'COMPLETED', output = ?, wake_at = NULL, due_at = NULL,"
          + " lease_owner = NULL, lease_until = NULL, updated_at = ? WHERE run_id = ? AND epoch = ?";
  private static final String FAIL =
      "UPDATE durable_runs SET status = 'FAILED', error_message = ?, error_code = ?,"
          + " error_type = ?, error_step = ?, wake_at = NULL, due_at = NULL, lease_owner = NULL,"
          + " lease_until = NULL, updated_at = ? WHERE run_id = ? AND epoch = ?";

  // ---- the parts of the dialects' claims and lease renewals

  /** What a claim sets, before the epoch it moves on and the time. */
  static final String CLAIM_SET =
      "status = 'RUNNING', lease_owner = ?, lease_until = ?, due_at = ?, wake_at = NULL,"
          + " woken_at = NULL";
  private static final String DUE_KEY = "(workflow_name = ? AND workflow_version = ?)";
  /**
   * The runs leased to an owner ({@code ?}) until a time ({@code ?}): those a claim just made,
   * found through the index on {@code due_at}, which a claim sets to the lease's end. (A renewal
   * in the same microsecond would add its runs: read for nothing, not wrongly.)
   */
  static final String JUST_CLAIMED =
      "SELECT run_id FROM durable_runs WHERE due_at = ? AND lease_owner = ?";
  static final String RENEW_LEASE = "UPDATE durable_runs SET lease_until = ?, due_at = ? WHERE ";
  /** The rows of the runs an owner holds, after {@code run_id}'s condition. */
  static final String HELD = " AND lease_owner = ? AND status = 'RUNNING'";

  // ---- the statements of the store's other operations

  private static final String COUNT_DUE_BY_WORKFLOW =
      "SELECT workflow_name, workflow_version, COUNT(*) FROM durable_runs WHERE due_at <= ?"
          + " GROUP BY workflow_name, workflow_version ORDER BY workflow_name, workflow_version";
  private static final String RELEASE_LEASES =
      "UPDATE durable_runs SET status = 'PENDING', lease_owner = NULL, lease_until = NULL,"
          + " due_at = ?, epoch = epoch + 1, updated_at = ?"
          + " WHERE status = 'RUNNING' AND (lease_owner = ? OR ? IS NULL)";
  private static final String CANCEL =
      "UPDATE durable_runs SET status = 'CANCELLED', wake_at = NULL, due_at = NULL,"
          + " lease_owner = NULL, lease_until = NULL, epoch = epoch + 1, updated_at = ?"
          + " WHERE run_id = ? AND status NOT IN ('COMPLETED', 'FAILED', 'CANCELLED')";
  private static final String SELECT_CANCELLED =
      "SELECT run_id FROM durable_runs WHERE run_id = ANY (?) AND status = 'CANCELLED'";
  private static final String REQUEUE =
      "UPDATE durable_runs SET status = 'PENDING', error_message = NULL, error_code = NULL,"
          + " error_type = NULL, error_step = NULL, due_at = ?, deadline_at = ?, epoch = epoch + 1,"
          + " updated_at = ?"
          + " WHERE run_id = ? AND status = 'FAILED'";
  /**
   * Wakes a run. One that sleeps comes due, at its last update, an instant of the engines' clock,
   * so that a worker's clock running ahead of theirs cannot delay it. One that is executing, or due
   * and about to be claimed, is marked woken ({@code woken_at}), and its row stays locked until
   * this outcome is committed: a claim waits for it (and clears the mark, as the turn it starts
   * reads the outcome), while a turn already under way, which may have read the task before, finds
   * the mark when it suspends and makes the run due instead of asleep.
   */
  private static final String WAKE = wake("run_id = ?");

  /**
   * {@link #WAKE} of the runs {@code which} selects (a condition on {@code run_id}); its values are
   * bound by {@link #bindWake}, with the condition's after them.
   */
  static String wake(String which) {
    return "UPDATE durable_runs SET"
        + " status = CASE WHEN status = 'SLEEPING' THEN 'PENDING' ELSE status END,"
        + " due_at = CASE WHEN status = 'SLEEPING' THEN updated_at ELSE due_at END,"
        + " woken_at = CASE WHEN status = 'SLEEPING' THEN woken_at ELSE ? END,"
        + " updated_at = CASE WHEN status = 'SLEEPING' THEN ? ELSE updated_at END"
        + " WHERE " + which + " AND (status IN ('RUNNING', 'PENDING')"
        + " OR status = 'SLEEPING' AND (due_at IS NULL OR due_at > updated_at))";
  }
  /**
   * {@link #WAKE} in a progress statement: the run a commit wakes (the parent of a run that ends),
   * only where the commit's fence held.
   */
  static final String WAKE_FENCED = WAKE + " AND EXISTS (SELECT 1 FROM fenced)";
  private static final String SELECT_CHILDREN =
      "SELECT " + COLUMNS + " FROM durable_runs WHERE parent_run_id = ?"
          + " ORDER BY created_at, run_id";
  private static final String SELECT_OPEN_CHILDREN =
      "SELECT run_id FROM durable_runs WHERE parent_run_id = ?"
          + " AND status NOT IN ('COMPLETED', 'FAILED', 'CANCELLED')";

  private RunsTable() {}

  /** The values of {@link #INSERT} for {@code run}. */
  static Params bindInsert(Params params, NewRun run) {
    return params.string(run.runId()).string(run.workflow().name())
        .string(run.workflow().version()).string(run.status()).string(run.input())
        .instant(run.now()).instant(run.now()).instant(run.dueAt()).string(run.owner())
        .instant(run.storedLeaseUntil()).int8(run.epoch()).instant(run.deadlineAt())
        .string(run.parentRunId()).string(run.fingerprint()).string(run.traceContext());
  }

  /**
   * The update that applies {@code commit}'s change to its run where its epoch still holds (the
   * fence); its values are added to {@code params}. The text depends only on the kind of change.
   */
  static String fence(Commit commit, Instant now, Params params) {
    RunChange change = commit.change();
    String sql = switch (change.kind()) {
      case TOUCH -> TOUCH;
      case SLEEPING -> {
        params.instant(change.wakeAt()).instant(change.dueAt());
        yield SLEEP;
      }
      case COMPLETED -> {
        params.string(change.output());
        yield COMPLETE;
      }
      case FAILED -> {
        RunError error = change.error();
        params.string(error.message()).string(error.code()).string(error.type())
            .string(error.step().orElse(null));
        yield FAIL;
      }
    };
    if (change.kind() != RunChange.Kind.TOUCH) {
      params.instant(now);
    }
    params.string(commit.fence().runId()).int8(commit.fence().epoch());
    return sql;
  }

  /**
   * The filter of due runs of {@code keys} workflows, earliest first, that a claim reads from: an
   * index range scan on {@code due_at}. {@link #bindDue} binds it.
   */
  static String dueFilter(int keys) {
    StringBuilder sql = new StringBuilder("due_at <= ? AND (");
    for (int i = 0; i < keys; i++) {
      sql.append(i == 0 ? "" : " OR ").append(DUE_KEY);
    }
    return sql.append(") ORDER BY due_at LIMIT ?").toString();
  }

  /**
   * The filter of {@code ids} runs that sleep until a time, earliest first, that a claim ahead of
   * due time reads from: primary key lookups. {@link #bindAhead} binds it.
   */
  static String aheadFilter(int ids) {
    return "run_id IN (" + "?, ".repeat(ids - 1) + "?) AND status = 'SLEEPING' AND due_at <= ?"
        + " ORDER BY due_at";
  }

  static Params bindAhead(Params params, List<String> runIds, Instant dueBy) {
    for (String runId : runIds) {
      params.string(runId);
    }
    return params.instant(dueBy);
  }

  static Params bindDue(Params params, Instant now, List<WorkflowKey> workflows, int limit) {
    params.instant(now);
    for (WorkflowKey key : workflows) {
      params.string(key.name()).string(key.version());
    }
    return params.int4(limit);
  }

  /**
   * The detail of a {@code run.claimed} event. PostgreSQL's one-statement claim writes the same
   * detail in SQL ({@link PostgresDialect}): change both together.
   */
  static String claimedDetail(String owner, String previousStatus, String previousOwner) {
    return ClaimedRun.takesOver(previousStatus, previousOwner)
        ? owner + " took over from " + previousOwner + ", whose lease expired"
        : owner;
  }

  /** The run with this id. */
  static Optional<RunRecord> select(Connection connection, String runId) throws SQLException {
    try (PreparedStatement select = connection.prepareStatement(SELECT)) {
      select.setString(1, runId);
      try (ResultSet rows = select.executeQuery()) {
        return rows.next() ? Optional.of(read(rows, 1)) : Optional.empty();
      }
    }
  }

  /** A run's workflow and state, read with its row locked. */
  record Locked(WorkflowKey workflow, RunState status) {}

  /** Locks the run's row until the commit, and reads its workflow and state: see {@link #LOCK}. */
  static Optional<Locked> lock(Connection connection, String runId) throws SQLException {
    try (PreparedStatement select = connection.prepareStatement(LOCK)) {
      select.setString(1, runId);
      try (ResultSet rows = select.executeQuery()) {
        if (!rows.next()) {
          return Optional.empty();
        }
        return Optional.of(new Locked(
            new WorkflowKey(rows.getString(1), rows.getString(2)),
            Rows.parse(RunState.class, rows.getString(3), "durable_runs.status of run " + runId)));
      }
    }
  }

  /** How many runs of each workflow are due at {@code now}. */
  static Map<WorkflowKey, Long> countDueByWorkflow(Connection connection, Instant now)
      throws SQLException {
    try (PreparedStatement select = connection.prepareStatement(COUNT_DUE_BY_WORKFLOW)) {
      Rows.setInstant(select, 1, now);
      Map<WorkflowKey, Long> counts = new LinkedHashMap<>();
      try (ResultSet rows = select.executeQuery()) {
        while (rows.next()) {
          counts.put(new WorkflowKey(rows.getString(1), rows.getString(2)), rows.getLong(3));
        }
      }
      return counts;
    }
  }

  /**
   * Makes the runs leased by {@code owner} (every leased run when it is null) due at once, moving
   * their epochs on; logs it first, as {@code eventType}.
   */
  static int releaseLeases(Connection connection, String owner, String eventType, Instant now)
      throws SQLException {
    EventsTable.logReleased(connection, owner, eventType, now);
    try (PreparedStatement release = connection.prepareStatement(RELEASE_LEASES)) {
      Rows.setInstant(release, 1, now);
      Rows.setInstant(release, 2, now);
      release.setString(3, owner);
      release.setString(4, owner);
      return release.executeUpdate();
    }
  }

  /** Cancels a run that has not ended; whether it did. */
  static boolean cancel(Connection connection, String runId, Instant now) throws SQLException {
    try (PreparedStatement cancel = connection.prepareStatement(CANCEL)) {
      Rows.setInstant(cancel, 1, now);
      cancel.setString(2, runId);
      return cancel.executeUpdate() > 0;
    }
  }

  /** Which of {@code runIds} are cancelled. */
  static List<String> cancelled(Connection connection, Collection<String> runIds)
      throws SQLException {
    List<String> cancelled = new ArrayList<>();
    try (PreparedStatement select = connection.prepareStatement(SELECT_CANCELLED)) {
      select.setArray(1, connection.createArrayOf("varchar", runIds.toArray()));
      try (ResultSet rows = select.executeQuery()) {
        while (rows.next()) {
          cancelled.add(rows.getString(1));
        }
      }
    }
    return cancelled;
  }

  /** Makes a failed run due again; whether it had failed. */
  static boolean requeue(Connection connection, String runId, Instant deadlineAt, Instant now)
      throws SQLException {
    try (PreparedStatement requeue = connection.prepareStatement(REQUEUE)) {
      Rows.setInstant(requeue, 1, now);
      Rows.setInstant(requeue, 2, deadlineAt);
      Rows.setInstant(requeue, 3, now);
      requeue.setString(4, runId);
      return requeue.executeUpdate() > 0;
    }
  }

  /** Wakes run {@code runId}: see {@link #WAKE}. */
  static void wake(Connection connection, String runId, Instant now) throws SQLException {
    try (PreparedStatement wake = connection.prepareStatement(WAKE)) {
      bindWake(new Params(), runId, now).bind(wake);
      wake.executeUpdate();
    }
  }

  /** The values of {@link #WAKE} (and {@link #WAKE_FENCED}) for run {@code runId}. */
  static Params bindWake(Params params, String runId, Instant now) {
    return params.instant(now).instant(now).string(runId);
  }

  /** The runs that {@code parentRunId} started, oldest first. */
  static List<RunRecord> children(Connection connection, String parentRunId)
      throws SQLException {
    List<RunRecord> children = new ArrayList<>();
    try (PreparedStatement select = connection.prepareStatement(SELECT_CHILDREN)) {
      select.setString(1, parentRunId);
      try (ResultSet rows = select.executeQuery()) {
        while (rows.next()) {
          children.add(read(rows, 1));
        }
      }
    }
    return children;
  }

  /** The ids of the runs that {@code parentRunId} started and that have not ended. */
  static List<String> openChildren(Connection connection, String parentRunId)
      throws SQLException {
    List<String> open = new ArrayList<>();
    try (PreparedStatement select = connection.prepareStatement(SELECT_OPEN_CHILDREN)) {
      select.setString(1, parentRunId);
      try (ResultSet rows = select.executeQuery()) {
        while (rows.next()) {
          open.add(rows.getString(1));
        }
      }
    }
    return open;
  }

  /** A run row whose {@link #COLUMNS} start at column {@code first}. */
  static RunRecord read(ResultSet rows, int first) throws SQLException {
    int c = first;
    String runId = rows.getString(c);
    WorkflowKey workflow = new WorkflowKey(rows.getString(c + 1), rows.getString(c + 2));
    String input = rows.getString(c + 4);
    String output = rows.getString(c + 5);
    String errorMessage = rows.getString(c + 6);
    RunError error =
        errorMessage == null
            ? null
            : new RunError(
                errorMessage,
                rows.getString(c + 7),
                rows.getString(c + 8),
                Optional.ofNullable(rows.getString(c + 9)));
    RunState status;
    try {
      status = Rows.parse(RunState.class, rows.getString(c + 3),
          "durable_runs.status of run " + runId);
    } catch (UnreadableRowException e) {
      // reported as failed, with what is wrong: the status API answers instead of throwing
      status = RunState.FAILED;
      error = Rows.unreadable(e, Optional.empty());
    }
    return new RunRecord(
        runId,
        workflow,
        status,
        input,
        output,
        error,
        Rows.instant(rows, c + 10),
        Rows.instant(rows, c + 11),
        Rows.instant(rows, c + 12),
        Rows.instant(rows, c + 13),
        rows.getString(c + 14),
        Rows.instant(rows, c + 15),
        rows.getLong(c + 16),
        Rows.instant(rows, c + 17),
        rows.getString(c + 18),
        rows.getString(c + 19),
        rows.getString(c + 20));
  }
}
