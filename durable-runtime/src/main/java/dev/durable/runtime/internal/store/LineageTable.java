package dev.durable.runtime.internal.store;

/**
 * The SQL of runs that start over ({@code continueAsNew}) and of forks, across {@code
 * durable_runs}, {@code durable_steps} and {@code durable_signals} (V23): each statement written
 * whole with named parameters ({@link Sql}), as the tables' own catalogues are.
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
  /** Notes on a fork, inserted in the same transaction, where it comes from. */
  static final Sql MARK_FORKED = Sql.of(
      "UPDATE durable_runs SET forked_from = :from, forked_at = :position WHERE run_id = :runId");

  private LineageTable() {}
}
