package dev.durable.runtime.internal.store;

import dev.durable.runtime.RunState;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The claims: of due runs by an engine's poll, of sleeping runs ahead of their due time, and of
 * queued tasks by a worker. One algorithm: lease the rows a filter selects, moving a run's epoch
 * on, and log each run's claim ({@link EventsTable#LOG_CLAIMED}); the poll then reads the turns of
 * the runs it claimed ({@link #READS}). How a row is leased is the {@link Dialect.Form}'s: in one
 * text, one statement that skips the rows others hold locked ({@link RunLeases#claimDue}), the
 * reads after it, all in one round trip and one commit; in statements, the candidates read, then
 * each row compare-and-set on its epoch (a task: on its status), then the reads, in a transaction.
 */
final class Claims {
  /** The checkpoints and waiting tasks of the runs a claim just leased ({@link ClaimedRows}). */
  static final Round.Statements READS =
      Round.Statements.of(StepsTable.OF_JUST_CLAIMED, TasksTable.WAITING_OF_JUST_CLAIMED);

  private final Transactions transactions;
  private final Dialect.Form form;
  /** The largest {@link #batch}. */
  static final int MAX_BATCH = 1 << 10;

  /** The poll's claim with its reads, in one text, by workflow count and batch. */
  private final Map<Shape, Round.Statements> dueClaims = new ConcurrentHashMap<>();
  /** The reads of due runs, for a claim in statements, by workflow count and batch. */
  private final Map<Shape, Sql> dueReads = new ConcurrentHashMap<>();

  /** A claim of due runs: of how many workflows, and at most how many runs. */
  private record Shape(int keys, int batch) {}

  Claims(Transactions transactions, Dialect.Form form) {
    this.transactions = transactions;
    this.form = form;
  }

  /**
   * How many runs a claim for {@code limit} takes at most: the largest power of two up to it (and
   * {@link #MAX_BATCH}). The claim's text holds its limit ({@code RunLeases.DUE}), so the sizes
   * are few: a dozen statements for the server to plan once each, per workflow count.
   */
  static int batch(int limit) {
    return Integer.highestOneBit(Math.min(limit, MAX_BATCH));
  }

  /**
   * Claims up to {@link #batch}{@code (limit)} due runs of {@code workflows}, earliest first, with
   * their reads.
   */
  List<ClaimedRun> due(
      Instant now, List<WorkflowKey> workflows, int limit, String owner, Instant leaseUntil) {
    Values values = RunLeases.claimValues(
        RunLeases.dueValues(new Values(), now, workflows), now, owner, leaseUntil);
    Shape shape = new Shape(workflows.size(), batch(limit));
    if (form == Dialect.Form.ONE_TEXT) {
      Round.Statements claim = dueClaims.computeIfAbsent(shape, it ->
          Round.Statements.of(RunLeases.claimDue(it.keys(), it.batch()), READS.parts().get(0),
              READS.parts().get(1)));
      return transactions.autocommit("claim due runs", connection -> {
        try (Round round = Round.send(connection, form, claim, values)) {
          List<ClaimedRun> claimed;
          try (ResultSet rows = round.rows()) {
            claimed = ClaimedRows.read(rows);
          }
          return ClaimedRows.withReads(claimed, round);
        }
      });
    }
    Sql candidates =
        dueReads.computeIfAbsent(shape, it -> RunLeases.selectDue(it.keys(), it.batch()));
    return transactions.inTransaction("claim due runs", connection -> {
      List<ClaimedRun> claimed = new ArrayList<>();
      for (String runId : candidates.list(connection, values, rows -> rows.getString(1))) {
        leaseRead(connection, runId, owner, now, now, leaseUntil).ifPresent(claimed::add);
      }
      if (claimed.isEmpty()) {
        return claimed;
      }
      try (Round reads = Round.send(connection, form, READS, values)) {
        return ClaimedRows.withReads(claimed, reads);
      }
    });
  }

  /**
   * Claims those of {@code runIds} that sleep until {@code dueBy} at the latest, earliest first, in
   * the caller's transaction: a run suspended by a timer or a backoff of its own, claimed back a
   * little ahead of its due time by the engine that suspended it. Only sleeping runs: a run still
   * leased is never taken over early. Their turns read their resumptions.
   */
  List<ClaimedRun> ahead(Connection connection, List<String> runIds, Instant dueBy, Instant now,
      String owner, Instant leaseUntil) throws SQLException {
    Values values = RunLeases.claimValues(
        new Values().strings("runIds", runIds).instant("dueBy", dueBy), now, owner, leaseUntil);
    if (form == Dialect.Form.ONE_TEXT) {
      try (PreparedStatement claim = RunLeases.CLAIM_AHEAD.prepare(connection, values);
          ResultSet rows = claim.executeQuery()) {
        return ClaimedRows.read(rows);
      }
    }
    List<ClaimedRun> claimed = new ArrayList<>();
    List<String> sleeping =
        RunLeases.SELECT_AHEAD.list(connection, values, rows -> rows.getString(1));
    for (String runId : sleeping) {
      leaseRead(connection, runId, owner, now, dueBy, leaseUntil).ifPresent(claimed::add);
    }
    return claimed;
  }

  /**
   * Leases one run read first if it is due by {@code dueBy}: a compare-and-set on its epoch, and
   * logs it. A claim ahead of the due time ({@code dueBy} after {@code now}) takes only a sleeping
   * run.
   */
  private static Optional<ClaimedRun> leaseRead(Connection connection, String runId, String owner,
      Instant now, Instant dueBy, Instant leaseUntil) throws SQLException {
    Optional<RunRecord> found = RunsTable.select(connection, runId);
    if (found.isEmpty() || found.get().dueAt() == null || found.get().dueAt().isAfter(dueBy)) {
      return Optional.empty();
    }
    RunRecord run = found.get();
    boolean ahead = dueBy.isAfter(now);
    if (ahead && run.status() != RunState.SLEEPING) {
      return Optional.empty();
    }
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
            run.error(), run.createdAt(), now, null, leaseUntil, owner, leaseUntil,
            run.epoch() + 1, run.deadlineAt(), run.parentRunId(), run.fingerprint(),
            run.traceContext(), run.queue(), run.priority(), run.partitionKey(), run.lineage()),
        run.dueAt(),
        ClaimedRun.takeover(run.status().name(), run.leaseOwner(), run.updatedAt()),
        null));
  }

  /** Claims up to {@code limit} queued tasks of {@code steps} for a worker, oldest first. */
  List<TaskRecord> tasks(List<String> steps, int limit, String workerId, Instant now) {
    Values values = new Values().strings("steps", steps).int4("limit", limit)
        .string("workerId", workerId).instant("now", now);
    String what = "claim tasks for worker " + workerId;
    if (form == Dialect.Form.ONE_TEXT) {
      return transactions.autocommit(what, connection ->
          TasksTable.CLAIM_SKIPPING_LOCKED.list(connection, values, TasksTable::task));
    }
    return transactions.inTransaction(what, connection -> {
      List<TaskRecord> claimed = new ArrayList<>();
      Sql cas = TasksTable.CLAIM_READ;
      try (PreparedStatement claim = connection.prepareStatement(cas.text())) {
        for (TaskRecord task : TasksTable.CANDIDATES.list(connection, values, TasksTable::task)) {
          cas.bind(claim, values.string("taskId", task.taskId()));
          if (claim.executeUpdate() == 1) {
            claimed.add(new TaskRecord(task.taskId(), task.runId(), task.seq(), task.step(),
                task.attempt(), task.input(), TaskStatus.RUNNING, null, null, null, null, null,
                workerId, task.createdAt(), now, null, null, null, task.windowMs(),
                task.traceContext()));
          }
        }
      }
      return claimed;
    });
  }
}
