package dev.durable.runtime.internal.store.flow;

import dev.durable.runtime.Queue;
import dev.durable.runtime.internal.model.QueueRow;
import dev.durable.runtime.internal.store.run.EventsTable;
import dev.durable.runtime.internal.store.run.RunsTable;
import dev.durable.runtime.internal.store.sql.Dialect;
import dev.durable.runtime.internal.store.sql.Schema;
import dev.durable.runtime.internal.store.sql.Transactions;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The queues of runs ({@link QueuesTable}): their declarations, stored by each engine that serves
 * them, and the admission of their queued runs.
 */
public final class QueueAdmissions {
  private final Transactions transactions;
  private final Dialect dialect;
  private final QueuesTable queues;
  private final RunsTable runs;
  private final RunDebounces debounces;
  private final QueueViews views;
  /** Where each queue's admission goes on among its partition keys. */
  private final Map<String, QueuesTable.Cursor> cursors = new ConcurrentHashMap<>();

  public QueueAdmissions(Transactions transactions, Dialect dialect, Schema schema,
      QueuesTable queues, RunsTable runs, EventsTable events) {
    this.transactions = transactions;
    this.dialect = dialect;
    this.queues = queues;
    this.runs = runs;
    this.debounces = new RunDebounces(schema, events);
    this.views = new QueueViews(schema);
  }

  /**
   * Stores {@code queue}'s declaration as {@code engineId}'s ({@code durable_queues}).
   *
   * @return the declaration it replaced and the engine that had made it, if that declaration
   *     differed: "Queue[...] (declared by engine-id)"
   */
  public Optional<String> declare(Queue queue, String engineId, Instant now) {
    return queues.declare(transactions, queue, engineId, now)
        .map(d -> d.declaration() + " (declared by " + d.declaredBy() + ")");
  }

  /**
   * The unfinished run that holds deduplication key {@code dedupKey} ({@code QueuePlace#dedupKey}),
   * if one does.
   */
  public Optional<String> holderOf(String dedupKey) {
    return transactions.autocommit("read the run holding " + dedupKey,
        connection -> runs.holderOf(connection, dedupKey));
  }

  /**
   * Folds a debounced start into the run holding {@code dedupKey} ({@link
   * QueuePlace#debounceKey}) if it still waits out its window at {@code now}, in one transaction:
   * see {@link RunDebounces#fold}.
   *
   * @return the run the start was folded into; empty: none waits, start a new run
   */
  public Optional<String> debounce(String dedupKey, String input, Instant notBefore,
      Instant now) {
    return transactions.inTransaction("debounce a start with " + dedupKey,
        connection -> debounces.fold(connection, dedupKey, input, notBefore, now));
  }

  /**
   * Admits the queued runs of {@code queue} that its limits leave room for, by {@code clock}'s
   * time (read under the lock), in one transaction under its row's lock; does nothing if another
   * engine holds that lock (it is admitting them): see {@link QueuesTable#admit}. Where other
   * engines serve the queue (seen within {@code liveness}), each run admitted is given to one of
   * them, this one included, by their fair part ({@link QueueEngines}). Wakes the other engines
   * when it gave them runs, or admitted more than this one claims right after ({@code
   * takesHere}): woken for runs this engine takes, they would only race it for them.
   */
  public Admission admit(Queue queue, String engineId, Supplier<Instant> clock, Duration liveness,
      int takesHere) {
    QueuesTable.Cursor cursor =
        cursors.computeIfAbsent(queue.name(), name -> new QueuesTable.Cursor());
    // one admission of a queue at a time in this engine; a lock, not a monitor, so that a
    // virtual thread waiting for it while the other admits over JDBC does not pin its carrier
    cursor.lock.lock();
    try {
      return transactions.inTransaction("admit the runs of queue " + queue.name(), connection -> {
        QueuesTable.Admission admission =
            queues.admit(connection, dialect, queue, engineId, clock, cursor, liveness,
                takesHere);
        if (admission.forOthers() > 0 || admission.admitted() > takesHere) {
          dialect.announcements().runsDue(connection);
        }
        return new Admission(admission.admitted(), admission.forOthers(),
            Optional.ofNullable(admission.nextAt()), admission.more(), admission.idle(),
            admission.full(), admission.busy());
      });
    } finally {
      cursor.lock.unlock();
    }
  }

  /**
   * What an admission did: how many runs it made due, and how many of them it gave to the other
   * engines serving the queue; when the rate limit next frees a permit, if runs wait for it;
   * whether partition keys were left for the next admission; whether the queue had no queued run
   * at all (false too when another engine was admitting it); whether its concurrency left no room
   * at any key with queued runs once it admitted (it has room again only when a run of it ends,
   * or one is queued under another key); whether it did nothing, as another engine was admitting
   * the queue's runs.
   */
  public record Admission(int admitted, int forOthers, Optional<Instant> nextAt, boolean more,
      boolean idle, boolean full, boolean busy) {}

  /**
   * Marks {@code engineId} as serving {@code served} now; renewed while it polls, so that it is
   * given its part of their concurrency. Forgets the engines not seen since {@code goneBefore}.
   */
  public void serve(Collection<String> served, String engineId, Instant now, Instant goneBefore) {
    transactions.inTransaction("mark engine " + engineId + " as serving its queues",
        connection -> {
          queues.engines.serve(connection, served, engineId, now, goneBefore);
          return null;
        });
  }

  /** {@code engineId} closes: the queues it served share their slots among the others at once. */
  public void leave(String engineId) {
    transactions.autocommit("mark engine " + engineId + " as serving no queue",
        connection -> {
          queues.engines.leave(connection, engineId);
          return null;
        });
  }

  /**
   * Pauses ({@code paused}) or resumes queue {@code queue} on every engine.
   *
   * @return whether that changed it; empty if no engine declared it
   */
  public Optional<Boolean> pause(String queue, boolean paused, Instant now) {
    return transactions.inTransaction((paused ? "pause" : "resume") + " queue " + queue,
        connection -> queues.pause(connection, queue, paused, now));
  }

  /** Every queue declared or named by a run, by name, with its depth and its runs admitted. */
  public List<QueueRow> rows() {
    return transactions.autocommit("read the queues", views::all);
  }

  /**
   * How many runs of queue {@code queue} are {@code ENQUEUED} now, waiting for admission or for
   * their delay: one range of the index, read by a trigger before it takes more messages.
   */
  public long depth(String queue) {
    return transactions.autocommit("read the depth of queue " + queue,
        connection -> views.depth(connection, queue));
  }
}
