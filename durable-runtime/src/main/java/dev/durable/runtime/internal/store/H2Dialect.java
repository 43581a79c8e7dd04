package dev.durable.runtime.internal.store;

import dev.durable.runtime.RunState;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * H2, embedded: plain statements in a transaction, as statements are in-process calls; claims
 * read candidates and then compare-and-set each row (H2's {@code SKIP LOCKED} with {@code LIMIT}
 * on a non-key order skips free rows); one process owns the database, so nobody is notified.
 */
final class H2Dialect implements Dialect {
  /**
   * By default H2 acknowledges a commit up to half a second before writing it, and a killed
   * process loses it, which would let a completed step run again.
   */
  private static final String DURABLE_COMMITS = "SET WRITE_DELAY 0";
  private final Transactions transactions;
  /** The reads of due runs ({@link RunLeases#selectDue}), by workflow count. */
  private final Map<Integer, Sql> dueQueries = new ConcurrentHashMap<>();

  H2Dialect(Transactions transactions) {
    this.transactions = transactions;
  }

  @Override
  public void requireDurableCommits() {
    transactions.inTransaction("configure durable commits", connection -> {
      try (Statement set = connection.createStatement()) {
        set.execute(DURABLE_COMMITS);
      }
      return null;
    });
  }

  @Override
  public AutoCloseable listenForRuns(Consumer<List<String>> onRuns, String threadName) {
    return () -> {};
  }

  @Override
  public AutoCloseable listenForTasks(Runnable onNewTasks, String threadName) {
    return () -> {};
  }

  @Override
  public void wakeEngines(Connection connection) {}

  @Override
  public void announceCancelled(Connection connection, String runId) {}

  @Override
  public void wakeWorkers(Connection connection) {}

  /** One insert per run, then the events, in one transaction. */
  @Override
  public boolean[] insertRuns(List<NewRun> runs) {
    return transactions.inTransaction("start " + runs.size() + " run(s)", connection -> {
      boolean[] inserted = new boolean[runs.size()];
      List<EventsTable.Entry> events = new ArrayList<>();
      try (PreparedStatement insert = connection.prepareStatement(RunsTable.INSERT.text())) {
        for (int i = 0; i < runs.size(); i++) {
          NewRun run = runs.get(i);
          RunsTable.INSERT.bind(insert, RunsTable.insertValues(run));
          try {
            insert.executeUpdate();
            inserted[i] = true;
            run.events().forEach(event -> events.add(new EventsTable.Entry(run.runId(), event)));
          } catch (SQLException e) {
            // H2 rolls back the failed statement only; the transaction goes on
            if (!SqlErrors.isUniqueViolation(e)) {
              throw e;
            }
          }
        }
      }
      EventsTable.append(connection, events);
      return inserted;
    });
  }

  /** H2 rolls back only the insert that hit a taken id; the transaction goes on. */
  @Override
  public boolean insertRunIfAbsent(Connection connection, NewRun run) throws SQLException {
    try {
      RunsTable.INSERT.update(connection, RunsTable.insertValues(run));
      return true;
    } catch (SQLException e) {
      if (!SqlErrors.isUniqueViolation(e)) {
        throw e;
      }
      return false;
    }
  }

  /** Reads the due runs, then claims each by a compare-and-set on its epoch, in a transaction. */
  @Override
  public List<ClaimedRun> claimDue(
      Instant now, List<WorkflowKey> workflows, int limit, String owner, Instant leaseUntil) {
    return transactions.inTransaction("claim due runs", connection -> {
      List<ClaimedRun> claimed = new ArrayList<>();
      for (String runId : findDue(connection, now, workflows, limit)) {
        claimOne(connection, runId, owner, now, now, leaseUntil).ifPresent(claimed::add);
      }
      return claimed;
    });
  }

  /** Reads which of the runs sleep until {@code dueBy} at the latest, then claims each. */
  @Override
  public List<ClaimedRun> claimAhead(
      Connection connection, List<String> runIds, Instant dueBy, Instant now, String owner,
      Instant leaseUntil) throws SQLException {
    List<String> sleeping = RunLeases.SELECT_AHEAD.list(connection,
        new Values().strings("runIds", runIds).instant("dueBy", dueBy), rows -> rows.getString(1));
    List<ClaimedRun> claimed = new ArrayList<>();
    for (String runId : sleeping) {
      claimOne(connection, runId, owner, now, dueBy, leaseUntil).ifPresent(claimed::add);
    }
    return claimed;
  }

  /** The ids of up to {@code limit} due runs of the given workflows, earliest first. */
  private List<String> findDue(
      Connection connection, Instant now, List<WorkflowKey> workflows, int limit)
      throws SQLException {
    Sql sql = dueQueries.computeIfAbsent(workflows.size(), RunLeases::selectDue);
    return sql.list(connection, RunLeases.dueValues(new Values(), now, workflows, limit),
        rows -> rows.getString(1));
  }

  /**
   * Claims one run if it is due by {@code dueBy}: a compare-and-set on its epoch, and logs it. A
   * claim ahead of the due time ({@code dueBy} after {@code now}) takes only a sleeping run.
   */
  private static Optional<ClaimedRun> claimOne(
      Connection connection, String runId, String owner, Instant now, Instant dueBy,
      Instant leaseUntil) throws SQLException {
    Optional<RunRecord> found = RunsTable.select(connection, runId);
    if (found.isEmpty() || found.get().dueAt() == null || found.get().dueAt().isAfter(dueBy)) {
      return Optional.empty();
    }
    RunRecord run = found.get();
    boolean ahead = dueBy.isAfter(now);
    if (ahead && run.status() != RunState.SLEEPING) {
      return Optional.empty();
    }
    long epoch = run.epoch() + 1;
    Values values = RunLeases.claimValues(new Values(), now, owner, leaseUntil)
        .string("runId", runId).int8("epoch", run.epoch()).instant("dueBy", dueBy);
    if ((ahead ? RunLeases.CLAIM_SLEEPING_READ : RunLeases.CLAIM_READ)
        .update(connection, values) == 0) {
      return Optional.empty();
    }
    EventsTable.LOG_CLAIMED_ONE.update(connection, values
        .string("previousStatus", run.status().name()).string("previousOwner", run.leaseOwner()));
    return Optional.of(new ClaimedRun(
        new RunRecord(
            run.runId(), run.workflow(), RunState.RUNNING, run.input(), run.output(),
            run.error(), run.createdAt(), now, null, leaseUntil, owner, leaseUntil, epoch,
            run.deadlineAt(), run.parentRunId(), run.fingerprint(), run.traceContext()),
        run.dueAt(),
        ClaimedRun.takesOver(run.status().name(), run.leaseOwner()),
        null));
  }

  @Override
  public boolean[] writeProgress(List<Commit> commits, Instant now) {
    return transactions.inTransaction("record the progress of " + commits.size() + " run(s)",
        connection -> ProgressWriter.asStatements(
            connection, ProgressWriter.turns(commits, now), now));
  }

  @Override
  public List<TaskRecord> claimTasks(List<String> steps, int limit, String workerId, Instant now) {
    return transactions.inTransaction("claim tasks for worker " + workerId,
        connection -> claimTasks(connection, steps, limit, workerId, now));
  }

  /**
   * Stores each outcome, then locks the runs, in the order of their ids (so that two workers'
   * batches lock shared runs in the same order), and wakes those {@link TasksTable#ANSWERED}, as
   * PostgreSQL's one text does: in one transaction. It hands no run back: the engine's claim is an
   * in-process call on an embedded database, with no round trip to spare.
   */
  @Override
  public StoredOutcomes finishTasks(
      List<FinishedTask> finished, String workerId, Instant now, HandBack handBack) {
    return transactions.inTransaction(
        "store the outcomes of " + finished.size() + " task(s)", connection -> {
          boolean[] stored = new boolean[finished.size()];
          Set<String> runs = new TreeSet<>();
          for (int i = 0; i < stored.length; i++) {
            FinishedTask f = finished.get(i);
            stored[i] = TasksTable.finish(connection, f.task(), workerId, f.outcome(), now);
            if (stored[i]) {
              runs.add(f.task().runId());
            }
          }
          for (String runId : runs) {
            RunsTable.lock(connection, runId);
          }
          String[] taskIds = finished.stream().map(f -> f.task().taskId()).toArray(String[]::new);
          List<String> answered = TasksTable.answered(connection, taskIds, workerId);
          for (String runId : answered) {
            RunsTable.wake(connection, runId, now);
          }
          return new StoredOutcomes(stored, !answered.isEmpty(), List.of());
        });
  }

  /** Two statements: an embedded database has no round trips to save. */
  @Override
  public Resumption resumption(Connection connection, String runId) throws SQLException {
    return new Resumption(
        StepsTable.select(connection, runId), TasksTable.waiting(connection, runId));
  }

  /** Reads the candidates, then claims each by a compare-and-set on its status. */
  private static List<TaskRecord> claimTasks(
      Connection connection, List<String> steps, int limit, String workerId, Instant now)
      throws SQLException {
    List<TaskRecord> candidates = TasksTable.CANDIDATES.list(connection,
        new Values().strings("steps", steps).int4("limit", limit), TasksTable::task);
    List<TaskRecord> claimed = new ArrayList<>();
    try (PreparedStatement claim = connection.prepareStatement(TasksTable.CLAIM_READ.text())) {
      for (TaskRecord task : candidates) {
        TasksTable.CLAIM_READ.bind(claim, new Values().string("workerId", workerId)
            .instant("now", now).string("taskId", task.taskId()));
        if (claim.executeUpdate() == 1) {
          claimed.add(new TaskRecord(task.taskId(), task.runId(), task.seq(), task.step(),
              task.attempt(), task.input(), TaskStatus.RUNNING, null, null, null, null, null, workerId,
              task.createdAt(), now, null, null, null, task.windowMs(), task.traceContext()));
        }
      }
    }
    return claimed;
  }
}
