package dev.durable.runtime.internal.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
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
   * Stores outcomes, given as arrays (task ids, statuses, outputs, error messages, codes, types,
   * retryable), on the tasks the worker still holds; wakes each of their runs once; and notifies
   * the engines (PostgreSQL folds identical notifications of one transaction into one). Returns
   * the ids of the tasks whose outcomes were stored.
   */
  private static final String FINISH_TASKS =
      "WITH outcome AS (SELECT * FROM unnest(?::varchar[], ?::varchar[], ?::text[], ?::text[],"
          + " ?::varchar[], ?::varchar[], ?::bool[])"
          + " AS o (task_id, status, output, error_message, error_code, error_type, retryable)),"
          + " finished AS (UPDATE durable_tasks t SET status = o.status, output = o.output,"
          + " error_message = o.error_message, error_code = o.error_code,"
          + " error_type = o.error_type, retryable = o.retryable, finished_at = ?"
          + " FROM outcome o WHERE t.task_id = o.task_id AND t.status = 'RUNNING'"
          + " AND t.worker_id = ? RETURNING t.task_id, t.run_id),"
          + " woken AS (" + RunsTable.wake("run_id IN (SELECT run_id FROM finished)")
          + " RETURNING 1)"
          + " SELECT task_id, pg_notify('durable_runs', '') FROM finished";
  /** A resumed turn's reads ({@link Resumption}): the run's id bound twice. */
  private static final String RESUMPTION = StepsTable.SELECT + ";\n" + TasksTable.WAITING;
  /** The channel engines listen on; a payload is the id of a run started or cancelled. */
  private static final String RUNS_CHANNEL = "durable_runs";
  /** The channel workers listen on: tasks were queued. */
  private static final String TASKS_CHANNEL = "durable_tasks";
  private static final String NOTIFY_RUNS = "NOTIFY " + RUNS_CHANNEL;
  static final String NOTIFY_TASKS = "NOTIFY " + TASKS_CHANNEL;
  /** Names a run to the engines listening. */
  static final String ANNOUNCE_RUN = "SELECT pg_notify('" + RUNS_CHANNEL + "', ?)";
  /**
   * The most parameters one statement of a progress batch binds: the driver refuses more than
   * 65,535, and a batch stays well below so that its text stays small too.
   */
  static final int MAX_STATEMENT_PARAMETERS = 30_000;

  /**
   * Picks due rows no other engine is claiming, leases them and moves their epochs on, and logs
   * the claim, in one statement; the due filter follows.
   */
  private static final String CLAIM_PREFIX =
      "WITH due AS ("
          + "  SELECT run_id, status AS previous_status, lease_owner AS previous_owner,"
          + "  due_at AS previous_due"
          + "  FROM durable_runs WHERE ";
  private static final String CLAIM_SUFFIX =
      "  FOR UPDATE SKIP LOCKED"
          + "), claimed AS ("
          + "  UPDATE durable_runs r SET " + RunsTable.CLAIM_SET + ", epoch = r.epoch + 1,"
          + " updated_at = ?"
          + "  FROM due WHERE r.run_id = due.run_id"
          + "  RETURNING " + Rows.prefixed("r.", RunsTable.COLUMNS) + ","
          + "    due.previous_status, due.previous_owner, due.previous_due"
          + "), logged AS ("
          + "  " + EventsTable.INSERT_RUN_EVENT_INTO
          + "  SELECT run_id, ?, '" + EventType.RUN_CLAIMED.stored() + "', 0,"
          + "    CASE WHEN previous_status = 'RUNNING' AND previous_owner IS NOT NULL"
          + "    THEN ? || ' took over from ' || previous_owner || ', whose lease expired'"
          + "    ELSE ? END FROM claimed"
          + ") SELECT * FROM claimed ORDER BY due_at";
  /** Inserts a run (nothing on a taken id) and logs its start; the events' rows follow. */
  private static final String INSERT_RUN =
      "WITH inserted AS ( " + RunsTable.INSERT
          + " ON CONFLICT (run_id) DO NOTHING RETURNING run_id"
          + ") " + EventsTable.INSERT_RUN_EVENT_INTO
          + " SELECT i.run_id, v.at, v.type, 0, v.detail FROM inserted i CROSS JOIN (VALUES ";
  /** Inserts a run, nothing on a taken id: a unique violation would abort the transaction. */
  private static final String INSERT_RUN_IF_ABSENT =
      RunsTable.INSERT + " ON CONFLICT (run_id) DO NOTHING";
  private static final String INSERT_RUN_EVENT_ROW = "(?::timestamptz, ?, ?, ";
  /**
   * One statement that skips the rows a progress write holds locked right now (they are renewed
   * next time, a third of a lease later), so that a renewal never waits on a write, nor deadlocks
   * with one.
   */
  private static final String RENEW_LEASES_SKIP_LOCKED =
      RunsTable.RENEW_LEASE + "run_id IN ( SELECT run_id FROM durable_runs WHERE run_id = ANY (?)"
          + RunsTable.HELD + " FOR UPDATE SKIP LOCKED)";
  /** One statement; concurrent workers skip each other's rows. */
  private static final String CLAIM_TASKS =
      "WITH picked AS ("
          + "  SELECT task_id AS picked_id FROM durable_tasks"
          + "  WHERE " + TasksTable.QUEUED_OF_STEPS
          + "  " + TasksTable.OLDEST + " FOR UPDATE SKIP LOCKED"
          + ") " + TasksTable.CLAIM
          + " FROM picked WHERE task_id = picked.picked_id RETURNING " + TasksTable.COLUMNS;

  private final Transactions transactions;
  private final Map<Integer, String> dueClaims = new ConcurrentHashMap<>();

  PostgresDialect(Transactions transactions) {
    this.transactions = transactions;
  }

  /** PostgreSQL commits durably already. */
  @Override
  public void requireDurableCommits() {}

  @Override
  public AutoCloseable listenForRuns(Consumer<List<String>> onRuns, String threadName) {
    return new Listener(transactions.dataSource(), RUNS_CHANNEL, onRuns, threadName);
  }

  @Override
  public AutoCloseable listenForTasks(Runnable onNewTasks, String threadName) {
    return new Listener(
        transactions.dataSource(), TASKS_CHANNEL, ids -> onNewTasks.run(), threadName);
  }

  @Override
  public void wakeEngines(Connection connection) throws SQLException {
    try (Statement notify = connection.createStatement()) {
      notify.execute(NOTIFY_RUNS);
    }
  }

  @Override
  public void announceCancelled(Connection connection, String runId) throws SQLException {
    try (PreparedStatement notify = connection.prepareStatement(ANNOUNCE_RUN)) {
      notify.setString(1, runId);
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
        sql.append(INSERT_RUN);
        RunsTable.bindInsert(params, run);
        for (int e = 0; e < run.events().size(); e++) {
          sql.append(e == 0 ? "" : ", ").append(INSERT_RUN_EVENT_ROW).append(e).append(')');
          NewEvent event = run.events().get(e);
          params.instant(event.at()).string(event.type()).string(event.detail());
        }
        sql.append(") AS v(at, type, detail, ord) ORDER BY v.ord;\n");
        if (!run.leased()) {
          sql.append(ANNOUNCE_RUN).append(";\n");
          params.string(run.runId());
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
    String sql = dueClaims.computeIfAbsent(workflows.size(),
        keys -> CLAIM_PREFIX + RunsTable.dueFilter(keys) + CLAIM_SUFFIX);
    return transactions.autocommit("claim due runs", connection -> claim(connection, sql,
        RunsTable.bindDue(new Params(), now, workflows, limit), now, owner, leaseUntil));
  }

  /** {@link #claimDue}'s statement with the filter of runs by id instead. */
  @Override
  public List<ClaimedRun> claimAhead(
      Connection connection, List<String> runIds, Instant dueBy, Instant now, String owner,
      Instant leaseUntil) throws SQLException {
    String sql = CLAIM_PREFIX + RunsTable.aheadFilter(runIds.size()) + CLAIM_SUFFIX;
    return claim(connection, sql, RunsTable.bindAhead(new Params(), runIds, dueBy), now, owner,
        leaseUntil);
  }

  /** Runs a claim statement whose filter {@code filter} binds. */
  private static List<ClaimedRun> claim(
      Connection connection, String sql, Params filter, Instant now, String owner,
      Instant leaseUntil) throws SQLException {
    try (PreparedStatement claim = connection.prepareStatement(sql)) {
      filter
          .string(owner).instant(leaseUntil).instant(leaseUntil).instant(now)
          .instant(now).string(owner).string(owner)
          .bind(claim);
      List<ClaimedRun> claimed = new ArrayList<>();
      try (ResultSet rows = claim.executeQuery()) {
        while (rows.next()) {
          claimed.add(new ClaimedRun(
              RunsTable.read(rows, 1),
              Rows.instant(rows, rows.findColumn("previous_due")),
              ClaimedRun.takesOver(
                  rows.getString("previous_status"), rows.getString("previous_owner"))));
        }
      }
      return claimed;
    }
  }


  @Override
  public boolean insertRunIfAbsent(Connection connection, NewRun run) throws SQLException {
    try (PreparedStatement insert = connection.prepareStatement(INSERT_RUN_IF_ABSENT)) {
      RunsTable.bindInsert(new Params(), run).bind(insert);
      return insert.executeUpdate() > 0;
    }
  }

  @Override
  public void renewLeases(String owner, Collection<String> runIds, Instant leaseUntil) {
    transactions.autocommit("renew leases", connection -> {
      try (PreparedStatement renew = connection.prepareStatement(RENEW_LEASES_SKIP_LOCKED)) {
        Rows.setInstant(renew, 1, leaseUntil);
        Rows.setInstant(renew, 2, leaseUntil);
        renew.setArray(3, connection.createArrayOf("varchar", runIds.toArray()));
        renew.setString(4, owner);
        return renew.executeUpdate();
      }
    });
  }

  /**
   * Writes the batch as one statement ({@link PostgresProgressWriter}), cut into chunks that stay
   * within the driver's limit of parameters per statement, each chunk one commit; a single turn
   * too large for one statement (a fan of thousands of dispatched steps) is written with plain
   * statements in a transaction of its own. Every turn's writes still commit together.
   */
  @Override
  public boolean[] writeProgress(List<Commit> commits, Instant now) {
    boolean[] written = new boolean[commits.size()];
    int[] sizes = commits.stream().mapToInt(PostgresProgressWriter::parameters).toArray();
    int from = 0;
    while (from < commits.size()) {
      int to = from;
      int parameters = 0;
      do {
        parameters += sizes[to++];
      } while (to < commits.size() && parameters + sizes[to] <= MAX_STATEMENT_PARAMETERS);
      List<Commit> chunk = commits.subList(from, to);
      String what = "record the progress of " + chunk.size() + " run(s)";
      boolean[] part = parameters <= MAX_STATEMENT_PARAMETERS
          ? transactions.autocommit(what,
              connection -> PostgresProgressWriter.write(connection, chunk, now))
          : transactions.inTransaction(what, connection -> {
            boolean[] large = PortableProgressWriter.write(connection, chunk, now);
            if (PostgresProgressWriter.queuesTasks(chunk)) {
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
      try (PreparedStatement claim = connection.prepareStatement(CLAIM_TASKS)) {
        claim.setArray(1, connection.createArrayOf("varchar", steps.toArray()));
        claim.setInt(2, limit);
        claim.setString(3, workerId);
        Rows.setInstant(claim, 4, now);
        return TasksTable.read(claim);
      }
    });
  }

  /**
   * One statement, autocommitted ({@link #FINISH_TASKS}): the outcomes stored, their runs woken and
   * the engines notified in one round trip and one commit.
   */
  @Override
  public boolean[] finishTasks(List<FinishedTask> finished, String workerId, Instant now) {
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
          boolean[] stored = new boolean[n];
          try (PreparedStatement finish = connection.prepareStatement(FINISH_TASKS)) {
            finish.setArray(1, connection.createArrayOf("varchar", ids));
            finish.setArray(2, connection.createArrayOf("varchar", statuses));
            finish.setArray(3, connection.createArrayOf("text", outputs));
            finish.setArray(4, connection.createArrayOf("text", messages));
            finish.setArray(5, connection.createArrayOf("varchar", codes));
            finish.setArray(6, connection.createArrayOf("varchar", types));
            finish.setArray(7, connection.createArrayOf("bool", retryable));
            Rows.setInstant(finish, 8, now);
            finish.setString(9, workerId);
            Rows.setInstant(finish, 10, now);
            Rows.setInstant(finish, 11, now);
            try (ResultSet rows = finish.executeQuery()) {
              while (rows.next()) {
                stored[index.get(rows.getString(1))] = true;
              }
            }
          }
          return stored;
        });
  }

  /** The two reads joined in one multi-statement text: one round trip. */
  @Override
  public Resumption resumption(Connection connection, String runId) throws SQLException {
    try (PreparedStatement select = connection.prepareStatement(RESUMPTION)) {
      select.setString(1, runId);
      select.setString(2, runId);
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
