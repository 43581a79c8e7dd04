package dev.durable.runtime.internal.store.lineage;

import dev.durable.runtime.internal.model.Fence;
import dev.durable.runtime.internal.model.NewEvent;
import dev.durable.runtime.internal.model.NewRun;
import dev.durable.runtime.internal.store.run.EventsTable;
import dev.durable.runtime.internal.store.run.RunInserts;
import dev.durable.runtime.internal.store.run.StepsTable;
import dev.durable.runtime.internal.store.sql.Sql;
import dev.durable.runtime.internal.store.sql.Transactions;
import dev.durable.runtime.internal.store.sql.Values;
import dev.durable.runtime.internal.store.task.TasksTable;
import dev.durable.runtime.internal.store.values.AttributesTable;
import dev.durable.runtime.internal.store.values.RunValuesTable;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * The store's side of runs that start over ({@code continueAsNew}) and of forks ({@code
 * engine.fork}). Starting over deletes what the generation that ends recorded, rather than
 * archiving it, so that a run that continues for ever keeps a history of constant size: its
 * checkpoints, its dispatched tasks, the signals it took and its event log; one event, of the
 * new generation, says where it came from. A fork carries what its source recorded at the
 * positions it replays, which the replay does not write again, so that it reads like its source
 * did there. The SQL is in {@link LineageTable}.
 */
public final class RunLineages {
  private final Transactions transactions;
  private final RunInserts inserts;
  private final LineageTable lineage;
  private final EventsTable events;
  private final AttributesTable attributes;
  /** What a generation that ends leaves behind: its searchable attributes stay. */
  private final List<Sql> deleteGeneration;
  /** What a fork copies of its source, and where it notes it comes from. */
  private final List<Sql> copyToFork;

  public RunLineages(Transactions transactions, RunInserts inserts, LineageTable lineage,
      StepsTable steps, TasksTable tasks, EventsTable events, RunValuesTable values,
      AttributesTable attributes) {
    this.transactions = transactions;
    this.inserts = inserts;
    this.lineage = lineage;
    this.events = events;
    this.attributes = attributes;
    this.deleteGeneration = List.of(steps.deleteOfRun, tasks.deleteOfRun,
        lineage.deleteTakenSignals, events.deleteOfRun, values.deleteOfRun);
    this.copyToFork = List.of(lineage.markForked, lineage.copyCheckpoints, lineage.copyValues,
        lineage.copyStartAttributes);
  }

  /**
   * Starts run {@code fence.runId()} over with {@code input}, in one commit fenced by the lease it
   * was executed under: the next generation, due now for any engine, with nothing recorded but
   * {@code event}, the signals not taken yet and its attributes, which become the values the new
   * generation starts with (its events and streams go).
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
      if (lineage.continueRun.update(connection, values) == 0) {
        return false;
      }
      // its searchable attributes stay; its events and streams are the old generation's
      for (Sql delete : deleteGeneration) {
        delete.update(connection, values);
      }
      lineage.keepStartValues.update(connection, values);
      events.append(connection, runId, List.of(event));
      return true;
    });
  }

  /**
   * Stores {@code fork}, a new run, with what run {@code from} recorded below {@code position}, and
   * notes where it comes from, in one commit: the checkpoints (without the events of the history
   * they carry: the fork's history begins at the fork), the events set and the stream values, and
   * the attributes, those the source's start gave then {@code replayedAttributes}.
   *
   * @param replayedAttributes the attributes the source's {@code ctx.attribute} calls below {@code
   *     position} recorded, each key with the last value recorded for it
   * @return whether it was stored; false if a run with its id exists
   */
  public boolean fork(
      NewRun fork, String from, int position, Map<String, String> replayedAttributes) {
    return transactions.inTransaction("fork run " + from + " at position " + position,
        connection -> {
          if (!inserts.insertIfAbsent(connection, fork)) {
            return false;
          }
          Values values = new Values().string("runId", fork.runId()).string("from", from)
              .int4("position", position);
          for (Sql copy : copyToFork) {
            copy.update(connection, values);
          }
          for (Map.Entry<String, String> attribute : replayedAttributes.entrySet()) {
            Values key = AttributesTable.values(
                fork.runId(), attribute.getKey(), attribute.getValue(), fork.now());
            attributes.updateKey.update(connection, key);
            attributes.insertFromRun.update(connection, key);
          }
          events.append(connection, fork.runId(), fork.events());
          return true;
        });
  }
}
