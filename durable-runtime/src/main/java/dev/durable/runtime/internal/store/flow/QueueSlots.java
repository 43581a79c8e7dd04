package dev.durable.runtime.internal.store.flow;

import dev.durable.runtime.Queue;
import dev.durable.runtime.internal.model.SlotTake;
import dev.durable.runtime.internal.store.sql.Dialect;
import dev.durable.runtime.internal.store.sql.Sql;
import dev.durable.runtime.internal.store.sql.Transactions;
import dev.durable.runtime.internal.store.sql.Values;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.HashSet;
import java.util.Set;

/**
 * The slots and rate permits of step attempts' queues across engines ({@link QueueSlotsTable}): an
 * attempt of a step declared {@code @Step(queue = name)} takes one of the queue's slots, leased to
 * its engine, and one of its rate permits, in one commit; neither waits on another engine's lock
 * ({@code FOR UPDATE SKIP LOCKED}), so that a busy queue costs a take one short transaction. A
 * slot comes back when the attempt ends ({@link #release}) or, if its engine died, when its lease
 * ends: the engine renews the leases of the slots it holds with its runs' ({@link #renew}). The
 * take itself is the dialect's ({@link Dialect#takeSlot}): one statement on PostgreSQL, the same
 * reads and updates one by one on H2.
 */
public final class QueueSlots {
  private final Transactions transactions;
  private final QueueSlotsTable table;
  private final Dialect dialect;

  public QueueSlots(Transactions transactions, QueueSlotsTable table, Dialect dialect) {
    this.transactions = transactions;
    this.table = table;
    this.dialect = dialect;
  }

  /** Whether attempts of {@code queue}'s steps take its slots or permits here. */
  public static boolean limitsAttempts(Queue queue) {
    return queue.concurrency() > 0 || queue.ratePeriod().isPresent();
  }

  /**
   * Makes {@code queue}'s slots 0 to {@code concurrency - 1} and its permits 0 to {@code
   * ratePermits - 1}, dropping those beyond (a slot held beyond a lowered limit is dropped with
   * its attempt still running: its release then finds nothing). Under the lock of the queue's row
   * in {@code durable_queues}, which {@link QueueAdmissions#declare} stored first, so that two
   * engines declaring it at once do not insert the same slot.
   */
  public void declare(Queue queue) {
    Values values = new Values().string("queue", queue.name())
        .int4("count", queue.concurrency()).instant("never", QueueSlotsTable.NEVER);
    transactions.inTransaction("make the slots of queue " + queue.name(), connection -> {
      table.lockQueue.first(connection, values, rows -> rows.getString(1));
      fill(connection, values, table.slotNumbers, table.insertSlot, queue.concurrency());
      table.dropSlots.update(connection, values);
      fill(connection, values, table.permitNumbers, table.insertPermit, queue.ratePermits());
      table.dropPermits.update(connection, values.int4("count", queue.ratePermits()));
      return null;
    });
  }

  private static void fill(Connection connection, Values values, Sql numbers, Sql insert,
      int count) throws SQLException {
    Set<Integer> present = new HashSet<>(numbers.list(connection, values, rows -> rows.getInt(1)));
    for (int number = 0; number < count; number++) {
      if (!present.contains(number)) {
        insert.update(connection, values.int4("number", number));
      }
    }
  }


  /**
   * Takes a slot of {@code queue} for {@code heldBy} (an attempt), leased to {@code engineId}
   * until {@code leaseUntil}, and a rate permit stamped {@code now}, in one commit: both or
   * neither.
   *
   * @return the slot taken; or, if none is free, not taken, with when the rate limit next frees a
   *     permit if that is what it waits for
   */
  public SlotTake take(Queue queue, String engineId, String heldBy, Instant now,
      Instant leaseUntil) {
    Values values = new Values().string("queue", queue.name()).string("engine", engineId)
        .string("heldBy", heldBy).instant("now", now).instant("leaseUntil", leaseUntil);
    queue.ratePeriod().ifPresent(period -> values.instant("since", now.minus(period)));
    return dialect.inOneCommit("take a slot of queue " + queue.name(),
        connection -> dialect.takeSlot(connection, queue, values));
  }

  /** How many slots of {@code queue} are free at {@code now}, their leases ended included. */
  public int free(String queue, Instant now) {
    Values values = new Values().string("queue", queue).instant("now", now);
    return transactions.autocommit("count the free slots of queue " + queue, connection ->
        table.countFree.first(connection, values, rows -> rows.getInt(1)).orElse(0));
  }

  /** Gives back slot {@code slot} of {@code queue}, if {@code heldBy} still holds it. */
  public void release(String queue, int slot, String heldBy) {
    Values values = new Values().string("queue", queue).int4("slot", slot)
        .string("heldBy", heldBy);
    transactions.autocommit("release slot " + slot + " of queue " + queue,
        connection -> table.release.update(connection, values));
  }

  /** The names of the queues paused now. */
  public Set<String> paused() {
    return transactions.autocommit("read the paused queues", connection ->
        Set.copyOf(table.paused.list(connection, new Values(), rows -> rows.getString(1))));
  }

  /** Extends the leases of the slots {@code engineId} holds to {@code leaseUntil}. */
  public void renew(String engineId, Instant leaseUntil) {
    Values values = new Values().string("engine", engineId).instant("leaseUntil", leaseUntil);
    transactions.autocommit("renew the slots of " + engineId,
        connection -> table.renew.update(connection, values));
  }
}
