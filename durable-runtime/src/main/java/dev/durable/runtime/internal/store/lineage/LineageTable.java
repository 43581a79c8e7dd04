package dev.durable.runtime.internal.store.lineage;

import dev.durable.runtime.internal.store.run.RunsTable;
import dev.durable.runtime.internal.store.run.StepsTable;
import dev.durable.runtime.internal.store.signal.SignalsTable;
import dev.durable.runtime.internal.store.sql.Schema;
import dev.durable.runtime.internal.store.sql.Sql;
import dev.durable.runtime.internal.store.values.AttributesTable;
import dev.durable.runtime.internal.store.values.RunValuesTable;

/**
 * The statements of runs that start over ({@code continueAsNew}) and of forks, across the runs,
 * their checkpoints, signals (V23), values and attributes: each statement written whole with named
 * parameters ({@link Sql}), once per store with its schema, as the tables' own catalogues are.
 */
public final class LineageTable {
  /**
   * Starts the run over in its next generation, with a new input, due now for any engine, while
   * this engine's lease holds ({@code :epoch}), which it moves on. A queue slot it holds stays held:
   * it has not ended.
   */
  final Sql continueRun;
  /**
   * The signals an older generation took: gone with its checkpoints. Those not taken yet stay, in
   * order, for the next generation's waits.
   */
  final Sql deleteTakenSignals;
  /**
   * Copies the checkpoints of run {@code :from} below {@code :position} to the fork {@code
   * :runId}, without the events a checkpoint carries (the fork's history begins at the fork).
   */
  final Sql copyCheckpoints;
  /**
   * The run's attributes as the next generation begins: each key's start value is the value it
   * holds now, which a fork of that generation starts with.
   */
  final Sql keepStartValues;
  /**
   * Copies the events set and the stream values written by run {@code :from} below {@code
   * :position} to the fork {@code :runId}, in the order they were written: the ids the fork's rows
   * get follow the order the rows are inserted in, which is the order of the source's ids, and the
   * fork's readers read in that order.
   */
  final Sql copyValues;
  /**
   * Gives the fork {@code :runId} the start values of run {@code :from}'s attributes, as its values
   * and its start values, with the fork's own start time (the run search's order).
   */
  final Sql copyStartAttributes;
  /** Notes on a fork, inserted in the same transaction, where it comes from. */
  final Sql markForked;

  public LineageTable(Schema schema) {
    String runs = schema.table(RunsTable.NAME);
    String steps = schema.table(StepsTable.NAME);
    String values = schema.table(RunValuesTable.NAME);
    String attributes = schema.table(AttributesTable.NAME);
    continueRun = Sql.of("UPDATE " + runs + " SET input = :input, generation = generation + 1,"
        + " status = 'PENDING', wake_at = NULL, due_at = :now, woken_at = NULL,"
        + " lease_owner = NULL, lease_until = NULL, deadline_at = :deadlineAt,"
        + " epoch = epoch + 1, updated_at = :now WHERE run_id = :runId AND epoch = :epoch");
    deleteTakenSignals = Sql.of("DELETE FROM " + schema.table(SignalsTable.NAME)
        + " WHERE run_id = :runId AND consumed_seq IS NOT NULL");
    copyCheckpoints = Sql.of("INSERT INTO " + steps + " (" + StepsTable.COLUMNS + ")"
        + " SELECT :runId, seq, kind, name, status, attempts, input, output, error_message,"
        + " error_code, error_type, wake_at, started_at, updated_at, group_seq FROM " + steps
        + " WHERE run_id = :from AND seq < :position");
    keepStartValues = Sql.of(
        "UPDATE " + attributes + " SET start_val = val WHERE run_id = :runId");
    copyValues = Sql.of("INSERT INTO " + values + " (run_id, kind, name, seq, payload,"
        + " created_at) SELECT :runId, kind, name, seq, payload, created_at FROM " + values
        + " WHERE run_id = :from AND seq < :position ORDER BY id");
    copyStartAttributes = Sql.of("INSERT INTO " + attributes + " (run_id, name, val, start_val,"
        + " created_at) SELECT r.run_id, a.name, a.start_val, a.start_val, r.created_at"
        + " FROM " + attributes + " a JOIN " + runs + " r ON r.run_id = :runId"
        + " WHERE a.run_id = :from AND a.start_val IS NOT NULL");
    markForked = Sql.of("UPDATE " + runs
        + " SET forked_from = :from, forked_at = :position WHERE run_id = :runId");
  }
}
