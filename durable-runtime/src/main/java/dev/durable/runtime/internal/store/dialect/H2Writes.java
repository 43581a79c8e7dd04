package dev.durable.runtime.internal.store.dialect;

import dev.durable.runtime.Queue;
import dev.durable.runtime.internal.model.FinishedTask;
import dev.durable.runtime.internal.model.NewRun;
import dev.durable.runtime.internal.model.SlotTake;
import dev.durable.runtime.internal.model.StoredOutcomes;
import dev.durable.runtime.internal.store.flow.QueueSlotsTable;
import dev.durable.runtime.internal.store.run.EventsTable;
import dev.durable.runtime.internal.store.run.RunsTable;
import dev.durable.runtime.internal.store.sql.Round;
import dev.durable.runtime.internal.store.sql.Rows;
import dev.durable.runtime.internal.store.sql.SqlErrors;
import dev.durable.runtime.internal.store.sql.Values;
import dev.durable.runtime.internal.store.task.TasksTable;
import dev.durable.runtime.internal.store.values.AttributesTable;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * H2's writes of the steps PostgreSQL makes one statement each ({@code Dialect#startRuns}, {@link
 * Dialect#insertIfAbsent}, {@code Dialect#storeOutcomes}, {@code Dialect#takeSlot}): the same
 * statements one by one, in the caller's transaction, where each is an in-process call.
 */
final class H2Writes {
  private final RunsTable runs;
  private final EventsTable events;
  private final AttributesTable attributes;
  private final TasksTable tasks;
  private final QueueSlotsTable slots;
  /** The lock and the read of the runs to wake after outcomes: each run is then woken alone. */
  private final Round.Statements lockThenAnswered;

  H2Writes(RunsTable runs, EventsTable events, AttributesTable attributes, TasksTable tasks,
      QueueSlotsTable slots) {
    this.runs = runs;
    this.events = events;
    this.attributes = attributes;
    this.tasks = tasks;
    this.slots = slots;
    lockThenAnswered = Round.Statements.of(runs.lockAnswered, tasks.answered);
  }

  /** Inserts a run alone: a taken id rolls back that insert only, and H2 goes on. */
  boolean insertIfAbsent(Connection connection, NewRun run) throws SQLException {
    try {
      return runs.insert.update(connection, RunsTable.insertValues(run)) > 0;
    } catch (SQLException e) {
      if (!SqlErrors.isUniqueViolation(e)) {
        throw e;
      }
      return false;
    }
  }

  /** Each run inserted alone, then the events and the runs' attributes as one batch each. */
  boolean[] startRuns(Connection connection, List<NewRun> batch) throws SQLException {
    boolean[] inserted = new boolean[batch.size()];
    List<EventsTable.Entry> started = new ArrayList<>();
    List<NewRun> stored = new ArrayList<>();
    for (int i = 0; i < batch.size(); i++) {
      NewRun run = batch.get(i);
      inserted[i] = insertIfAbsent(connection, run);
      if (inserted[i]) {
        run.events().forEach(event -> started.add(new EventsTable.Entry(run.runId(), event)));
        stored.add(run);
      }
    }
    events.append(connection, started);
    attributes.insert(connection, stored);
    return inserted;
  }

  /**
   * Each outcome stored alone; the runs locked and read by the statements PostgreSQL's text has,
   * and each run woken alone. No run is handed back: the engine's claim is an in-process call on
   * an embedded database, with no round trip to spare.
   */
  StoredOutcomes storeOutcomes(Connection connection, List<FinishedTask> finished,
      String workerId, Instant now) throws SQLException {
    boolean[] stored = new boolean[finished.size()];
    for (int i = 0; i < stored.length; i++) {
      FinishedTask f = finished.get(i);
      stored[i] = tasks.finish(connection, f.task(), workerId, f.outcome(), now);
    }
    String[] taskIds = finished.stream().map(f -> f.task().taskId()).toArray(String[]::new);
    List<String> answered = new ArrayList<>();
    try (Round round = Round.oneByOne(connection, lockThenAnswered,
        new Values().array("taskIds", "varchar", taskIds).string("workerId", workerId))) {
      round.rows().close(); // the runs locked, as the statement ran
      try (ResultSet rows = round.rows()) {
        while (rows.next()) {
          answered.add(rows.getString(1));
        }
      }
    }
    for (String runId : answered) {
      runs.wake(connection, runId, now);
    }
    return new StoredOutcomes(stored, !answered.isEmpty(), List.of());
  }

  /**
   * The free slot, then the free permit, then the updates of both, one statement each; each read
   * unordered, so that it locks only the row it takes ({@code QueueSlotsTable#anyFreeSlot}).
   */
  SlotTake takeSlot(Connection connection, Queue queue, Values values)
      throws SQLException {
    int slot = -1;
    if (queue.concurrency() > 0) {
      Optional<Integer> free = slots.anyFreeSlot.first(connection, values, rows -> rows.getInt(1));
      if (free.isEmpty()) {
        return SlotTake.full();
      }
      slot = free.get();
    }
    if (queue.ratePeriod().isPresent()) {
      Optional<Integer> permit =
          slots.anyFreePermit.first(connection, values, rows -> rows.getInt(1));
      if (permit.isEmpty()) {
        Optional<Instant> oldest = slots.oldestUse.first(connection, values,
            rows -> Rows.instant(rows, 1));
        return new SlotTake(false, -1,
            oldest.map(at -> at.plus(queue.ratePeriod().get())));
      }
      slots.usePermit.update(connection, values.int4("permit", permit.get()));
    }
    if (slot >= 0) {
      slots.hold.update(connection, values.int4("slot", slot));
    }
    return new SlotTake(true, slot, Optional.empty());
  }
}
