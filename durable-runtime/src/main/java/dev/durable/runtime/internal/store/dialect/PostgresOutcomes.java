package dev.durable.runtime.internal.store.dialect;

import dev.durable.runtime.internal.model.ClaimedRun;
import dev.durable.runtime.internal.model.FinishedTask;
import dev.durable.runtime.internal.model.HandBack;
import dev.durable.runtime.internal.model.StoredOutcomes;
import dev.durable.runtime.internal.store.run.RunLeases;
import dev.durable.runtime.internal.store.run.RunsTable;
import dev.durable.runtime.internal.store.sql.Announcements;
import dev.durable.runtime.internal.store.sql.Round;
import dev.durable.runtime.internal.store.sql.Sql;
import dev.durable.runtime.internal.store.sql.Values;
import dev.durable.runtime.internal.store.task.TasksTable;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * PostgreSQL's storing of workers' outcomes ({@code Dialect#storeOutcomes}): the steps in one text,
 * one round trip, one commit. The outcomes are stored as arrays in one statement ({@link
 * TasksTable#finishAll}), the runs of those stored are locked ({@link RunsTable#lockAnswered}),
 * and a statement of its own wakes the runs with nothing open ({@link TasksTable#answered}) and
 * tells the engines ({@link Announcements#enginesTold}). A {@link HandBack} leases the runs this
 * leaves due to its engine in the same text, as the poll's claim would ({@link
 * PostgresClaims#claimDueAmong}, with the reads of their turns): the engine's claim and its commit
 * are spared, and the engines are told only if a run of the batch is left due.
 */
final class PostgresOutcomes {
  private final String origin;
  /** The three steps in one text. */
  private final Round.Statements finish;
  /** The steps with a hand-back: seven statements, one round trip, one commit. */
  private final Round.Statements finishHandingBack;

  /** @param origin what this process's wake-ups carry ({@link Notifications#wakeOrigin}) */
  private final TasksTable tasks;
  private final PostgresClaims claims;

  PostgresOutcomes(TasksTable tasks, RunsTable runs, PostgresClaims claims,
      Announcements announcements, String origin) {
    this.tasks = tasks;
    this.claims = claims;
    this.origin = origin;
    String wakeAnswered = "WITH answered AS (" + tasks.answered.named() + "),"
        + " woken AS (" + runs.wakeAnswered.named();
    String tell = "SELECT " + announcements.enginesTold();
    finish = Round.Statements.of(tasks.finishAll, runs.lockAnswered,
        Sql.of(wakeAnswered + " RETURNING 1) " + tell + " FROM answered LIMIT 1"));
    finishHandingBack = Round.Statements.of(
        tasks.finishAll, runs.lockAnswered,
        Sql.of(wakeAnswered + " RETURNING run_id) SELECT count(*) FROM woken"),
        claims.claimDueAmong, claims.reads().parts().get(0), claims.reads().parts().get(1),
        Sql.of(tell + " FROM (" + runs.answeredDue + ") d"));
  }

  StoredOutcomes store(Connection connection, List<FinishedTask> finished, String workerId,
      Instant now, HandBack handBack) throws SQLException {
    Map<String, Integer> index = new HashMap<>();
    for (int i = 0; i < finished.size(); i++) {
      index.put(finished.get(i).task().taskId(), i);
    }
    Values values = tasks.outcomeArrays(new Values(), finished)
        .instant("now", now).string("workerId", workerId).string("origin", origin);
    if (handBack != null) {
      RunLeases.claimValues(values.strings("runIds", handBack.runIds()), now,
          handBack.owner(), handBack.leaseUntil());
    }
    try (Round round = Round.oneText(
        connection, handBack == null ? finish : finishHandingBack, values)) {
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
          claimed = claims.claimedRows().read(rows);
        }
        // each was due when its answer was stored, by the worker's clock
        handedBack = claims.claimedRows().withReads(claimed, round).stream()
            .map(claim -> new ClaimedRun(
                claim.run(), now, claim.takeover(), claim.resumption())).toList();
      }
      try (ResultSet rows = round.rows()) {
        return new StoredOutcomes(stored, rows.next(), handedBack);
      }
    }
  }
}
