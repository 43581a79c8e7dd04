package dev.durable.runtime.store;

import dev.durable.runtime.HistoryEvent;
import dev.durable.runtime.RunError;
import dev.durable.runtime.RunState;
import dev.durable.runtime.StepState;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;

/**
 * All of Durable's SQL, each statement once. One text serves H2 and PostgreSQL. Every method runs
 * in its own transaction; writes made on behalf of a turn are fenced by the run's epoch ({@link
 * Fence}) so that an engine that lost a run cannot write over its new owner's progress.
 */
public final class Store {
  private static final String RUN_COLUMNS =
      "run_id, workflow_name, workflow_version, status, input, output, error_message, error_code,"
          + " error_type, error_step, created_at, updated_at, wake_at, due_at, lease_owner,"
          + " lease_until, epoch";
  private static final String CHECKPOINT_COLUMNS =
      "run_id, seq, kind, name, status, attempts, input, output, error_message, error_code,"
          + " error_type, wake_at, started_at, updated_at";
  private static final String ENDED = "('COMPLETED', 'FAILED', 'CANCELLED')";

  private static final String INSERT_RUN =
      "INSERT INTO durable_runs (run_id, workflow_name, workflow_version, status, input,"
          + " created_at, updated_at, due_at, lease_owner, lease_until, epoch)"
          + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
  private static final String SELECT_RUN =
      "SELECT " + RUN_COLUMNS + " FROM durable_runs WHERE run_id = ?";
  private static final String SELECT_DUE_PREFIX =
      "SELECT run_id FROM durable_runs WHERE due_at <= ? AND (";
  private static final String SELECT_DUE_KEY = "(workflow_name = ? AND workflow_version = ?)";
  private static final String SELECT_DUE_SUFFIX = ") ORDER BY due_at LIMIT ?";
  private static final String COUNT_DUE_BY_WORKFLOW =
      "SELECT workflow_name, workflow_version, COUNT(*) FROM durable_runs WHERE due_at <= ?"
          + " GROUP BY workflow_name, workflow_version ORDER BY workflow_name, workflow_version";
  private static final String CLAIM =
      "UPDATE durable_runs SET status = 'RUNNING', lease_owner = ?, lease_until = ?, due_at = ?,"
          + " wake_at = NULL, epoch = ?, updated_at = ?"
          + " WHERE run_id = ? AND epoch = ? AND due_at <= ?";
  private static final String RENEW_LEASE =
      "UPDATE durable_runs SET lease_until = ?, due_at = ?"
          + " WHERE run_id = ? AND lease_owner = ? AND status = 'RUNNING'";
  private static final String LOG_RELEASED =
      "INSERT INTO durable_events (run_id, at, type, attempt, detail)"
          + " SELECT run_id, ?, ?, 0, lease_owner FROM durable_runs"
          + " WHERE status = 'RUNNING' AND (lease_owner = ? OR ? IS NULL)";
  private static final String RELEASE_LEASES =
      "UPDATE durable_runs SET status = 'PENDING', lease_owner = NULL, lease_until = NULL,"
          + " due_at = ?, epoch = epoch + 1, updated_at = ?"
          + " WHERE status = 'RUNNING' AND (lease_owner = ? OR ? IS NULL)";
  private static final String TOUCH_RUN =
      "UPDATE durable_runs SET updated_at = ? WHERE run_id = ? AND epoch = ?";
  private static final String SLEEP_RUN =
      "UPDATE durable_runs SET status = 'SLEEPING', wake_at = ?, due_at = ?, lease_owner = NULL,"
          + " lease_until = NULL, updated_at = ? WHERE run_id = ? AND epoch = ?";
  private static final String COMPLETE_RUN =
      "UPDATE durable_runs SET status = 'COMPLETED', output = ?, wake_at = NULL, due_at = NULL,"
          + " lease_owner = NULL, lease_until = NULL, updated_at = ? WHERE run_id = ? AND epoch = ?";
  private static final String FAIL_RUN =
      "UPDATE durable_runs SET status = 'FAILED', error_message = ?, error_code = ?,"
          + " error_type = ?, error_step = ?, wake_at = NULL, due_at = NULL, lease_owner = NULL,"
          + " lease_until = NULL, updated_at = ? WHERE run_id = ? AND epoch = ?";
  private static final String CANCEL_RUN =
      "UPDATE durable_runs SET status = 'CANCELLED', wake_at = NULL, due_at = NULL,"
          + " lease_owner = NULL, lease_until = NULL, epoch = epoch + 1, updated_at = ?"
          + " WHERE run_id = ? AND status NOT IN " + ENDED;
  private static final String REQUEUE_RUN =
      "UPDATE durable_runs SET status = 'PENDING', error_message = NULL, error_code = NULL,"
          + " error_type = NULL, error_step = NULL, due_at = ?, epoch = epoch + 1, updated_at = ?"
          + " WHERE run_id = ? AND status = 'FAILED'";
  private static final String DELETE_TRAILING_FAILED_STEPS =
      "DELETE FROM durable_steps WHERE run_id = ? AND status = 'FAILED' AND seq >"
          + " (SELECT COALESCE(MAX(seq), -1) FROM durable_steps"
          + " WHERE run_id = ? AND status <> 'FAILED')";
  private static final String SELECT_CHECKPOINTS =
      "SELECT " + CHECKPOINT_COLUMNS + " FROM durable_steps WHERE run_id = ? ORDER BY seq";
  private static final String INSERT_CHECKPOINT =
      "INSERT INTO durable_steps (" + CHECKPOINT_COLUMNS + ")"
          + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
  private static final String UPDATE_CHECKPOINT =
      "UPDATE durable_steps SET status = ?, attempts = ?, output = ?, error_message = ?,"
          + " error_code = ?, error_type = ?, wake_at = ?, updated_at = ?"
          + " WHERE run_id = ? AND seq = ?";
  private static final String INSERT_EVENT =
      "INSERT INTO durable_events (run_id, at, type, step, attempt, detail)"
          + " VALUES (?, ?, ?, ?, ?, ?)";
  private static final String SELECT_EVENTS =
      "SELECT id, run_id, at, type, step, attempt, detail FROM durable_events"
          + " WHERE run_id = ? ORDER BY id";

  private static final String H2_DURABLE_COMMITS = "SET WRITE_DELAY 0";

  private final DataSource dataSource;
  private final Map<Integer, String> dueQueries = new ConcurrentHashMap<>();

  public Store(DataSource dataSource) {
    this.dataSource = dataSource;
  }

  /**
   * Creates or upgrades Durable's tables with Flyway. Its history table is {@code
   * durable_schema_history}, so it lives beside an application's own Flyway history; a database
   * that already holds other tables is baselined below Durable's first migration.
   */
  public void migrate() {
    try {
      Flyway.configure(Store.class.getClassLoader())
          .dataSource(dataSource)
          .locations("classpath:db/durable/common")
          .table("durable_schema_history")
          .baselineOnMigrate(true)
          .baselineVersion("0")
          .load()
          .migrate();
    } catch (FlywayException e) {
      throw new StoreException(
          "could not create or upgrade Durable's tables: " + e.getMessage()
              + "; check that the database is reachable and the user may create tables",
          e);
    }
  }

  /**
   * Makes every commit durable before it returns. On H2 this turns off the write delay: by default
   * H2 acknowledges a commit up to half a second before writing it, and a killed process loses it,
   * which would let a completed step run again. PostgreSQL commits durably already.
   */
  public void requireDurableCommits() {
    inTransaction("configure durable commits", connection -> {
      if ("H2".equals(connection.getMetaData().getDatabaseProductName())) {
        try (PreparedStatement set = connection.prepareStatement(H2_DURABLE_COMMITS)) {
          set.execute();
        }
      }
      return null;
    });
  }

  /**
   * Inserts a new run, already leased when {@code lease} is given, and logs its creation.
   *
   * @return false if a run with this id exists already (nothing is written)
   */
  public boolean insertRun(
      String runId, WorkflowKey workflow, String input, Instant now, Optional<Fence> lease,
      String owner, Instant leaseUntil) {
    return inTransaction("start run " + runId, connection -> {
      try (PreparedStatement insert = connection.prepareStatement(INSERT_RUN)) {
        insert.setString(1, runId);
        insert.setString(2, workflow.name());
        insert.setString(3, workflow.version());
        insert.setString(4, (lease.isPresent() ? RunState.RUNNING : RunState.PENDING).name());
        insert.setString(5, input);
        setInstant(insert, 6, now);
        setInstant(insert, 7, now);
        setInstant(insert, 8, lease.isPresent() ? leaseUntil : now);
        insert.setString(9, lease.isPresent() ? owner : null);
        setInstant(insert, 10, lease.isPresent() ? leaseUntil : null);
        insert.setLong(11, lease.map(Fence::epoch).orElse(0L));
        insert.executeUpdate();
      } catch (SQLException e) {
        if (isUniqueViolation(e)) {
          connection.rollback();
          return false;
        }
        throw e;
      }
      List<NewEvent> events = new ArrayList<>();
      events.add(NewEvent.run("run.created", workflow.toString(), now));
      if (lease.isPresent()) {
        events.add(NewEvent.run("run.claimed", owner, now));
      }
      insertEvents(connection, runId, events);
      return true;
    });
  }

  /** The run with this id. */
  public Optional<RunRecord> findRun(String runId) {
    return inTransaction("read run " + runId, connection -> selectRun(connection, runId));
  }

  /**
   * The ids of up to {@code limit} runs of the given workflows that are due at {@code now},
   * earliest first.
   */
  public List<String> findDue(Instant now, List<WorkflowKey> workflows, int limit) {
    if (workflows.isEmpty() || limit <= 0) {
      return List.of();
    }
    String sql = dueQueries.computeIfAbsent(workflows.size(), Store::dueQuery);
    return inTransaction("look for due runs", connection -> {
      try (PreparedStatement select = connection.prepareStatement(sql)) {
        int i = 1;
        setInstant(select, i++, now);
        for (WorkflowKey key : workflows) {
          select.setString(i++, key.name());
          select.setString(i++, key.version());
        }
        select.setInt(i, limit);
        List<String> ids = new ArrayList<>();
        try (ResultSet rows = select.executeQuery()) {
          while (rows.next()) {
            ids.add(rows.getString(1));
          }
        }
        return ids;
      }
    });
  }

  private static String dueQuery(int keys) {
    StringBuilder sql = new StringBuilder(SELECT_DUE_PREFIX);
    for (int i = 0; i < keys; i++) {
      sql.append(i == 0 ? "" : " OR ").append(SELECT_DUE_KEY);
    }
    return sql.append(SELECT_DUE_SUFFIX).toString();
  }

  /** How many runs of each workflow are due at {@code now}, registered here or not. */
  public Map<WorkflowKey, Long> countDueByWorkflow(Instant now) {
    return inTransaction("count due runs", connection -> {
      try (PreparedStatement select = connection.prepareStatement(COUNT_DUE_BY_WORKFLOW)) {
        setInstant(select, 1, now);
        Map<WorkflowKey, Long> counts = new LinkedHashMap<>();
        try (ResultSet rows = select.executeQuery()) {
          while (rows.next()) {
            counts.put(new WorkflowKey(rows.getString(1), rows.getString(2)), rows.getLong(3));
          }
        }
        return counts;
      }
    });
  }

  /**
   * Leases a due run to {@code owner} until {@code leaseUntil} and logs it. A compare-and-set on
   * the run's epoch: of engines racing for the run, one wins.
   *
   * @return the run as claimed, or empty if it was not due or another engine got it first
   */
  public Optional<RunRecord> claim(String runId, String owner, Instant now, Instant leaseUntil) {
    return inTransaction("claim run " + runId, connection -> {
      Optional<RunRecord> found = selectRun(connection, runId);
      if (found.isEmpty() || found.get().dueAt() == null || found.get().dueAt().isAfter(now)) {
        return Optional.empty();
      }
      RunRecord run = found.get();
      long epoch = run.epoch() + 1;
      try (PreparedStatement claim = connection.prepareStatement(CLAIM)) {
        claim.setString(1, owner);
        setInstant(claim, 2, leaseUntil);
        setInstant(claim, 3, leaseUntil);
        claim.setLong(4, epoch);
        setInstant(claim, 5, now);
        claim.setString(6, runId);
        claim.setLong(7, run.epoch());
        setInstant(claim, 8, now);
        if (claim.executeUpdate() == 0) {
          return Optional.empty();
        }
      }
      String detail =
          run.status() == RunState.RUNNING && run.leaseOwner() != null
              ? owner + " took over from " + run.leaseOwner() + ", whose lease expired"
              : owner;
      insertEvents(connection, runId, List.of(NewEvent.run("run.claimed", detail, now)));
      return Optional.of(
          new RunRecord(
              run.runId(), run.workflow(), RunState.RUNNING, run.input(), run.output(),
              run.error(), run.createdAt(), now, null, leaseUntil, owner, leaseUntil, epoch));
    });
  }

  /**
   * Extends {@code owner}'s lease on the given runs, in one batch. Runs it no longer holds are
   * left alone.
   */
  public void renewLeases(String owner, Collection<String> runIds, Instant leaseUntil) {
    if (runIds.isEmpty()) {
      return;
    }
    inTransaction("renew leases", connection -> {
      try (PreparedStatement renew = connection.prepareStatement(RENEW_LEASE)) {
        for (String runId : runIds) {
          setInstant(renew, 1, leaseUntil);
          setInstant(renew, 2, leaseUntil);
          renew.setString(3, runId);
          renew.setString(4, owner);
          renew.addBatch();
        }
        renew.executeBatch();
        return null;
      }
    });
  }

  /**
   * Gives up the runs leased by {@code owner} (every leased run when {@code owner} is null, for a
   * store no other process can share), making them due at once for any engine.
   */
  public int releaseLeases(String owner, String eventType, Instant now) {
    return inTransaction("release leases", connection -> {
      try (PreparedStatement log = connection.prepareStatement(LOG_RELEASED);
          PreparedStatement release = connection.prepareStatement(RELEASE_LEASES)) {
        setInstant(log, 1, now);
        log.setString(2, eventType);
        log.setString(3, owner);
        log.setString(4, owner);
        log.executeUpdate();
        setInstant(release, 1, now);
        setInstant(release, 2, now);
        release.setString(3, owner);
        release.setString(4, owner);
        return release.executeUpdate();
      }
    });
  }

  /** The run's checkpoints and timers, in order. */
  public List<CheckpointRecord> checkpoints(String runId) {
    return inTransaction(
        "read checkpoints of run " + runId, connection -> selectCheckpoints(connection, runId));
  }

  /**
   * The run and its checkpoints as of one moment (a repeatable-read transaction), so that a step
   * and the run it belongs to are never seen at different points of a transition.
   */
  public Optional<RunSnapshot> snapshot(String runId) {
    return inTransaction("read run " + runId, connection -> {
      connection.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
      Optional<RunRecord> run = selectRun(connection, runId);
      if (run.isEmpty()) {
        return Optional.empty();
      }
      return Optional.of(new RunSnapshot(run.get(), selectCheckpoints(connection, runId)));
    });
  }

  private static List<CheckpointRecord> selectCheckpoints(Connection connection, String runId)
      throws SQLException {
    try (PreparedStatement select = connection.prepareStatement(SELECT_CHECKPOINTS)) {
      select.setString(1, runId);
      List<CheckpointRecord> checkpoints = new ArrayList<>();
      try (ResultSet rows = select.executeQuery()) {
        while (rows.next()) {
          checkpoints.add(checkpoint(rows));
        }
      }
      return checkpoints;
    }
  }

  /**
   * Writes a turn's progress in one transaction, fenced by {@code fence}: the change to the run,
   * the checkpoint (inserted when {@code insert}, else updated) and the events.
   *
   * @return false, writing nothing, if the run's epoch moved on: another engine claimed it, or it
   *     was cancelled or requeued
   */
  public boolean commit(
      Fence fence, RunChange change, CheckpointRecord checkpoint, boolean insert,
      List<NewEvent> events, Instant now) {
    return inTransaction("record progress of run " + fence.runId(), connection -> {
      if (!updateRun(connection, fence, change, now)) {
        connection.rollback();
        return false;
      }
      if (checkpoint != null) {
        writeCheckpoint(connection, checkpoint, insert);
      }
      insertEvents(connection, fence.runId(), events);
      return true;
    });
  }

  private static boolean updateRun(
      Connection connection, Fence fence, RunChange change, Instant now) throws SQLException {
    String sql =
        switch (change.kind()) {
          case TOUCH -> TOUCH_RUN;
          case SLEEPING -> SLEEP_RUN;
          case COMPLETED -> COMPLETE_RUN;
          case FAILED -> FAIL_RUN;
        };
    try (PreparedStatement update = connection.prepareStatement(sql)) {
      int i = 1;
      switch (change.kind()) {
        case TOUCH -> {}
        case SLEEPING -> {
          setInstant(update, i++, change.wakeAt());
          setInstant(update, i++, change.wakeAt());
        }
        case COMPLETED -> update.setString(i++, change.output());
        case FAILED -> {
          update.setString(i++, change.error().message());
          update.setString(i++, change.error().code());
          update.setString(i++, change.error().type());
          update.setString(i++, change.error().step().orElse(null));
        }
      }
      setInstant(update, i++, now);
      update.setString(i++, fence.runId());
      update.setLong(i, fence.epoch());
      return update.executeUpdate() == 1;
    }
  }

  private static void writeCheckpoint(
      Connection connection, CheckpointRecord c, boolean insert) throws SQLException {
    RunError error = c.error();
    if (insert) {
      try (PreparedStatement statement = connection.prepareStatement(INSERT_CHECKPOINT)) {
        statement.setString(1, c.runId());
        statement.setInt(2, c.seq());
        statement.setString(3, c.kind().name());
        statement.setString(4, c.name());
        statement.setString(5, c.status().name());
        statement.setInt(6, c.attempts());
        statement.setString(7, c.input());
        statement.setString(8, c.output());
        statement.setString(9, error == null ? null : error.message());
        statement.setString(10, error == null ? null : error.code());
        statement.setString(11, error == null ? null : error.type());
        setInstant(statement, 12, c.wakeAt());
        setInstant(statement, 13, c.startedAt());
        setInstant(statement, 14, c.updatedAt());
        statement.executeUpdate();
      }
    } else {
      try (PreparedStatement statement = connection.prepareStatement(UPDATE_CHECKPOINT)) {
        statement.setString(1, c.status().name());
        statement.setInt(2, c.attempts());
        statement.setString(3, c.output());
        statement.setString(4, error == null ? null : error.message());
        statement.setString(5, error == null ? null : error.code());
        statement.setString(6, error == null ? null : error.type());
        setInstant(statement, 7, c.wakeAt());
        setInstant(statement, 8, c.updatedAt());
        statement.setString(9, c.runId());
        statement.setInt(10, c.seq());
        if (statement.executeUpdate() != 1) {
          throw new SQLException(
              "checkpoint " + c.seq() + " of run " + c.runId() + " vanished while being updated");
        }
      }
    }
  }

  /**
   * Cancels a run that has not ended, moving its epoch on so that a turn in flight cannot write
   * again.
   *
   * @return whether the run was cancelled now
   */
  public boolean cancel(String runId, Instant now) {
    return inTransaction("cancel run " + runId, connection -> {
      try (PreparedStatement cancel = connection.prepareStatement(CANCEL_RUN)) {
        setInstant(cancel, 1, now);
        cancel.setString(2, runId);
        if (cancel.executeUpdate() == 0) {
          return false;
        }
      }
      insertEvents(connection, runId, List.of(NewEvent.run("run.cancelled", null, now)));
      return true;
    });
  }

  /**
   * Makes a failed run due again, deleting the failed checkpoints at its end so that those steps
   * get a fresh retry budget; earlier checkpoints, completed or failed-and-caught, stay.
   *
   * @return whether the run had failed and was requeued
   */
  public boolean requeue(String runId, Instant now) {
    return inTransaction("requeue run " + runId, connection -> {
      try (PreparedStatement requeue = connection.prepareStatement(REQUEUE_RUN)) {
        setInstant(requeue, 1, now);
        setInstant(requeue, 2, now);
        requeue.setString(3, runId);
        if (requeue.executeUpdate() == 0) {
          return false;
        }
      }
      int deleted;
      try (PreparedStatement delete = connection.prepareStatement(DELETE_TRAILING_FAILED_STEPS)) {
        delete.setString(1, runId);
        delete.setString(2, runId);
        deleted = delete.executeUpdate();
      }
      insertEvents(
          connection,
          runId,
          List.of(NewEvent.run("run.requeued", deleted + " failed step(s) reset", now)));
      return true;
    });
  }

  /** The run's event log, oldest first. */
  public List<HistoryEvent> history(String runId) {
    return inTransaction("read history of run " + runId, connection -> {
      try (PreparedStatement select = connection.prepareStatement(SELECT_EVENTS)) {
        select.setString(1, runId);
        List<HistoryEvent> events = new ArrayList<>();
        try (ResultSet rows = select.executeQuery()) {
          while (rows.next()) {
            events.add(
                new HistoryEvent(
                    rows.getLong(1),
                    rows.getString(2),
                    instant(rows, 3),
                    rows.getString(4),
                    Optional.ofNullable(rows.getString(5)),
                    rows.getInt(6),
                    rows.getString(7)));
          }
        }
        return events;
      }
    });
  }

  private static Optional<RunRecord> selectRun(Connection connection, String runId)
      throws SQLException {
    try (PreparedStatement select = connection.prepareStatement(SELECT_RUN)) {
      select.setString(1, runId);
      try (ResultSet rows = select.executeQuery()) {
        if (!rows.next()) {
          return Optional.empty();
        }
        String errorMessage = rows.getString(7);
        RunError error =
            errorMessage == null
                ? null
                : new RunError(
                    errorMessage,
                    rows.getString(8),
                    rows.getString(9),
                    Optional.ofNullable(rows.getString(10)));
        return Optional.of(
            new RunRecord(
                rows.getString(1),
                new WorkflowKey(rows.getString(2), rows.getString(3)),
                RunState.valueOf(rows.getString(4)),
                rows.getString(5),
                rows.getString(6),
                error,
                instant(rows, 11),
                instant(rows, 12),
                instant(rows, 13),
                instant(rows, 14),
                rows.getString(15),
                instant(rows, 16),
                rows.getLong(17)));
      }
    }
  }

  private static CheckpointRecord checkpoint(ResultSet rows) throws SQLException {
    String name = rows.getString(4);
    String errorMessage = rows.getString(9);
    RunError error =
        errorMessage == null
            ? null
            : new RunError(
                errorMessage, rows.getString(10), rows.getString(11), Optional.of(name));
    return new CheckpointRecord(
        rows.getString(1),
        rows.getInt(2),
        CheckpointKind.valueOf(rows.getString(3)),
        name,
        StepState.valueOf(rows.getString(5)),
        rows.getInt(6),
        rows.getString(7),
        rows.getString(8),
        error,
        instant(rows, 12),
        instant(rows, 13),
        instant(rows, 14));
  }

  private static void insertEvents(Connection connection, String runId, List<NewEvent> events)
      throws SQLException {
    if (events.isEmpty()) {
      return;
    }
    try (PreparedStatement insert = connection.prepareStatement(INSERT_EVENT)) {
      for (NewEvent event : events) {
        insert.setString(1, runId);
        setInstant(insert, 2, event.at());
        insert.setString(3, event.type());
        insert.setString(4, event.step());
        insert.setInt(5, event.attempt());
        insert.setString(6, event.detail());
        insert.addBatch();
      }
      insert.executeBatch();
    }
  }

  @FunctionalInterface
  private interface Work<T> {
    T run(Connection connection) throws SQLException;
  }

  private <T> T inTransaction(String what, Work<T> work) {
    try (Connection connection = dataSource.getConnection()) {
      connection.setAutoCommit(false);
      try {
        T result = work.run(connection);
        connection.commit();
        return result;
      } catch (SQLException | RuntimeException e) {
        connection.rollback();
        throw e;
      }
    } catch (SQLException e) {
      throw new StoreException("could not " + what + ": " + e.getMessage(), e);
    }
  }

  private static boolean isUniqueViolation(SQLException e) {
    return "23505".equals(e.getSQLState());
  }

  private static void setInstant(PreparedStatement statement, int index, Instant instant)
      throws SQLException {
    if (instant == null) {
      statement.setNull(index, Types.TIMESTAMP_WITH_TIMEZONE);
    } else {
      statement.setObject(index, OffsetDateTime.ofInstant(instant, ZoneOffset.UTC));
    }
  }

  private static Instant instant(ResultSet rows, int index) throws SQLException {
    OffsetDateTime value = rows.getObject(index, OffsetDateTime.class);
    return value == null ? null : value.toInstant();
  }
}
