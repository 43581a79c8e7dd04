package dev.durable.runtime.store;

import dev.durable.runtime.HistoryEvent;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * All of Durable's SQL, each statement once, behind one facade. Where H2 and PostgreSQL differ,
 * the work is done by a dialect's {@link ProgressWriter}, {@link Claimer} and {@link RunInserter}:
 * plain statements in a transaction on H2, single statements (one round trip, autocommitted) on
 * PostgreSQL. Writes made on behalf of a turn are fenced by the run's epoch ({@link Fence}) so that
 * an engine that lost a run cannot write over its new owner's progress.
 */
public final class Store {
  private static final String COUNT_DUE_BY_WORKFLOW =
      "SELECT workflow_name, workflow_version, COUNT(*) FROM durable_runs WHERE due_at <= ?"
          + " GROUP BY workflow_name, workflow_version ORDER BY workflow_name, workflow_version";
  private static final String RENEW_LEASE =
      "UPDATE durable_runs SET lease_until = ?, due_at = ?"
          + " WHERE run_id = ? AND lease_owner = ? AND status = 'RUNNING'";
  /**
   * PostgreSQL: one statement that skips the rows a progress write holds locked right now (they are
   * renewed next time, a third of a lease later), so that a renewal never waits on a write, nor
   * deadlocks with one.
   */
  private static final String RENEW_LEASES_SKIP_LOCKED =
      "UPDATE durable_runs SET lease_until = ?, due_at = ? WHERE run_id IN ("
          + " SELECT run_id FROM durable_runs WHERE run_id = ANY (?) AND lease_owner = ?"
          + " AND status = 'RUNNING' FOR UPDATE SKIP LOCKED)";
  private static final String LOG_RELEASED =
      "INSERT INTO durable_events (run_id, at, type, attempt, detail)"
          + " SELECT run_id, ?, ?, 0, lease_owner FROM durable_runs"
          + " WHERE status = 'RUNNING' AND (lease_owner = ? OR ? IS NULL)";
  private static final String RELEASE_LEASES =
      "UPDATE durable_runs SET status = 'PENDING', lease_owner = NULL, lease_until = NULL,"
          + " due_at = ?, epoch = epoch + 1, updated_at = ?"
          + " WHERE status = 'RUNNING' AND (lease_owner = ? OR ? IS NULL)";
  private static final String CANCEL_RUN =
      "UPDATE durable_runs SET status = 'CANCELLED', wake_at = NULL, due_at = NULL,"
          + " lease_owner = NULL, lease_until = NULL, epoch = epoch + 1, updated_at = ?"
          + " WHERE run_id = ? AND status NOT IN ('COMPLETED', 'FAILED', 'CANCELLED')";
  private static final String SELECT_CANCELLED =
      "SELECT run_id FROM durable_runs WHERE run_id = ANY (?) AND status = 'CANCELLED'";
  /** Tells the engines listening which run was cancelled: one of them may be executing it. */
  private static final String POSTGRES_CANCELLED =
      "SELECT pg_notify('" + RunInserter.Postgres.CHANNEL + "', ?)";
  private static final String REQUEUE_RUN =
      "UPDATE durable_runs SET status = 'PENDING', error_message = NULL, error_code = NULL,"
          + " error_type = NULL, error_step = NULL, due_at = ?, epoch = epoch + 1, updated_at = ?"
          + " WHERE run_id = ? AND status = 'FAILED'";
  private static final String DELETE_TRAILING_FAILED_STEPS =
      "DELETE FROM durable_steps WHERE run_id = ? AND status = 'FAILED' AND seq >"
          + " (SELECT COALESCE(MAX(seq), -1) FROM durable_steps"
          + " WHERE run_id = ? AND status <> 'FAILED')";
  /**
   * The failed branches of the group that failed the run (the group of its last checkpoint) start
   * over in place, with a fresh budget: the group's other branches keep their results.
   */
  private static final String RESET_FAILED_BRANCHES =
      "UPDATE durable_steps SET status = CASE WHEN kind = 'REMOTE' THEN 'RETRYING' ELSE 'PENDING'"
          + " END, attempts = 0, error_message = NULL, error_code = NULL, error_type = NULL,"
          + " wake_at = NULL, updated_at = ? WHERE run_id = ? AND status = 'FAILED' AND group_seq ="
          + " (SELECT s.group_seq FROM durable_steps s WHERE s.run_id = ? AND s.seq ="
          + " (SELECT MAX(m.seq) FROM durable_steps m WHERE m.run_id = ?))";
  /** The tasks of dispatched steps whose checkpoints a requeue reset: their attempts start over. */
  private static final String DELETE_RESET_TASKS =
      "DELETE FROM durable_tasks WHERE run_id = ? AND (seq NOT IN"
          + " (SELECT seq FROM durable_steps WHERE run_id = ?) OR seq IN"
          + " (SELECT seq FROM durable_steps WHERE run_id = ? AND attempts = 0))";
  private static final String SELECT_CHECKPOINTS =
      "SELECT " + Rows.CHECKPOINT_COLUMNS + " FROM durable_steps WHERE run_id = ? ORDER BY seq";
  private static final String SELECT_SNAPSHOT =
      "SELECT " + prefixed("s.", Rows.CHECKPOINT_COLUMNS) + ", " + prefixed("r.", Rows.RUN_COLUMNS)
          + " FROM durable_runs r LEFT JOIN durable_steps s ON s.run_id = r.run_id"
          + " WHERE r.run_id = ? ORDER BY s.seq";
  /** Where the run's columns begin in a snapshot row: after the checkpoint's. */
  private static final int SNAPSHOT_RUN_COLUMNS_FROM =
      Rows.CHECKPOINT_COLUMNS.split(",").length + 1;
  private static final String H2_DURABLE_COMMITS = "SET WRITE_DELAY 0";
  private static final String POSTGRES_WAKE = "NOTIFY " + RunInserter.Postgres.CHANNEL;

  private static final int ABORTED_ATTEMPTS = 3;
  /**
   * The most parameters one statement of a PostgreSQL progress batch binds: the driver refuses
   * more than 65,535, and a batch stays well below so that its text stays small too.
   */
  static final int MAX_STATEMENT_PARAMETERS = 30_000;
  private static final Logger LOG = LoggerFactory.getLogger(Store.class);

  private final DataSource dataSource;
  private final Dialect dialect;
  private final ProgressWriter progress;
  private final Claimer claimer;
  private final RunInserter inserter;

  /** A store on {@code dataSource}; connects once to learn which database it is. */
  public Store(DataSource dataSource) {
    this.dataSource = dataSource;
    try (Connection connection = dataSource.getConnection()) {
      this.dialect = Dialect.of(connection);
    } catch (SQLException e) {
      throw new StoreException(
          "cannot connect to the database: " + e.getMessage()
              + "; check the JDBC URL, the credentials and that the database is running",
          e);
    }
    boolean postgres = dialect == Dialect.POSTGRESQL;
    this.progress = postgres ? new PostgresProgressWriter() : new PortableProgressWriter();
    this.claimer = postgres ? new PostgresClaimer() : new PortableClaimer();
    this.inserter = postgres ? new RunInserter.Postgres() : new RunInserter.Portable();
  }

  /**
   * Creates or upgrades Durable's tables with Flyway. Its history table is {@code
   * durable_schema_history}, so it lives beside an application's own Flyway history; a database
   * that already holds other tables is baselined below Durable's first migration.
   */
  public void migrate() {
    try {
      Flyway.configure(Store.class.getClassLoader())
          // Flyway's own choice falls back to java.util.logging, which prints its INFO lines on
          // the console, when no SLF4J provider is present; its log goes where the engine's goes
          .loggers("slf4j")
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
    if (dialect == Dialect.H2) {
      inTransaction("configure durable commits", connection -> {
        try (Statement set = connection.createStatement()) {
          set.execute(H2_DURABLE_COMMITS);
        }
        return null;
      });
    }
  }

  /**
   * Calls {@code onRuns} whenever another engine or a client stores runs that no engine took at
   * once, makes runs due, or cancels a run (PostgreSQL {@code LISTEN}), with the ids of the runs
   * named (new and cancelled runs are); on H2, where one process owns the database, it never does.
   */
  public AutoCloseable listenForRuns(Consumer<List<String>> onRuns, String threadName) {
    if (dialect != Dialect.POSTGRESQL) {
      return () -> {};
    }
    return new Listener(dataSource, RunInserter.Postgres.CHANNEL, onRuns, threadName);
  }

  /**
   * Calls {@code onNewTasks} whenever a task is queued (PostgreSQL {@code LISTEN}), so that a
   * worker in another process need not wait for its next poll; on H2 it never does.
   */
  public AutoCloseable listenForTasks(Runnable onNewTasks, String threadName) {
    if (dialect != Dialect.POSTGRESQL) {
      return () -> {};
    }
    return new Listener(dataSource, Listener.TASKS_CHANNEL, ids -> onNewTasks.run(), threadName);
  }

  /**
   * Inserts new runs and logs their starts, in one commit.
   *
   * @return for each run, whether it was inserted; false if a run with its id exists already, or
   *     comes earlier in the same batch (nothing of it is written)
   */
  public boolean[] insertRuns(List<NewRun> runs) {
    List<NewRun> unique = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    int[] positions = new int[runs.size()];
    for (int i = 0; i < runs.size(); i++) {
      positions[i] = seen.add(runs.get(i).runId()) ? unique.size() : -1;
      if (positions[i] >= 0) {
        unique.add(runs.get(i));
      }
    }
    String what = "start " + unique.size() + " run(s)";
    boolean[] written = inserter.isSingleStatement()
        ? autocommit(what, connection -> inserter.insert(connection, unique))
        : inTransaction(what, connection -> inserter.insert(connection, unique));
    boolean[] result = new boolean[runs.size()];
    for (int i = 0; i < runs.size(); i++) {
      result[i] = positions[i] >= 0 && written[positions[i]];
    }
    return result;
  }

  /** The run with this id. */
  public Optional<RunRecord> findRun(String runId) {
    return autocommit(
        "read run " + runId, connection -> Rows.selectRun(connection, runId));
  }

  /**
   * Leases up to {@code limit} due runs of the given workflows to {@code owner}, earliest first, and
   * logs it; of engines racing for a run, one gets it. This is the poll: its search is an index
   * range scan on {@code due_at}, whose cost does not grow with the number of sleeping runs.
   */
  public List<RunRecord> claimDue(
      Instant now, List<WorkflowKey> workflows, int limit, String owner, Instant leaseUntil) {
    if (workflows.isEmpty() || limit <= 0) {
      return List.of();
    }
    return inTransaction(
        "claim due runs",
        connection -> claimer.claimDue(connection, now, workflows, limit, owner, leaseUntil));
  }

  /** How many runs of each workflow are due at {@code now}, registered here or not. */
  public Map<WorkflowKey, Long> countDueByWorkflow(Instant now) {
    return autocommit("count due runs", connection -> {
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
    });
  }

  /**
   * Extends {@code owner}'s lease on the given runs, in one batch. Runs it no longer holds are left
   * alone.
   */
  public void renewLeases(String owner, Collection<String> runIds, Instant leaseUntil) {
    if (runIds.isEmpty()) {
      return;
    }
    if (dialect == Dialect.POSTGRESQL) {
      autocommit("renew leases", connection -> {
        try (PreparedStatement renew = connection.prepareStatement(RENEW_LEASES_SKIP_LOCKED)) {
          Rows.setInstant(renew, 1, leaseUntil);
          Rows.setInstant(renew, 2, leaseUntil);
          renew.setArray(3, connection.createArrayOf("varchar", runIds.toArray()));
          renew.setString(4, owner);
          return renew.executeUpdate();
        }
      });
      return;
    }
    inTransaction("renew leases", connection -> {
      try (PreparedStatement renew = connection.prepareStatement(RENEW_LEASE)) {
        for (String runId : runIds) {
          Rows.setInstant(renew, 1, leaseUntil);
          Rows.setInstant(renew, 2, leaseUntil);
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
   * store no other process can share), making them due at once for any engine, and wakes the
   * others.
   */
  public int releaseLeases(String owner, String eventType, Instant now) {
    return inTransaction("release leases", connection -> {
      try (PreparedStatement log = connection.prepareStatement(LOG_RELEASED);
          PreparedStatement release = connection.prepareStatement(RELEASE_LEASES)) {
        Rows.setInstant(log, 1, now);
        log.setString(2, eventType);
        log.setString(3, owner);
        log.setString(4, owner);
        log.executeUpdate();
        Rows.setInstant(release, 1, now);
        Rows.setInstant(release, 2, now);
        release.setString(3, owner);
        release.setString(4, owner);
        int released = release.executeUpdate();
        if (released > 0) {
          wakeOtherEngines(connection);
        }
        return released;
      }
    });
  }

  /** The run's checkpoints and timers, in order. */
  public List<CheckpointRecord> checkpoints(String runId) {
    return autocommit(
        "read checkpoints of run " + runId, connection -> selectCheckpoints(connection, runId));
  }

  /**
   * The run and its checkpoints as of one moment: one statement, so that a step and the run it
   * belongs to are never seen at different points of a transition.
   */
  public Optional<RunSnapshot> snapshot(String runId) {
    return autocommit("read run " + runId, connection -> {
      try (PreparedStatement select = connection.prepareStatement(SELECT_SNAPSHOT)) {
        select.setString(1, runId);
        RunRecord run = null;
        List<CheckpointRecord> checkpoints = new ArrayList<>();
        try (ResultSet rows = select.executeQuery()) {
          while (rows.next()) {
            if (run == null) {
              run = Rows.run(rows, SNAPSHOT_RUN_COLUMNS_FROM);
            }
            if (rows.getString(1) != null) {
              checkpoints.add(Rows.checkpoint(rows, true));
            }
          }
        }
        return run == null ? Optional.empty() : Optional.of(new RunSnapshot(run, checkpoints));
      }
    });
  }

  private static String prefixed(String prefix, String columns) {
    return prefix + String.join(", " + prefix, columns.split(",\\s*"));
  }

  private static List<CheckpointRecord> selectCheckpoints(Connection connection, String runId)
      throws SQLException {
    try (PreparedStatement select = connection.prepareStatement(SELECT_CHECKPOINTS)) {
      select.setString(1, runId);
      List<CheckpointRecord> checkpoints = new ArrayList<>();
      try (ResultSet rows = select.executeQuery()) {
        while (rows.next()) {
          checkpoints.add(Rows.checkpoint(rows));
        }
      }
      return checkpoints;
    }
  }

  /**
   * Writes the progress of several turns, each fenced by its run's epoch: the change to the run,
   * the checkpoints and the events. On PostgreSQL, where a batch is one statement, the batch is cut
   * into chunks that stay within the driver's limit of parameters per statement, each chunk one
   * commit; a single turn too large for one statement (a fan of thousands of dispatched steps) is
   * written with plain statements in a transaction of its own. Every turn's writes still commit
   * together.
   *
   * @return for each commit, whether it was written; false where the run's epoch moved on (another
   *     engine claimed it, or it was cancelled or requeued), and then nothing of it was written
   */
  public boolean[] commit(List<Commit> commits, Instant now) {
    if (!progress.isSingleStatement()) {
      return inTransaction("record the progress of " + commits.size() + " run(s)",
          connection -> progress.write(connection, commits, now));
    }
    boolean[] written = new boolean[commits.size()];
    int from = 0;
    while (from < commits.size()) {
      int to = from;
      int parameters = 0;
      do {
        parameters += PostgresProgressWriter.parameters(commits.get(to++));
      } while (to < commits.size()
          && parameters + PostgresProgressWriter.parameters(commits.get(to))
              <= MAX_STATEMENT_PARAMETERS);
      List<Commit> chunk = commits.subList(from, to);
      String what = "record the progress of " + chunk.size() + " run(s)";
      boolean[] part = parameters <= MAX_STATEMENT_PARAMETERS
          ? autocommit(what, connection -> progress.write(connection, chunk, now))
          : inTransaction(what, connection -> {
            boolean[] large = new PortableProgressWriter().write(connection, chunk, now);
            if (chunk.stream().anyMatch(commit -> !commit.tasks().isEmpty())) {
              notifyWorkers(connection);
            }
            return large;
          });
      System.arraycopy(part, 0, written, from, part.length);
      from = to;
    }
    return written;
  }

  /**
   * Cancels a run that has not ended, moving its epoch on so that a turn in flight cannot write
   * again. On PostgreSQL the engines listening are told the run's id (see {@link
   * #listenForRuns}), so that the one executing it, if another, stops its step at once. Its
   * dispatched steps' open tasks are given up, as a timeout gives one up: no worker claims them
   * any more, and one serving a task learns it at its next heartbeat.
   *
   * @return whether the run was cancelled now
   */
  public boolean cancel(String runId, Instant now) {
    return inTransaction("cancel run " + runId, connection -> {
      try (PreparedStatement cancel = connection.prepareStatement(CANCEL_RUN)) {
        Rows.setInstant(cancel, 1, now);
        cancel.setString(2, runId);
        if (cancel.executeUpdate() == 0) {
          return false;
        }
      }
      TaskQueue.giveUpOpen(connection, runId, now);
      EventLog.append(connection, runId, List.of(NewEvent.run("run.cancelled", null, now)));
      tellOtherEnginesCancelled(connection, runId);
      return true;
    });
  }

  /** Which of {@code runIds} are cancelled. */
  public List<String> cancelled(Collection<String> runIds) {
    if (runIds.isEmpty()) {
      return List.of();
    }
    return autocommit("read whether " + runIds.size() + " run(s) were cancelled", connection -> {
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
        Rows.setInstant(requeue, 1, now);
        Rows.setInstant(requeue, 2, now);
        requeue.setString(3, runId);
        if (requeue.executeUpdate() == 0) {
          return false;
        }
      }
      int reset;
      try (PreparedStatement branches = connection.prepareStatement(RESET_FAILED_BRANCHES)) {
        Rows.setInstant(branches, 1, now);
        branches.setString(2, runId);
        branches.setString(3, runId);
        branches.setString(4, runId);
        reset = branches.executeUpdate();
      }
      try (PreparedStatement delete = connection.prepareStatement(DELETE_TRAILING_FAILED_STEPS)) {
        delete.setString(1, runId);
        delete.setString(2, runId);
        reset += delete.executeUpdate();
      }
      try (PreparedStatement delete = connection.prepareStatement(DELETE_RESET_TASKS)) {
        delete.setString(1, runId);
        delete.setString(2, runId);
        delete.setString(3, runId);
        delete.executeUpdate();
      }
      EventLog.append(
          connection,
          runId,
          List.of(NewEvent.run("run.requeued", reset + " failed step(s) reset", now)));
      wakeOtherEngines(connection);
      return true;
    });
  }

  /**
   * Makes a sleeping run due now, ending its sleep early (a run parked for a queue slot, when a
   * slot frees), or marks an executing one woken, so that its suspension makes it due. A run that
   * sleeps for another reason finds its deadline not reached and sleeps on.
   */
  public void wakeRun(String runId, Instant now) {
    autocommit("wake run " + runId, connection -> {
      TaskQueue.wakeRun(connection, runId, now);
      return null;
    });
  }

  /** The run's event log, oldest first. */
  public List<HistoryEvent> history(String runId) {
    return autocommit(
        "read history of run " + runId, connection -> EventLog.read(connection, runId));
  }

  // ---- dispatched steps' tasks

  /** Claims up to {@code limit} queued tasks of {@code steps} for a worker, oldest first. */
  public List<TaskRecord> claimTasks(List<String> steps, int limit, String workerId, Instant now) {
    return inTransaction("claim tasks for worker " + workerId,
        connection -> TaskQueue.claim(connection, dialect, steps, limit, workerId, now));
  }

  /**
   * Stores the outcome of a task the worker holds, and makes the run that waits for it due, waking
   * the engines.
   *
   * @return false if the worker no longer holds the task
   */
  public boolean finishTask(TaskRecord task, String workerId, TaskOutcome outcome, Instant now) {
    return inTransaction("store the outcome of task " + task.taskId(), connection -> {
      boolean finished = TaskQueue.finish(connection, task, workerId, outcome, now);
      if (finished) {
        wakeOtherEngines(connection);
      }
      return finished;
    });
  }

  /**
   * Gives up the run's queued and claimed tasks as lost and queues each again, logging {@code
   * step.redispatched} and a {@code step.started} that says {@code redispatched: true}.
   *
   * @return the new deliveries
   */
  public List<TaskRecord> redispatch(String runId, Instant now) {
    return inTransaction("redispatch the tasks of run " + runId, connection -> {
      List<TaskRecord> queued = TaskQueue.redispatch(connection, runId, now);
      logRedeliveries(connection, runId, queued, now);
      if (!queued.isEmpty()) {
        notifyWorkers(connection);
      }
      return queued;
    });
  }

  /**
   * Gives {@code task} up as lost and queues its next delivery, logged as {@link #redispatch}
   * logs, unless the task changed since it was read: claimed, heard from or answered.
   *
   * @return the new delivery, or empty if the task had changed
   */
  public Optional<TaskRecord> redeliver(TaskRecord task, Instant now) {
    return inTransaction("deliver task " + task.taskId() + " again", connection -> {
      Optional<TaskRecord> again = TaskQueue.redeliver(connection, task, now);
      logRedeliveries(connection, task.runId(), again.stream().toList(), now);
      if (again.isPresent()) {
        notifyWorkers(connection);
      }
      return again;
    });
  }

  /**
   * Gives {@code task} up, so that its worker can no longer store an outcome, unless it changed
   * since it was read: claimed, heard from or answered.
   *
   * @return whether it was given up
   */
  public boolean giveUpTask(TaskRecord task, Instant now) {
    return autocommit("give up task " + task.taskId(),
        connection -> TaskQueue.giveUp(connection, task, now));
  }

  /**
   * Records a heartbeat of the worker that holds a task, with the progress it reports.
   *
   * @return false if the worker no longer holds the task: it was given up, and its outcome will
   *     not be stored
   */
  public boolean heartbeat(String taskId, String workerId, String progress, Instant now) {
    return autocommit("record a heartbeat of task " + taskId,
        connection -> TaskQueue.heartbeat(connection, taskId, workerId, progress, now));
  }

  private static void logRedeliveries(
      Connection connection, String runId, List<TaskRecord> queued, Instant now)
      throws SQLException {
    List<NewEvent> events = new ArrayList<>();
    for (TaskRecord task : queued) {
      events.add(new NewEvent("step.redispatched", task.step(), task.attempt(),
          "task " + task.taskId() + " queued again: the earlier delivery was given up as lost",
          now));
      events.add(new NewEvent("step.started", task.step(), task.attempt(),
          "dispatched; redispatched: true", now));
    }
    EventLog.append(connection, runId, events);
  }

  /** Whether any of the tasks {@code taskIds} has its outcome stored (or was given up). */
  public boolean anyTaskFinished(List<String> taskIds) {
    return autocommit("read the outcomes of " + taskIds.size() + " task(s)",
        connection -> TaskQueue.anyFinished(connection, taskIds));
  }

  /**
   * The tasks of the steps at positions {@code fromSeq} to {@code toSeq} of a run that were not
   * given up as lost, oldest first.
   */
  public List<TaskRecord> currentTasks(String runId, int fromSeq, int toSeq) {
    return autocommit("read the tasks of run " + runId,
        connection -> TaskQueue.current(connection, runId, fromSeq, toSeq));
  }

  private void notifyWorkers(Connection connection) throws SQLException {
    if (dialect == Dialect.POSTGRESQL) {
      try (Statement notify = connection.createStatement()) {
        notify.execute("NOTIFY " + Listener.TASKS_CHANNEL);
      }
    }
  }

  private void wakeOtherEngines(Connection connection) throws SQLException {
    if (dialect == Dialect.POSTGRESQL) {
      try (Statement notify = connection.createStatement()) {
        notify.execute(POSTGRES_WAKE);
      }
    }
  }

  private void tellOtherEnginesCancelled(Connection connection, String runId)
      throws SQLException {
    if (dialect == Dialect.POSTGRESQL) {
      try (PreparedStatement notify = connection.prepareStatement(POSTGRES_CANCELLED)) {
        notify.setString(1, runId);
        notify.execute();
      }
    }
  }

  @FunctionalInterface
  private interface Work<T> {
    T run(Connection connection) throws SQLException;
  }

  private <T> T inTransaction(String what, Work<T> work) {
    for (int attempt = 1; ; attempt++) {
      try (Connection connection = dataSource.getConnection()) {
        connection.setAutoCommit(false);
        try {
          T result = work.run(connection);
          connection.commit();
          return result;
        } catch (SQLException | RuntimeException e) {
          rollbackQuietly(connection, e);
          throw e;
        }
      } catch (SQLException e) {
        if (!retryable(e, attempt, what)) {
          throw failure(what, e);
        }
      }
    }
  }

  /**
   * Whether a failed transaction is tried again at once: PostgreSQL aborts one of two transactions
   * that lock each other's rows (a progress batch and a lease renewal that share runs, say), and
   * the aborted one wrote nothing, so it may simply run again. Other outages are left to the
   * caller, which retries later (the run is taken up again when its lease expires).
   */
  private static boolean retryable(SQLException e, int attempt, String what) {
    if (attempt < ABORTED_ATTEMPTS && SqlErrors.isAborted(e)) {
      LOG.debug("retrying to {} after {}", what, e.getMessage());
      return true;
    }
    return false;
  }

  /** The error that {@code e} raised while the store tried to do {@code what}, classified. */
  static StoreException failure(String what, SQLException e) {
    boolean permanent = SqlErrors.classify(e) == SqlErrors.Kind.PERMANENT;
    return new StoreException(
        "could not " + what + ": " + e.getMessage()
            + (permanent ? " (the database refused it, and would refuse it again)" : ""),
        e, permanent);
  }

  /** Rolls back, keeping {@code cause} as the error: a broken connection cannot roll back. */
  private static void rollbackQuietly(Connection connection, Exception cause) {
    try {
      connection.rollback();
    } catch (SQLException rollbackFailed) {
      cause.addSuppressed(rollbackFailed);
    }
  }

  /** One statement, committed by itself: one round trip. */
  private <T> T autocommit(String what, Work<T> work) {
    for (int attempt = 1; ; attempt++) {
      try (Connection connection = dataSource.getConnection()) {
        connection.setAutoCommit(true);
        return work.run(connection);
      } catch (SQLException e) {
        if (!retryable(e, attempt, what)) {
          throw failure(what, e);
        }
      }
    }
  }
}
