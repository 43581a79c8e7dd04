package dev.durable.runtime.internal.store.ops;

import dev.durable.runtime.internal.store.run.EventsTable;
import dev.durable.runtime.internal.store.run.RunsTable;
import dev.durable.runtime.internal.store.run.StepsTable;
import dev.durable.runtime.internal.store.schedule.SchedulesTable;
import dev.durable.runtime.internal.store.signal.SignalTokensTable;
import dev.durable.runtime.internal.store.signal.SignalsTable;
import dev.durable.runtime.internal.store.sql.Sql;
import dev.durable.runtime.internal.store.sql.Transactions;
import dev.durable.runtime.internal.store.sql.Values;
import dev.durable.runtime.internal.store.task.TasksTable;
import dev.durable.runtime.internal.store.values.AttributesTable;
import dev.durable.runtime.internal.store.values.RunValuesTable;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * The SQL of retention: deleting runs that ended before a cut-off, with every row that belongs to
 * them, a batch at a time.
 *
 * <p>A batch locks its candidates as it selects them, skipping rows another transaction holds
 * ({@code FOR UPDATE SKIP LOCKED}): engines purging at once take disjoint batches, and neither ever
 * waits for the other (on H2 a purger that waited for another's batch of 500 timed out). A run that
 * a requeue or a signal holds is skipped too, and deleted by a later batch or pass. Each locked run
 * row is deleted, then the rows of the runs deleted; only the purger that locked a run touches its
 * other rows.
 *
 * <p>A finished child run whose parent has not ended is no candidate: its parent may still await
 * it. {@code durable_schedules} is not touched: its {@code handled_until}, not the runs, keeps a
 * fire time from firing twice, so deleting a scheduled run's {@code durable_schedule_runs} row
 * cannot make its schedule fire again.
 */
public final class FinishedRuns {
  private final Transactions transactions;
  private final RunsTable runs;
  /** A deleted run's rows in the other tables, each statement served by an index on run_id. */
  private final List<Sql> deleteRows;

  /** Handed the catalogue of every table that holds a run's rows: a run goes with all of them. */
  public FinishedRuns(Transactions transactions, RunsTable runs, StepsTable steps,
      EventsTable events, TasksTable tasks, SignalsTable signals, SignalTokensTable tokens,
      SchedulesTable schedules, AttributesTable attributes, RunValuesTable values) {
    this.transactions = transactions;
    this.runs = runs;
    this.deleteRows = List.of(steps.deleteOfRun, events.deleteOfRun, tasks.deleteOfRun,
        signals.deleteOfRun, tokens.deleteOfRun, schedules.deleteRun, attributes.deleteOfRun,
        values.deleteOfRun);
  }

  /** What one batch found and deleted. */
  record Batch(int candidates, int deleted) {}

  /** Deletes up to {@code limit} runs that ended before {@code before}, with all their rows. */
  Batch deleteBatch(Connection connection, Instant before, int limit)
      throws SQLException {
    List<String> candidates = candidates(connection, before, limit);
    if (candidates.isEmpty()) {
      return new Batch(0, 0);
    }
    // the order in which the child rows are deleted: the same statement texts each batch
    candidates.sort(null);
    List<String> deleted = new ArrayList<>();
    try (PreparedStatement delete = connection.prepareStatement(runs.deleteEnded.text())) {
      for (String runId : candidates) {
        runs.deleteEnded.bind(
            delete, new Values().string("runId", runId).instant("before", before));
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
      for (Sql sql : deleteRows) {
        try (PreparedStatement delete = connection.prepareStatement(sql.text())) {
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

  private List<String> candidates(Connection connection, Instant before, int limit)
      throws SQLException {
    return new ArrayList<>(runs.endedBefore.list(connection,
        new Values().instant("before", before).int4("limit", limit), rows -> rows.getString(1)));
  }

  /** See {@code RunStore#deleteEndedRuns}: batch after batch, each in a transaction of its own. */
  public int deleteAll(Instant before, int batchSize, BooleanSupplier stop) {
    int total = 0;
    while (!stop.getAsBoolean()) {
      Batch batch = transactions.inTransaction("delete runs that ended before " + before,
          connection -> deleteBatch(connection, before, batchSize));
      total += batch.deleted();
      // not "while a batch is full": with another purger's rows skipped, a batch may be short
      // while unlocked runs remain; only a batch that deleted nothing says none is left
      if (batch.deleted() == 0) {
        break;
      }
    }
    return total;
  }
}
