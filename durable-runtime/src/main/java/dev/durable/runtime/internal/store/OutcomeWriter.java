package dev.durable.runtime.internal.store;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Stores workers' outcomes: one algorithm, in one commit. The outcomes are stored on the tasks the
 * worker still holds ({@link TasksTable#FINISH_ALL}); the runs of those stored are locked, in the
 * order of their ids, so that two workers' batches lock shared runs in the same order ({@link
 * RunsTable#LOCK_ANSWERED}); then, in a statement of its own with a fresh snapshot, each run that
 * has no task left open (or whose task failed: {@link TasksTable#ANSWERED}) is woken and the
 * engines are told. Of two workers answering a run's last two tasks at once, the second to lock
 * sees the first's answer committed, so one of them wakes the run.
 *
 * <p>In one text, the steps are one round trip, and a {@link HandBack} leases the runs this leaves
 * due to its engine in the same text, as the poll's claim would ({@link RunLeases#CLAIM_DUE_AMONG},
 * with the reads of their turns): the engine's claim and its commit are spared, and the engines
 * are told only if a run of the batch is left due. In statements, in a transaction, each outcome
 * is stored alone, the runs are locked and read by the same statements, and each run is woken
 * alone; no run is handed back, as the engine's claim is an in-process call on an embedded
 * database, with no round trip to spare.
 */
final class OutcomeWriter {
  private static final String WAKE_ANSWERED =
      "WITH answered AS (" + TasksTable.ANSWERED.named() + "),"
          + " woken AS (" + RunsTable.WAKE_ANSWERED.named();
  /** The lock and the read of the runs to wake, in statements: each run is then woken alone. */
  private static final Round.Statements LOCK_THEN_ANSWERED =
      Round.Statements.of(RunsTable.LOCK_ANSWERED, TasksTable.ANSWERED);

  private final Transactions transactions;
  private final Dialect.Form form;
  private final String origin;
  /** The three steps in one text. */
  private final Round.Statements finishText;
  /** The steps with a hand-back: seven statements, one round trip, one commit. */
  private final Round.Statements finishHandingBackText;

  /**
   * @param origin what this process's wake-ups carry ({@link Store#wakeOrigin})
   * @param notifies whether the engines are told of the runs woken ({@link Dialect#notifies});
   *     where not, the texts' last statement returns the same rows and sends nothing
   */
  OutcomeWriter(Transactions transactions, Dialect.Form form, String origin, boolean notifies) {
    this.transactions = transactions;
    this.form = form;
    this.origin = origin;
    String tell = notifies ? Channels.notifyRuns(":origin") : "SELECT 1";
    this.finishText = Round.Statements.of(TasksTable.FINISH_ALL, RunsTable.LOCK_ANSWERED,
        Sql.of(WAKE_ANSWERED + " RETURNING 1) " + tell + " FROM answered LIMIT 1"));
    this.finishHandingBackText = Round.Statements.of(
        TasksTable.FINISH_ALL, RunsTable.LOCK_ANSWERED,
        Sql.of(WAKE_ANSWERED + " RETURNING run_id) SELECT count(*) FROM woken"),
        RunLeases.CLAIM_DUE_AMONG, Claims.READS.parts().get(0), Claims.READS.parts().get(1),
        Sql.of(tell + " FROM (" + RunsTable.ANSWERED_DUE + ") d"));
  }

  /**
   * Stores the outcomes of tasks {@code workerId} holds, wakes the runs that have no task left
   * open (or whose task failed) and tells the engines, in one commit; in one text, leases the runs
   * of {@code handBack} (null: none) that this leaves due to its engine instead.
   */
  StoredOutcomes finish(
      List<FinishedTask> finished, String workerId, Instant now, HandBack handBack) {
    String what = "store the outcomes of " + finished.size() + " task(s)";
    return form == Dialect.Form.ONE_TEXT
        ? transactions.autocommit(what,
            connection -> inOneText(connection, finished, workerId, now, handBack))
        : transactions.inTransaction(what,
            connection -> inStatements(connection, finished, workerId, now));
  }

  private StoredOutcomes inStatements(
      Connection connection, List<FinishedTask> finished, String workerId, Instant now)
      throws SQLException {
    boolean[] stored = new boolean[finished.size()];
    for (int i = 0; i < stored.length; i++) {
      FinishedTask f = finished.get(i);
      stored[i] = TasksTable.finish(connection, f.task(), workerId, f.outcome(), now);
    }
    String[] taskIds = finished.stream().map(f -> f.task().taskId()).toArray(String[]::new);
    List<String> answered = new ArrayList<>();
    try (Round round = Round.send(connection, form, LOCK_THEN_ANSWERED,
        new Values().array("taskIds", "varchar", taskIds).string("workerId", workerId))) {
      round.rows().close(); // the runs locked, as the statement ran
      try (ResultSet rows = round.rows()) {
        while (rows.next()) {
          answered.add(rows.getString(1));
        }
      }
    }
    for (String runId : answered) {
      RunsTable.wake(connection, runId, now);
    }
    return new StoredOutcomes(stored, !answered.isEmpty(), List.of());
  }

  private StoredOutcomes inOneText(Connection connection, List<FinishedTask> finished,
      String workerId, Instant now, HandBack handBack) throws SQLException {
    Map<String, Integer> index = new HashMap<>();
    for (int i = 0; i < finished.size(); i++) {
      index.put(finished.get(i).task().taskId(), i);
    }
    Values values = TasksTable.outcomeArrays(new Values(), finished)
        .instant("now", now).string("workerId", workerId).string("origin", origin);
    if (handBack != null) {
      RunLeases.claimValues(values.strings("runIds", handBack.runIds()), now,
          handBack.owner(), handBack.leaseUntil());
    }
    Round.Statements text = handBack == null ? finishText : finishHandingBackText;
    try (Round round = Round.send(connection, form, text, values)) {
      boolean[] stored = new boolean[finished.size()];
      try (ResultSet rows = round.rows()) {
        while (rows.next()) {
          stored[index.get(rows.getString(1))] = true;
        }
      }
      round.rows().close(); // the runs locked
      List<ClaimedRun> handedBack = List.of();
      if (handBack != null) {
        round.rows().close(); // the runs woken
        List<ClaimedRun> claimed;
        try (ResultSet rows = round.rows()) {
          claimed = ClaimedRows.read(rows);
        }
        // each was due when its answer was stored, by the worker's clock
        handedBack = ClaimedRows.withReads(claimed, round).stream().map(claim -> new ClaimedRun(
            claim.run(), now, claim.takeover(), claim.resumption())).toList();
      }
      try (ResultSet rows = round.rows()) {
        return new StoredOutcomes(stored, rows.next(), handedBack);
      }
    }
  }
}
