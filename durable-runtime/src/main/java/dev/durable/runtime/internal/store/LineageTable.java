package dev.durable.runtime.internal.store;

/**
 * The SQL of runs that start over ({@code continueAsNew}) and of forks, across {@code
 * durable_runs}, {@code durable_steps} and {@code durable_signals} (V23), {@code
 * durable_run_values} and {@code durable_run_attributes}: each statement written whole with named
 * parameters ({@link Sql}), as the tables' own catalogues are.
 */
final class LineageTable {
  /**
   * Starts the run over in its next generation, with a new input, due now for any engine, while
   * this engine's lease holds ({@code :epoch}), which it moves on. A queue slot it holds stays held:
   * it has not ended.
   */
  static final Sql CONTINUE = Sql.of(
      "UPDATE durable_runs SET input = :input, generation = generation + 1, status = 'PENDING',"
          + " wake_at = NULL, due_at = :now, woken_at = NULL, lease_owner = NULL,"
          + " lease_until = NULL, deadline_at = :deadlineAt, epoch = epoch + 1, updated_at = :now"
          + " WHERE run_id = :runId AND epoch = :epoch");
  /**
   * The signals an older generation took: gone with its checkpoints. Those not taken yet stay, in
   * order, for the next generation's waits.
   */
  static final Sql DELETE_TAKEN_SIGNALS = Sql.of(
      "DELETE FROM durable_signals WHERE run_id = :runId AND consumed_seq IS NOT NULL");
  /**
   * Copies the checkpoints of run {@code :from} below {@code :position} to the fork {@code
   * :runId}, without the events a checkpoint carries (the fork's history begins at the fork).
   */
  static final Sql COPY_CHECKPOINTS = Sql.of(
      "INSERT INTO durable_steps (" + StepsTable.COLUMNS + ") SELECT :runId, seq, kind, name,"
          + " status, attempts, input, output, error_message, error_code, error_type, wake_at,"
          + " started_at, updated_at, group_seq FROM durable_steps"
          + " WHERE run_id = :from AND seq < :position");
  /**
   * The run's attributes as the next generation begins: each key's start value is the value it
   * holds now, which a fork of that generation starts with.
   */
  static final Sql KEEP_START_VALUES = Sql.of(
      "UPDATE durable_run_attributes SET start_val = val WHERE run_id = :runId");
  /**
   * Copies the events set and the stream values written by run {@code :from} below {@code
   * :position} to the fork {@code :runId}, in the order they were written: the ids the fork's rows
   * get follow the order the rows are inserted in, which is the order of the source's ids, and the
   * fork's readers read in that order.
   */
  static final Sql COPY_VALUES = Sql.of(
      "INSERT INTO durable_run_values (run_id, kind, name, seq, payload, created_at)"
          + " SELECT :runId, kind, name, seq, payload, created_at FROM durable_run_values"
          + " WHERE run_id = :from AND seq < :position ORDER BY id");
  /**
   * Gives the fork {@code :runId} the start values of run {@code :from}'s attributes, as its values
   * and its start values, with the fork's own start time (the run search's order).
   */
  static final Sql COPY_START_ATTRIBUTES = Sql.of(
      "INSERT INTO durable_run_attributes (run_id, name, val, start_val, created_at)"
          + " SELECT r.run_id, a.name, a.start_val, a.start_val, r.created_at"
          + " FROM durable_run_attributes a JOIN durable_runs r ON r.run_id = :runId"
          + " WHERE a.run_id = :from AND a.start_val IS NOT NULL");
  /** Notes on a fork, inserted in the same transaction, where it comes from. */
  static final Sql MARK_FORKED = Sql.of(
      "UPDATE durable_runs SET forked_from = :from, forked_at = :position WHERE run_id = :runId");

  private LineageTable() {}
}
