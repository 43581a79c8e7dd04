package dev.durable.runtime.internal.store.flow;

import dev.durable.runtime.internal.model.EventType;
import dev.durable.runtime.internal.store.run.EventsTable;
import dev.durable.runtime.internal.store.run.RunsTable;
import dev.durable.runtime.internal.store.sql.Rows;
import dev.durable.runtime.internal.store.sql.Schema;
import dev.durable.runtime.internal.store.sql.Sql;
import dev.durable.runtime.internal.store.sql.Values;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Debounced starts ({@code StartOptions.debounce}): the run a debounce key names is found by its
 * {@code dedup_key} (the key is held as a deduplication key, so that the unique index lets one run
 * at a time hold it) and, while it still waits out its window, given the new start's input and a
 * later due time. A run whose window has passed (it is due, claimed, admitted or ended) keeps
 * running, and gives the key up here, lazily, for the next start to make a new run: so that
 * neither the claim nor the admission has to know of debouncing.
 */
final class RunDebounces {
  private final EventsTable events;
  /** The run holding a key, locked until the commit, so that no claim or start races the move. */
  private final Sql lockHolder;
  /**
   * The new input and window's end, compared-and-set on the run still waiting: a run without a
   * queue is due at the window's end, a queued one admitted no earlier.
   */
  private final Sql move;
  private final Sql giveUp;

  RunDebounces(Schema schema, EventsTable events) {
    this.events = events;
    String runs = schema.table(RunsTable.NAME);
    lockHolder = Sql.of("SELECT run_id, status, wake_at FROM " + runs
        + " WHERE dedup_key = :dedupKey FOR UPDATE");
    move = Sql.of("UPDATE " + runs + " SET input = :input, wake_at = :notBefore,"
        + " due_at = CASE WHEN queue_name IS NULL THEN :notBefore ELSE due_at END,"
        + " updated_at = :now WHERE run_id = :runId AND status = 'ENQUEUED' AND wake_at > :now");
    giveUp = Sql.of("UPDATE " + runs + " SET dedup_key = NULL"
        + " WHERE run_id = :runId AND dedup_key = :dedupKey");
  }

  /**
   * Folds a start into the run holding {@code dedupKey}, if that run still waits out its window
   * at {@code now}: its input becomes {@code input}, its window ends at {@code notBefore}, and the
   * start is logged on it. A run past its window gives up the key.
   *
   * @return the id of the run the start was folded into; empty: a new run is to be started
   */
  Optional<String> fold(Connection connection, String dedupKey, String input,
      Instant notBefore, Instant now) throws SQLException {
    Values values = new Values().string("dedupKey", dedupKey).string("input", input)
        .instant("notBefore", notBefore).instant("now", now);
    record Holder(String runId, String status, Instant wakeAt) {}
    Optional<Holder> holder = lockHolder.first(connection, values,
        rows -> new Holder(rows.getString(1), rows.getString(2), Rows.instant(rows, 3)));
    if (holder.isEmpty()) {
      return Optional.empty();
    }
    String runId = holder.get().runId();
    values.string("runId", runId);
    if (move.update(connection, values) > 0) {
      events.append(connection, List.of(new EventsTable.Entry(runId,
          EventType.RUN_DEBOUNCED.run("a start with " + dedupKey + ": its input replaces the"
              + " run's, which waits until " + notBefore, now))));
      return Optional.of(runId);
    }
    giveUp.update(connection, values);
    return Optional.empty();
  }
}
