package dev.durable.runtime.internal.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Optional;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * PostgreSQL, over the network: each batch of work is one statement, or several joined into one
 * multi-statement text, which the driver sends together and PostgreSQL runs in one implicit
 * transaction, so that it is one round trip and, autocommitted, one commit. Claims and lease
 * renewals use {@code FOR UPDATE SKIP LOCKED}; engines and workers in other processes are told of
 * new work with {@code NOTIFY} and listen with {@code LISTEN} ({@link Listener}).
 */
final class PostgresDialect implements Dialect {
  /**
   * The channel engines listen on ({@link #channel}); a payload is the id of a run started or
   * cancelled.
   */
  private static final String RUNS_CHANNEL = channel(RunsTable.TABLE);
  /** The channel workers listen on ({@link #channel}): tasks were queued. */
  private static final String TASKS_CHANNEL = channel("durable_tasks");
  private static final String NOTIFY_RUNS = "SELECT pg_notify(" + RUNS_CHANNEL + ", '')";
  private static final String NOTIFY_TASKS = "SELECT pg_notify(" + TASKS_CHANNEL + ", '')";
  /**
   * Tells the workers of tasks queued, with the origin of this process's wake-ups: its own workers
   * are woken in process already ({@link Listener}).
   */
  static final Sql NOTIFY_TASKS_FROM = Sql.of("SELECT pg_notify(" + TASKS_CHANNEL + ", :origin)");
  /** Names a run to the engines listening. */
  static final Sql ANNOUNCE_RUN = Sql.of("SELECT pg_notify(" + RUNS_CHANNEL + ", :runId)");
  /**
   * The longest schema name a channel's name carries as it is: with the longer of the two bases
   * ({@code durable_tasks.}, 14 bytes) it makes 63, the most PostgreSQL allows.
   */
  private static final int SCHEMA_IN_CHANNEL = 49;
  /**
   * Stores outcomes on the tasks the worker still holds, returning the ids of those stored ({@link
   * TasksTable#FINISH_ALL}); locks their runs' rows, in order ({@link RunsTable#LOCK_ANSWERED});
   * then wakes each run that has no task left open (or whose task failed) and notifies the engines
   * ({@link TasksTable#ANSWERED}). Three statements in one text: one round trip and,
   * autocommitted, one commit. The wake-up reads the tasks after the lock, in a statement of its
   * own with a fresh snapshot: of two workers answering a run's last two tasks at once, the second
   * to lock sees the first's answer committed, so one of them wakes the run.
   */
  private static final Sql FINISH_TASKS = Sql.of(
      TasksTable.FINISH_ALL.named() + ";\n" + RunsTable.LOCK_ANSWERED.named() + ";\n"
          + "WITH answered AS (" + TasksTable.ANSWERED.named() + "),"
          + " woken AS (" + RunsTable.WAKE_ANSWERED.named() + " RETURNING 1)"
          + " SELECT pg_notify(" + RUNS_CHANNEL + ", :origin) FROM answered LIMIT 1");
  /** A resumed turn's reads ({@link Resumption}). */
  private static final Sql RESUMPTION = Sql.of(
      StepsTable.SELECT.named() + ";\n" + TasksTable.WAITING.named());
  /**
   * {@link #FINISH_TASKS} that leases the runs of a {@link HandBack} to its engine instead of
   * leaving them for any engine to claim. After the lock, the answered runs are woken as {@link
   * #FINISH_TASKS} wakes them; then the runs of the hand-back that are due are claimed, as {@link
   * #claimDue} claims (due by {@code due_at}, here filtered by id: {@link
   * RunLeases#CLAIM_DUE_AMONG}), with the reads of their turns: those this wake-up left due, as a
   * run that still waits for a task, or whose turn still executes somewhere (marked woken, as
   * before), is not due. The engines are notified only if a run of the batch is left due. Seven
   * statements, one round trip, one commit: the engine's claim and its commit are spared.
   */
  private static final Sql FINISH_TASKS_HANDING_BACK = Sql.of(
      TasksTable.FINISH_ALL.named() + ";\n" + RunsTable.LOCK_ANSWERED.named() + ";\n"
          + "WITH answered AS (" + TasksTable.ANSWERED.named() + "),"
          + " woken AS (" + RunsTable.WAKE_ANSWERED.named() + " RETURNING run_id)"
          + " SELECT count(*) FROM woken;\n"
          + RunLeases.CLAIM_DUE_AMONG.named() + ";\n" + StepsTable.OF_JUST_CLAIMED.named() + ";\n"
          + TasksTable.WAITING_OF_JUST_CLAIMED.named() + ";\n"
          + "SELECT pg_notify(" + RUNS_CHANNEL + ", :origin) FROM (" + RunsTable.ANSWERED_DUE
          + ") d");
  /** A run's start: the run inserted (nothing on a taken id) and its events logged, by count. */
  private static final Map<Integer, Sql> STARTS = new ConcurrentHashMap<>();

  private final Transactions transactions;
  private final String origin;
  /** Claims of due runs with the reads of their turns ({@link #claimDue}), by workflow count. */
  private final Map<Integer, Sql> dueClaims = new ConcurrentHashMap<>();

  /** @param origin what this process's wake-ups carry ({@link Store#wakeOrigin}) */
  PostgresDialect(Transactions transactions, String origin) {
    this.transactions = transactions;
    this.origin = origin;
  }

  /**
   * The name of one of the channels of the Durable tables in the current schema, as an SQL
   * expression that the server evaluates where a notification is sent or listened for: {@code
   * base} in the schema {@code public} (the name the channels have always had), {@code
   * base.<schema>} in any other, so that installations in different schemas of one database do not
   * wake each other's polls for nothing. A schema name too long to fit ({@link
   * #SCHEMA_IN_CHANNEL}) is replaced by its md5.
   */
  private static String channel(String base) {
    return "(CASE current_schema() WHEN 'public' THEN '" + base + "' ELSE '" + base + ".' ||"
        + " CASE WHEN octet_length(current_schema()) <= " + SCHEMA_IN_CHANNEL
        + " THEN current_schema() ELSE md5(current_schema()) END END)";
  }

  /** PostgreSQL commits durably already. */
  @Override
  public void requireDurableCommits() {}

  /** See {@link Upkeep}. */
  @Override
  public Optional<String> upkeepWarning() {
    return transactions.autocommit("read the autovacuum settings", Upkeep::warning);
  }

  @Override
  public AutoCloseable listenForRuns(Consumer<List<String>> onRuns, String threadName) {
    return new Listener(transactions.dataSource(), RUNS_CHANNEL, origin, onRuns, threadName);
  }

  @Override
  public AutoCloseable listenForTasks(Runnable onNewTasks, String threadName) {
    return new Listener(
        transactions.dataSource(), TASKS_CHANNEL, origin, ids -> onNewTasks.run(), threadName);
  }

  @Override
  public void wakeEngines(Connection connection) throws SQLException {
    try (Statement notify = connection.createStatement()) {
      notify.execute(NOTIFY_RUNS);
    }
  }

  @Override
  public void announceCancelled(Connection connection, String runId) throws SQLException {
    try (PreparedStatement notify =
        ANNOUNCE_RUN.prepare(connection, new Values().string("runId", runId))) {
      notify.execute();
    }
  }

  @Override
  public void wakeWorkers(Connection connection) throws SQLException {
    try (Statement notify = connection.createStatement()) {
      notify.execute(NOTIFY_TASKS);
    }
  }

  /**
   * One round trip and one commit for the batch: per run, one statement that inserts it (nothing
   * on a taken id) and logs its start, and for a run no engine took at once a {@code NOTIFY} that
   * wakes the engines listening. Runs are ordered by shape, so that recurring texts are prepared
   * and planned once.
   */
  @Override
  public boolean[] insertRuns(List<NewRun> runs) {
    return transactions.autocommit("start " + runs.size() + " run(s)", connection -> {
      Integer[] order = new Integer[runs.size()];
      for (int i = 0; i < order.length; i++) {
        order[i] = i;
      }
      Arrays.sort(order, Comparator.comparing((Integer i) -> runs.get(i).leased())
          .thenComparing(i -> runs.get(i).events().size()));
      StringBuilder sql = new StringBuilder();
      Params params = Params.postgres();
      for (int i : order) {
        NewRun run = runs.get(i);
        Sql start = STARTS.computeIfAbsent(run.events().size(), events -> Sql.of(
            "WITH inserted AS (" + RunsTable.INSERT_IF_ABSENT.named() + " RETURNING run_id) "
                + EventsTable.logInserted(events)));
        Values values = EventsTable.insertedValues(RunsTable.insertValues(run), run.events());
        sql.append(start.text()).append(";\n");
        start.bind(params, values);
        if (!run.leased()) {
          sql.append(ANNOUNCE_RUN.text()).append(";\n");
          ANNOUNCE_RUN.bind(params, values);
        }
      }
      boolean[] inserted = new boolean[runs.size()];
      try (PreparedStatement insert = connection.prepareStatement(sql.toString())) {
        params.bind(insert);
        // the update counts, in order: each run's logged events (none where its id was taken)
        boolean resultSet = insert.execute();
        int next = 0;
        while (true) {
          if (!resultSet) {
            int count = insert.getUpdateCount();
            if (count == -1) {
              break;
            }
            inserted[order[next++]] = count > 0;
          }
          resultSet = insert.getMoreResults();
        }
        if (next != runs.size()) {
          throw new SQLException("expected " + runs.size() + " run inserts, got " + next);
        }
      }
      return inserted;
    });
  }

  /**
   * Claims a batch of due runs in one statement: {@code FOR UPDATE SKIP LOCKED} picks due rows no
   * other engine is claiming, the update leases them and moves their epochs on, and the claim is
   * logged; autocommitted, it is one round trip and one commit.
   */
  @Override
  public List<ClaimedRun> claimDue(
      Instant now, List<WorkflowKey> workflows, int limit, String owner, Instant leaseUntil) {
    Sql sql = dueClaims.computeIfAbsent(workflows.size(),
        keys -> Sql.of(RunLeases.claimDue(keys).named() + ";\n"
            + StepsTable.OF_JUST_CLAIMED.named() + ";\n"
            + TasksTable.WAITING_OF_JUST_CLAIMED.named()));
    Values values = RunLeases.claimValues(
        RunLeases.dueValues(new Values(), now, workflows, limit), now, owner, leaseUntil);
    return transactions.autocommit("claim due runs", connection -> {
      try (PreparedStatement claim = sql.prepare(connection, values)) {
        if (!claim.execute()) {
          throw new SQLException("expected the runs claimed, got an update count");
        }
        return ClaimedRows.withReads(claim);
      }
    });
  }

  /** {@link #claimDue}'s statement with the filter of runs by id instead. */
  @Override
  public List<ClaimedRun> claimAhead(
      Connection connection, List<String> runIds, Instant dueBy, Instant now, String owner,
      Instant leaseUntil) throws SQLException {
    Values values = RunLeases.claimValues(
        new Values().strings("runIds", runIds).instant("dueBy", dueBy), now, owner, leaseUntil);
    try (PreparedStatement claim = RunLeases.CLAIM_AHEAD.prepare(connection, values);
        ResultSet rows = claim.executeQuery()) {
      return ClaimedRows.read(rows);
    }
  }

  @Override
  public boolean insertRunIfAbsent(Connection connection, NewRun run) throws SQLException {
    return RunsTable.INSERT_IF_ABSENT.update(connection, RunsTable.insertValues(run)) > 0;
  }

  /**
   * Writes the batch as one text ({@link ProgressWriter#asOneText}), cut into chunks that stay
   * within the driver's limit of parameters per statement, each chunk one commit; a single turn
   * too large for one statement (a fan of thousands of dispatched steps) is written with plain
   * statements in a transaction of its own. Every turn's writes still commit together.
   */
  @Override
  public boolean[] writeProgress(List<Commit> commits, Instant now) {
    boolean[] written = new boolean[commits.size()];
    List<ProgressWriter.Turn> turns = ProgressWriter.turns(commits, now);
    int from = 0;
    while (from < turns.size()) {
      int to = from;
      int parameters = 0;
      do {
        parameters += turns.get(to++).parameters();
      } while (to < turns.size()
          && parameters + turns.get(to).parameters() <= ProgressWriter.MAX_STATEMENT_PARAMETERS);
      List<ProgressWriter.Turn> chunk = turns.subList(from, to);
      String what = "record the progress of " + chunk.size() + " run(s)";
      boolean[] part = parameters <= ProgressWriter.MAX_STATEMENT_PARAMETERS
          ? transactions.autocommit(what,
              connection -> ProgressWriter.asOneText(connection, chunk, origin, now))
          : transactions.inTransaction(what, connection -> {
            boolean[] large = ProgressWriter.asStatements(connection, chunk, now);
            if (ProgressWriter.queuesTasks(chunk)) {
              wakeWorkers(connection);
            }
            return large;
          });
      System.arraycopy(part, 0, written, from, part.length);
      from = to;
    }
    return written;
  }

  /** One statement, autocommitted: one round trip. */
  @Override
  public List<TaskRecord> claimTasks(List<String> steps, int limit, String workerId, Instant now) {
    return transactions.autocommit("claim tasks for worker " + workerId, connection -> {
      return TasksTable.CLAIM_SKIPPING_LOCKED.list(connection, new Values()
          .strings("steps", steps).int4("limit", limit).string("workerId", workerId)
          .instant("now", now), TasksTable::task);
    });
  }

  /**
   * One text, autocommitted ({@link #FINISH_TASKS}): the outcomes stored, their runs woken where
   * answered in full and the engines notified, in one round trip and one commit.
   */
  @Override
  public StoredOutcomes finishTasks(
      List<FinishedTask> finished, String workerId, Instant now, HandBack handBack) {
    return transactions.autocommit(
        "store the outcomes of " + finished.size() + " task(s)", connection -> {
          int n = finished.size();
          String[] ids = new String[n];
          String[] statuses = new String[n];
          String[] outputs = new String[n];
          String[] messages = new String[n];
          String[] codes = new String[n];
          String[] types = new String[n];
          Boolean[] retryable = new Boolean[n];
          Map<String, Integer> index = new HashMap<>();
          for (int i = 0; i < n; i++) {
            FinishedTask f = finished.get(i);
            TaskOutcome outcome = f.outcome();
            ids[i] = f.task().taskId();
            statuses[i] = (outcome.succeeded() ? TaskStatus.SUCCEEDED : TaskStatus.FAILED).name();
            outputs[i] = outcome.output();
            messages[i] = outcome.errorMessage();
            codes[i] = outcome.errorCode();
            types[i] = outcome.errorType();
            retryable[i] = outcome.succeeded() ? null : outcome.retryable();
            index.put(ids[i], i);
          }
          Values values = new Values().array("taskIds", "varchar", ids)
              .array("statuses", "varchar", statuses).array("outputs", "text", outputs)
              .array("errorMessages", "text", messages).array("errorCodes", "varchar", codes)
              .array("errorTypes", "varchar", types).array("retryable", "bool", retryable)
              .instant("now", now).string("workerId", workerId).string("origin", origin);
          if (handBack != null) {
            RunLeases.claimValues(values.strings("runIds", handBack.runIds()), now,
                handBack.owner(), handBack.leaseUntil());
          }
          boolean[] stored = new boolean[n];
          try (PreparedStatement finish = (handBack == null ? FINISH_TASKS
              : FINISH_TASKS_HANDING_BACK).prepare(connection, values)) {
            if (!finish.execute()) {
              throw new SQLException(
                  "expected the ids of the outcomes stored, got an update count");
            }
            try (ResultSet rows = finish.getResultSet()) {
              while (rows.next()) {
                stored[index.get(rows.getString(1))] = true;
              }
            }
            finish.getMoreResults(); // the runs locked
            List<ClaimedRun> handedBack = List.of();
            if (handBack != null) {
              finish.getMoreResults(); // the runs woken
              if (!finish.getMoreResults()) {
                throw new SQLException("expected the runs handed back, got an update count");
              }
              // each was due when its answer was stored, by the worker's clock
              handedBack = ClaimedRows.withReads(finish).stream().map(claim -> new ClaimedRun(
                  claim.run(), now, claim.takenOver(), claim.resumption())).toList();
            }
            if (!finish.getMoreResults()) {
              throw new SQLException("expected the runs woken, got an update count");
            }
            try (ResultSet rows = finish.getResultSet()) {
              return new StoredOutcomes(stored, rows.next(), handedBack);
            }
          }
        });
  }

  /** The two reads joined in one multi-statement text: one round trip. */
  @Override
  public Resumption resumption(Connection connection, String runId) throws SQLException {
    try (PreparedStatement select =
        RESUMPTION.prepare(connection, new Values().string("runId", runId))) {
      if (!select.execute()) {
        throw new SQLException("expected the run's checkpoints, got an update count");
      }
      List<CheckpointRecord> checkpoints;
      try (ResultSet rows = select.getResultSet()) {
        checkpoints = StepsTable.readAll(rows);
      }
      if (!select.getMoreResults()) {
        throw new SQLException("expected the run's waiting tasks, got an update count");
      }
      try (ResultSet rows = select.getResultSet()) {
        return new Resumption(checkpoints, TasksTable.readAll(rows));
      }
    }
  }
}
