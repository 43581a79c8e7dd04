package dev.durable.runtime.internal.store.run;

import dev.durable.runtime.internal.model.ClaimedRun;
import dev.durable.runtime.internal.model.TaskRecord;
import dev.durable.runtime.internal.model.WorkflowKey;
import dev.durable.runtime.internal.store.sql.Dialect;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;

/**
 * The claims: of due runs by an engine's poll, of sleeping runs ahead of their due time, and of
 * queued tasks by a worker. One algorithm: lease the rows a filter selects ({@link RunLeases}),
 * moving a run's epoch on, and log each run's claim; the poll then reads the turns of the runs it
 * claimed ({@code store.turn.ClaimedRows#reads}). How a row is leased is the dialect's ({@link
 * Dialect#claimDue}): on PostgreSQL one statement that skips the rows others hold locked, the
 * reads after it, all in one round trip and one commit; on H2 the candidates read, then each row
 * compare-and-set on its epoch (a task: on its status), then the reads, in a transaction.
 */
public final class Claims {
  /** The largest {@link #batch}. */
  static final int MAX_BATCH = 1 << 10;

  private final Dialect dialect;

  public Claims(Dialect dialect) {
    this.dialect = dialect;
  }

  /**
   * How many runs a claim for {@code limit} takes at most: the largest power of two up to it (and
   * {@link #MAX_BATCH}). The claim's text holds its limit ({@link RunLeases#dueFilter}), so the
   * sizes are few: a dozen statements for the server to plan once each, per workflow count.
   */
  public static int batch(int limit) {
    return Integer.highestOneBit(Math.min(limit, MAX_BATCH));
  }

  /**
   * Claims up to {@link #batch}{@code (limit)} due runs of {@code workflows}, earliest first, with
   * their reads.
   */
  public List<ClaimedRun> due(
      Instant now, List<WorkflowKey> workflows, int limit, String owner, Instant leaseUntil) {
    return dialect.inOneCommit("claim due runs", connection ->
        dialect.claimDue(connection, workflows, batch(limit), now, owner, leaseUntil));
  }

  /**
   * Claims those of {@code runIds} that sleep until {@code dueBy} at the latest, earliest first, in
   * the caller's transaction: a run suspended by a timer or a backoff of its own, claimed back a
   * little ahead of its due time by the engine that suspended it. Only sleeping runs: a run still
   * leased is never taken over early. Their turns read their resumptions.
   */
  public List<ClaimedRun> ahead(Connection connection, List<String> runIds, Instant dueBy, Instant now,
      String owner, Instant leaseUntil) throws SQLException {
    return dialect.claimAhead(connection, runIds, dueBy, now, owner, leaseUntil);
  }

  /** Claims up to {@code limit} queued tasks of {@code steps} for a worker, oldest first. */
  public List<TaskRecord> tasks(List<String> steps, int limit, String workerId, Instant now) {
    return dialect.inOneCommit("claim tasks for worker " + workerId,
        connection -> dialect.claimTasks(connection, steps, limit, workerId, now));
  }
}
