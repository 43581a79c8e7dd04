package dev.durable.runtime.internal.store.run;

import dev.durable.runtime.RunState;
import dev.durable.runtime.internal.model.RunChange;
import dev.durable.runtime.internal.store.sql.Sql;
import dev.durable.runtime.internal.store.sql.Values;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The statements that steer runs in flight, part of the runs' catalogue ({@code RunsTable}, which
 * builds them with its table's name, as it builds {@link RunFences}): pausing and resuming, which
 * runs were cancelled or paused under the engines executing them, and taking up again a run set
 * aside for its payloads.
 */
public final class SteeringStatements {
  /** Which of some runs were cancelled or paused: their turns in flight stop. */
  private final Sql selectSteered;
  /**
   * Pauses a run that has not ended: {@code PAUSED}, with no due time, so that no engine claims
   * it. Its epoch and lease stay: a turn in flight records its step's outcome, and stops at the
   * next step once its engine hears of the pause. Its slot in a queue is free at once (the
   * queue counts only runs pending, running or sleeping).
   */
  private final Sql pause;
  /** The states of some runs, their rows locked in the order of their ids: a batch's pause. */
  private final Sql lockMany;
  /** {@link #pause} of many runs at once, those {@link #lockMany} found not ended nor paused. */
  private final Sql pauseMany;
  /**
   * Resumes a paused run: one whose turn still holds its lease goes on under it ({@code RUNNING},
   * due when the lease ends, as a leased run is); else it is due at once, or, if it was started
   * through a queue, waits for the queue's admission again ({@code ENQUEUED}). Its timers are in
   * its checkpoints: a turn finds those that came due meanwhile and goes on.
   */
  private final Sql resume;
  /** Makes a run set aside for its payloads ({@code RunChange#setAside}) due now. */
  private final Sql takeUpSetAside;

  SteeringStatements(String table) {
    selectSteered = Sql.of("SELECT run_id, status FROM " + table
        + " WHERE run_id = ANY (:runIds) AND status IN ('CANCELLED', 'PAUSED')");
    pause = Sql.of("UPDATE " + table + " SET status = 'PAUSED', due_at = NULL, updated_at = :now"
        + " WHERE run_id = :runId AND status IN ('ENQUEUED', 'PENDING', 'RUNNING', 'SLEEPING')");
    lockMany = Sql.of("SELECT run_id, status FROM " + table
        + " WHERE run_id = ANY (:runIds) ORDER BY run_id FOR UPDATE");
    pauseMany = Sql.of("UPDATE " + table + " SET status = 'PAUSED', due_at = NULL,"
        + " updated_at = :now WHERE run_id = ANY (:runIds)"
        + " AND status IN ('ENQUEUED', 'PENDING', 'RUNNING', 'SLEEPING')");
    resume = Sql.of("UPDATE " + table + " SET status = CASE"
        + " WHEN lease_owner IS NOT NULL AND lease_until > :now THEN 'RUNNING'"
        + " WHEN queue_name IS NULL THEN 'PENDING' ELSE 'ENQUEUED' END,"
        + " due_at = CASE WHEN lease_owner IS NOT NULL AND lease_until > :now THEN lease_until"
        + " WHEN queue_name IS NULL THEN :now END, wake_at = NULL, updated_at = :now"
        + " WHERE run_id = :runId AND status = 'PAUSED'");
    takeUpSetAside = Sql.of("UPDATE " + table + " SET status = 'PENDING', due_at = :now,"
        + " wake_at = NULL, epoch = epoch + 1, updated_at = :now WHERE run_id = :runId"
        + " AND status = 'SLEEPING' AND error_code = '" + RunChange.SET_ASIDE_CODE + "'");
  }

  /** Of {@code runIds}, those cancelled or paused, with which. */
  public Map<String, RunState> steered(Connection connection, Collection<String> runIds)
      throws SQLException {
    Map<String, RunState> steered = new LinkedHashMap<>();
    for (Object[] row : selectSteered.list(connection, new Values().strings("runIds", runIds),
        rows -> new Object[] {rows.getString(1), rows.getString(2)})) {
      steered.put((String) row[0], RunState.valueOf((String) row[1]));
    }
    return steered;
  }

  /** Pauses run {@code runId} if it has not ended and is not paused; whether it did. */
  public boolean pause(Connection connection, String runId, Instant now) throws SQLException {
    return pause.update(connection, new Values().instant("now", now).string("runId", runId)) == 1;
  }

  /**
   * Pauses those of {@code runIds} that have not ended and are not paused, their rows locked in
   * the order of their ids (as every batch locks them, so that two batches cannot deadlock).
   *
   * @return each run paused now, with the state it was in
   */
  public Map<String, RunState> pauseAll(Connection connection, Collection<String> runIds,
      Instant now) throws SQLException {
    Map<String, RunState> pausable = new LinkedHashMap<>();
    for (Object[] row : lockMany.list(connection, new Values().strings("runIds", runIds),
        rows -> new Object[] {rows.getString(1), rows.getString(2)})) {
      RunState state = RunState.valueOf((String) row[1]);
      if (!state.isTerminal() && state != RunState.PAUSED) {
        pausable.put((String) row[0], state);
      }
    }
    if (!pausable.isEmpty()) {
      pauseMany.update(connection,
          new Values().strings("runIds", pausable.keySet()).instant("now", now));
    }
    return pausable;
  }

  /** Resumes run {@code runId} if it is paused; whether it was. */
  public boolean resume(Connection connection, String runId, Instant now) throws SQLException {
    return resume.update(connection, new Values().instant("now", now).string("runId", runId))
        == 1;
  }

  /** Makes run {@code runId} due now if it is set aside for its payloads; whether it was. */
  public boolean takeUpSetAside(Connection connection, String runId, Instant now)
      throws SQLException {
    return takeUpSetAside.update(connection,
        new Values().instant("now", now).string("runId", runId)) == 1;
  }
}
