package dev.durable.runtime.internal.store;

import java.time.Instant;
import java.util.List;

/**
 * The store's side of runs that start over ({@code continueAsNew}) and of forks ({@code
 * engine.fork}). Starting over deletes what the generation that ends recorded, rather than
 * archiving it, so that a run that continues for ever keeps a history of constant size: its
 * checkpoints, its dispatched tasks, the signals it took and its event log; one event, of the
 * new generation, says where it came from. The SQL is in {@link LineageTable}.
 */
public final class RunLineages {
  private final Transactions transactions;
  private final RunInserts inserts;

  RunLineages(Transactions transactions, RunInserts inserts) {
    this.transactions = transactions;
    this.inserts = inserts;
  }

  /**
   * Starts run {@code fence.runId()} over with {@code input}, in one commit fenced by the lease it
   * was executed under: the next generation, due now for any engine, with nothing recorded but
   * {@code event}, the signals not taken yet and its attributes (its events and streams go).
   *
   * @param deadlineAt the new generation's run timeout's end; null for none
   * @return whether it was written; false if the lease was lost (nothing was)
   */
  public boolean continueAsNew(
      Fence fence, String input, Instant deadlineAt, Instant now, NewEvent event) {
    String runId = fence.runId();
    return transactions.inTransaction("continue run " + runId + " as new", connection -> {
      Values values = new Values().string("runId", runId).int8("epoch", fence.epoch())
          .string("input", input).instant("deadlineAt", deadlineAt).instant("now", now);
      if (LineageTable.CONTINUE.update(connection, values) == 0) {
        return false;
      }
      // its searchable attributes stay; its events and streams are the old generation's
      for (Sql delete : List.of(StepsTable.DELETE_OF_RUN, TasksTable.DELETE_OF_RUN,
          LineageTable.DELETE_TAKEN_SIGNALS, EventsTable.DELETE_OF_RUN,
          RunValuesTable.DELETE_OF_RUN)) {
        delete.update(connection, values);
      }
      EventsTable.append(connection, runId, List.of(event));
      return true;
    });
  }

  /**
   * Stores {@code fork}, a new run, with the checkpoints of run {@code from} below {@code
   * position}, and notes where it comes from, in one commit.
   *
   * @return whether it was stored; false if a run with its id exists
   */
  public boolean fork(NewRun fork, String from, int position) {
    return transactions.inTransaction("fork run " + from + " at position " + position,
        connection -> {
          if (!inserts.insertIfAbsent(connection, fork)) {
            return false;
          }
          Values values = new Values().string("runId", fork.runId()).string("from", from)
              .int4("position", position);
          LineageTable.MARK_FORKED.update(connection, values);
          LineageTable.COPY_CHECKPOINTS.update(connection, values);
          EventsTable.append(connection, fork.runId(), fork.events());
          return true;
        });
  }
}
