package dev.durable.runtime.internal.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The SQL of retention: deleting runs that ended before a cut-off, with every row that belongs to
 * them, a batch at a time.
 *
 * <p>A batch locks its candidates as it selects them, skipping rows another transaction holds
 * ({@code FOR UPDATE SKIP LOCKED}): engines purging at once take disjoint batches, and neither ever
 * waits for the other (on H2 a purger that waited for another's batch of 500 timed out). A run that a requeue or a signal holds is skipped too, and
 * deleted by a later batch or pass. Each locked run row is deleted, then the rows of the runs
 * deleted; only the purger that locked a run touches its other rows.
 *
 * <p>A finished child run whose parent has not ended is no candidate: its parent may still await
 * it. {@code durable_schedules} is not touched: its {@code handled_until}, not the runs, keeps a
 * fire time from firing twice, so deleting a scheduled run's {@code durable_schedule_runs} row
 * cannot make its schedule fire again.
 */
final class FinishedRuns {
  private static final String ENDED = "('COMPLETED', 'FAILED', 'CANCELLED')";
  /**
   * Served by {@code durable_runs_status_created} (status, created_at, run_id; V12): a run that
   * ended before the cut-off started before it too, so the index narrows to the ended runs started
   * before the cut-off, nearly all of which are deleted, without a scan of the runs not ended. No
   * index on updated_at: it changes at every step's commit, and one would cost every commit an
   * index update (and PostgreSQL its HOT updates). No order: any ended runs will do, and an order
   * would sort every ended run at each batch.
   */
  private static final String CANDIDATES =
      "SELECT r.run_id FROM durable_runs r WHERE r.status IN " + ENDED + " AND r.created_at < ?"
          + " AND r.updated_at < ?"
          + " AND (r.parent_run_id IS NULL OR NOT EXISTS (SELECT 1 FROM durable_runs p"
          + " WHERE p.run_id = r.parent_run_id AND p.status NOT IN " + ENDED + ")) LIMIT ?"
          + " FOR UPDATE SKIP LOCKED";
  /** Under the candidate's lock; the conditions again, so that a mistake cannot delete a live run. */
  private static final String DELETE_RUN =
      "DELETE FROM durable_runs WHERE run_id = ? AND status IN " + ENDED + " AND updated_at < ?";
  /** A deleted run's rows in the other tables, each statement served by an index on run_id. */
  private static final List<String> DELETE_ROWS = List.of(
      "DELETE FROM durable_steps WHERE run_id = ?",
      "DELETE FROM durable_events WHERE run_id = ?",
      "DELETE FROM durable_tasks WHERE run_id = ?",
      "DELETE FROM durable_signals WHERE run_id = ?",
      "DELETE FROM durable_schedule_runs WHERE run_id = ?");

  private FinishedRuns() {}

  /** What one batch found and deleted. */
  record Batch(int candidates, int deleted) {}

  /** Deletes up to {@code limit} runs that ended before {@code before}, with all their rows. */
  static Batch deleteBatch(Connection connection, Instant before, int limit)
      throws SQLException {
    List<String> candidates = candidates(connection, before, limit);
    if (candidates.isEmpty()) {
      return new Batch(0, 0);
    }
    // the order in which the child rows are deleted: the same statement texts each batch
    candidates.sort(null);
    List<String> deleted = new ArrayList<>();
    try (PreparedStatement delete = connection.prepareStatement(DELETE_RUN)) {
      for (String runId : candidates) {
        new Params().string(runId).instant(before).bind(delete);
        delete.addBatch();
      }
      int[] counts = delete.executeBatch();
      for (int i = 0; i < counts.length; i++) {
        if (counts[i] > 0) {
          deleted.add(candidates.get(i));
        }
      }
    }
    if (!deleted.isEmpty()) {
      for (String sql : DELETE_ROWS) {
        try (PreparedStatement delete = connection.prepareStatement(sql)) {
          for (String runId : deleted) {
            delete.setString(1, runId);
            delete.addBatch();
          }
          delete.executeBatch();
        }
      }
    }
    return new Batch(candidates.size(), deleted.size());
  }

  private static List<String> candidates(Connection connection, Instant before, int limit)
      throws SQLException {
    try (PreparedStatement select = connection.prepareStatement(CANDIDATES)) {
      new Params().instant(before).instant(before).int4(limit).bind(select);
      List<String> runIds = new ArrayList<>();
      try (ResultSet rows = select.executeQuery()) {
        while (rows.next()) {
          runIds.add(rows.getString(1));
        }
      }
      return runIds;
    }
  }
}
