package dev.durable.runtime.internal.store.run;

import dev.durable.runtime.RunError;
import dev.durable.runtime.codec.StoredForm;
import dev.durable.runtime.internal.model.Commit;
import dev.durable.runtime.internal.model.RunChange;
import dev.durable.runtime.internal.store.sql.Sql;
import dev.durable.runtime.internal.store.sql.Values;
import java.time.Instant;

/**
 * The fenced updates of a turn's commit to its run's row, part of the runs' catalogue ({@code
 * RunsTable}, which builds them with its table's name): each holds only while the run's epoch
 * does, so that an engine that lost the run writes nothing over its new owner's progress.
 */
public final class RunFences {
  /**
   * Proves the lease in a batch of plain statements (H2): an update that changes nothing, so the
   * row's {@code updated_at} stays that of the run's last change of state, as on PostgreSQL.
   */
  private final Sql touch;
  /**
   * Proves the lease in PostgreSQL's progress statement: the row is locked for the commit, which
   * keeps any claim, cancel or requeue out as an update would, but no new version of it is
   * written. Rewriting the run's row at every step cost a row version each, and a long-running
   * transaction elsewhere in the database kept them all visible to the next step's update.
   */
  final Sql touchLocked;
  /**
   * Suspends a run, unless it was woken while it executed ({@code woken_at}): then it is due at
   * once, at its last update, an instant of the engines' clock, and {@code PENDING}, which tells
   * the turn's engine to look for it ({@code RunsTable#dueAtOnce}; on PostgreSQL the row it
   * returns): the wake-up's own signal came while the run was still executing.
   */
  private final Sql sleep;
  private final Sql complete;
  private final Sql fail;
  /**
   * Gives the lease back after a turn that stopped for a pause: the run stays {@code PAUSED},
   * taken up by no engine; one resumed meanwhile (back to {@code RUNNING} under this lease) is due
   * at once, for any engine to claim.
   */
  private final Sql release;

  /** How error messages are stored. */
  private final StoredForm form;

  RunFences(String table, StoredForm form) {
    this.form = form;
    touch = Sql.of(
        "UPDATE " + table + " SET epoch = epoch WHERE run_id = :runId AND epoch = :epoch");
    touchLocked = Sql.of("SELECT run_id FROM " + table
        + " WHERE run_id = :runId AND epoch = :epoch FOR SHARE");
    // a run paused while its turn ran stays paused, with no due time, until it is resumed
    sleep = Sql.of("UPDATE " + table + " SET status = CASE WHEN status = 'PAUSED' THEN 'PAUSED'"
        + " WHEN woken_at IS NULL THEN 'SLEEPING' ELSE 'PENDING' END, wake_at = :wakeAt,"
        + " due_at = CASE WHEN status = 'PAUSED' THEN NULL WHEN woken_at IS NULL"
        + " THEN :dueAt ELSE updated_at END, woken_at = NULL, lease_owner = NULL,"
        + " lease_until = NULL, error_message = :errorMessage, error_code = :errorCode,"
        + " error_type = :errorType, updated_at = :now WHERE run_id = :runId AND epoch = :epoch");
    complete = Sql.of("UPDATE " + table + " SET status = 'COMPLETED', output = :output,"
        + " error_message = NULL, error_code = NULL, error_type = NULL, wake_at = NULL,"
        + " due_at = NULL, dedup_key = NULL, lease_owner = NULL, lease_until = NULL,"
        + " updated_at = :now WHERE run_id = :runId AND epoch = :epoch");
    release = Sql.of("UPDATE " + table + " SET status = CASE WHEN status = 'PAUSED'"
        + " THEN 'PAUSED' ELSE 'PENDING' END, due_at = CASE WHEN status = 'PAUSED' THEN NULL"
        // typed: PostgreSQL's progress statement sends an instant as text of no declared type
        + " ELSE CAST(:now AS TIMESTAMP WITH TIME ZONE) END, lease_owner = NULL,"
        + " lease_until = NULL, updated_at = :now"
        + " WHERE run_id = :runId AND epoch = :epoch");
    fail = Sql.of("UPDATE " + table + " SET status = 'FAILED', error_message = :errorMessage,"
        + " error_code = :errorCode, error_type = :errorType, error_step = :errorStep,"
        + " wake_at = NULL, due_at = NULL, dedup_key = NULL, lease_owner = NULL,"
        + " lease_until = NULL, updated_at = :now WHERE run_id = :runId AND epoch = :epoch");
  }

  /** The fenced update that applies {@code commit}'s change: its text depends on the kind only. */
  public Sql of(RunChange.Kind kind) {
    return switch (kind) {
      case TOUCH -> touch;
      case SLEEPING -> sleep;
      case COMPLETED -> complete;
      case FAILED -> fail;
      case RELEASED -> release;
    };
  }

  /**
   * The fence in a text of several runs' writes ({@code PostgresProgress}): the run's row locked
   * where its epoch holds ({@link #touchLocked}), or changed; its values are {@link #of}'s.
   */
  public Sql inText(RunChange.Kind kind) {
    return kind == RunChange.Kind.TOUCH ? touchLocked : of(kind);
  }

  /** Adds the values of {@link #of}'s statement for {@code commit} to {@code values}. */
  public Values values(Values values, Commit commit, Instant now) {
    RunChange change = commit.change();
    switch (change.kind()) {
      case TOUCH, RELEASED -> { }
      case SLEEPING -> {
        // a sleep of the run's own clears the reason it was set aside for, if it was
        RunError reason = change.error();
        values.instant("wakeAt", change.wakeAt()).instant("dueAt", change.dueAt())
            .string("errorMessage", reason == null ? null : form.seal(reason.message()))
            .string("errorCode", reason == null ? null : reason.code())
            .string("errorType", reason == null ? null : reason.type());
      }
      case COMPLETED -> values.string("output", change.output());
      case FAILED -> {
        RunError error = change.error();
        values.string("errorMessage", form.seal(error.message())).string("errorCode", error.code())
            .string("errorType", error.type()).string("errorStep", error.step().orElse(null));
      }
    }
    return values.instant("now", now).string("runId", commit.fence().runId())
        .int8("epoch", commit.fence().epoch());
  }
}
