package dev.durable.runtime.internal.store;

import dev.durable.runtime.Queue;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The slots and rate permits of step attempts' queues across engines ({@code
 * durable_queue_slots}, {@code durable_queue_permits}, V20): an attempt of a step declared {@code
 * @Step(queue = name)} takes one of the queue's slots, leased to its engine, and one of its rate
 * permits, in one transaction; neither waits on another engine's lock ({@code FOR UPDATE SKIP
 * LOCKED}), so that a busy queue costs a take one short transaction. A slot comes back when the
 * attempt ends ({@link #release}) or, if its engine died, when its lease ends: the engine renews
 * the leases of the slots it holds with its runs' ({@link #renew}).
 *
 * <p>On PostgreSQL a take is one statement ({@link #takeInOneText}): it locks a free slot and a
 * free permit, skipping locked ones, and updates both only if it found both. On H2 it is the same
 * reads and updates, one statement each, in one transaction.
 */
public final class QueueSlots {
  private static final Sql LOCK_QUEUE = Sql.of(
      "SELECT queue_name FROM durable_queues WHERE queue_name = :queue FOR UPDATE");
  private static final Sql SLOT_NUMBERS = Sql.of(
      "SELECT slot FROM durable_queue_slots WHERE queue_name = :queue");
  private static final Sql INSERT_SLOT = Sql.of(
      "INSERT INTO durable_queue_slots (queue_name, slot) VALUES (:queue, :number)");
  private static final Sql DROP_SLOTS = Sql.of(
      "DELETE FROM durable_queue_slots WHERE queue_name = :queue AND slot >= :count");
  private static final Sql PERMIT_NUMBERS = Sql.of(
      "SELECT permit FROM durable_queue_permits WHERE queue_name = :queue");
  private static final Sql INSERT_PERMIT = Sql.of(
      "INSERT INTO durable_queue_permits (queue_name, permit, used_at)"
          + " VALUES (:queue, :number, :never)");
  private static final Sql DROP_PERMITS = Sql.of(
      "DELETE FROM durable_queue_permits WHERE queue_name = :queue AND permit >= :count");
  /** A free slot, or one whose holder's lease ended; skipping those another engine is taking. */
  private static final Sql FREE_SLOT = Sql.of(
      "SELECT slot FROM durable_queue_slots WHERE queue_name = :queue"
          + " AND (holder IS NULL OR lease_until < :now) ORDER BY slot LIMIT 1"
          + " FOR UPDATE SKIP LOCKED");
  private static final Sql COUNT_FREE = Sql.of(
      "SELECT COUNT(*) FROM durable_queue_slots WHERE queue_name = :queue"
          + " AND (holder IS NULL OR lease_until < :now)");
  private static final Sql HOLD = Sql.of(
      "UPDATE durable_queue_slots SET holder = :engine, held_by = :heldBy,"
          + " lease_until = :leaseUntil WHERE queue_name = :queue AND slot = :slot");
  /** A permit last used a period ago or earlier. */
  private static final Sql FREE_PERMIT = Sql.of(
      "SELECT permit FROM durable_queue_permits WHERE queue_name = :queue"
          + " AND used_at <= :since ORDER BY permit LIMIT 1 FOR UPDATE SKIP LOCKED");
  private static final Sql USE_PERMIT = Sql.of(
      "UPDATE durable_queue_permits SET used_at = :now WHERE queue_name = :queue"
          + " AND permit = :permit");
  private static final Sql OLDEST_USE = Sql.of(
      "SELECT MIN(used_at) FROM durable_queue_permits WHERE queue_name = :queue");
  private static final Sql RELEASE = Sql.of(
      "UPDATE durable_queue_slots SET holder = NULL, held_by = NULL, lease_until = NULL"
          + " WHERE queue_name = :queue AND slot = :slot AND held_by = :heldBy");
  private static final Sql RENEW = Sql.of(
      "UPDATE durable_queue_slots SET lease_until = :leaseUntil WHERE holder = :engine");
  /** A permit's use before any: free at once. */
  private static final Instant NEVER = Instant.parse("2000-01-01T00:00:00Z");

  /** {@link #takeInOneText}'s statements, by shape: with a concurrency limit (2), a rate (1). */
  private static final Map<Integer, Sql> TAKES = new ConcurrentHashMap<>();

  private final Transactions transactions;
  private final Dialect.Form form;

  QueueSlots(Transactions transactions, Dialect.Form form) {
    this.transactions = transactions;
    this.form = form;
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
        .int4("count", queue.concurrency()).instant("never", NEVER);
    transactions.inTransaction("make the slots of queue " + queue.name(), connection -> {
      LOCK_QUEUE.first(connection, values, rows -> rows.getString(1));
      fill(connection, values, SLOT_NUMBERS, INSERT_SLOT, queue.concurrency());
      DROP_SLOTS.update(connection, values);
      fill(connection, values, PERMIT_NUMBERS, INSERT_PERMIT, queue.ratePermits());
      DROP_PERMITS.update(connection, values.int4("count", queue.ratePermits()));
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

  /** What a take got: a slot (-1 where the queue has no concurrency limit), or when to retry. */
  public record Take(boolean taken, int slot, Optional<Instant> retryAt) {
    static Take full() {
      return new Take(false, -1, Optional.empty());
    }
  }

  /**
   * Takes a slot of {@code queue} for {@code heldBy} (an attempt), leased to {@code engineId}
   * until {@code leaseUntil}, and a rate permit stamped {@code now}, in one transaction: both or
   * neither.
   *
   * @return the slot taken; or, if none is free, not taken, with when the rate limit next frees a
   *     permit if that is what it waits for
   */
  public Take take(Queue queue, String engineId, String heldBy, Instant now,
      Instant leaseUntil) {
    Values values = new Values().string("queue", queue.name()).string("engine", engineId)
        .string("heldBy", heldBy).instant("now", now).instant("leaseUntil", leaseUntil);
    queue.ratePeriod().ifPresent(period -> values.instant("since", now.minus(period)));
    if (form == Dialect.Form.ONE_TEXT) {
      return transactions.autocommit("take a slot of queue " + queue.name(),
          connection -> takeInOneText(connection, queue, values));
    }
    return transactions.inTransaction("take a slot of queue " + queue.name(), connection -> {
      int slot = -1;
      if (queue.concurrency() > 0) {
        Optional<Integer> free = FREE_SLOT.first(connection, values, rows -> rows.getInt(1));
        if (free.isEmpty()) {
          return Take.full();
        }
        slot = free.get();
      }
      if (queue.ratePeriod().isPresent()) {
        Optional<Integer> permit = FREE_PERMIT.first(connection, values, rows -> rows.getInt(1));
        if (permit.isEmpty()) {
          Optional<Instant> oldest = OLDEST_USE.first(connection, values,
              rows -> Rows.instant(rows, 1));
          return new Take(false, -1, oldest.map(at -> at.plus(queue.ratePeriod().get())));
        }
        USE_PERMIT.update(connection, values.int4("permit", permit.get()));
      }
      if (slot >= 0) {
        HOLD.update(connection, values.int4("slot", slot));
      }
      return new Take(true, slot, Optional.empty());
    });
  }

  /**
   * A take in one statement: the free slot and the free permit each locked {@code FOR UPDATE
   * SKIP LOCKED}, each updated only if the other was found; it reads whether a permit was free,
   * and the oldest permit's use from before the statement, for when the rate limit frees one.
   */
  private static Take takeInOneText(Connection connection, Queue queue, Values values)
      throws SQLException {
    boolean slots = queue.concurrency() > 0;
    boolean rate = queue.ratePeriod().isPresent();
    Sql take = TAKES.computeIfAbsent((slots ? 2 : 0) + (rate ? 1 : 0), shape -> {
      List<String> parts = new ArrayList<>();
      if (slots) {
        parts.add("s AS (" + FREE_SLOT.named() + ")");
      }
      if (rate) {
        parts.add("p AS (" + FREE_PERMIT.named() + ")");
      }
      if (slots) {
        parts.add("held AS (UPDATE durable_queue_slots t SET holder = :engine,"
            + " held_by = :heldBy, lease_until = :leaseUntil FROM s WHERE t.queue_name = :queue"
            + " AND t.slot = s.slot" + (rate ? " AND EXISTS (SELECT 1 FROM p)" : "")
            + " RETURNING t.slot)");
      }
      if (rate) {
        parts.add("used AS (UPDATE durable_queue_permits t SET used_at = :now FROM p"
            + " WHERE t.queue_name = :queue AND t.permit = p.permit"
            + (slots ? " AND EXISTS (SELECT 1 FROM s)" : "") + " RETURNING t.permit)");
      }
      return Sql.of("WITH " + String.join(", ", parts) + " SELECT "
          + (slots ? "(SELECT slot FROM held)" : "-1") + ", "
          + (rate ? "(SELECT COUNT(*) FROM p), (" + OLDEST_USE.named() + ")" : "1, NULL"));
    });
    return take.first(connection, values, rows -> {
      int slot = rows.getInt(1);
      boolean slotTaken = !rows.wasNull();
      boolean permitFree = rows.getInt(2) > 0;
      if (!permitFree) {
        return new Take(false, -1, Optional.ofNullable(Rows.instant(rows, 3))
            .map(at -> at.plus(queue.ratePeriod().get())));
      }
      return slotTaken ? new Take(true, slot, Optional.empty()) : Take.full();
    }).orElseThrow();
  }

  /** How many slots of {@code queue} are free at {@code now}, their leases ended included. */
  public int free(String queue, Instant now) {
    Values values = new Values().string("queue", queue).instant("now", now);
    return transactions.autocommit("count the free slots of queue " + queue,
        connection -> COUNT_FREE.first(connection, values, rows -> rows.getInt(1)).orElse(0));
  }

  /** Gives back slot {@code slot} of {@code queue}, if {@code heldBy} still holds it. */
  public void release(String queue, int slot, String heldBy) {
    Values values = new Values().string("queue", queue).int4("slot", slot)
        .string("heldBy", heldBy);
    transactions.autocommit("release slot " + slot + " of queue " + queue,
        connection -> RELEASE.update(connection, values));
  }

  /** Extends the leases of the slots {@code engineId} holds to {@code leaseUntil}. */
  public void renew(String engineId, Instant leaseUntil) {
    Values values = new Values().string("engine", engineId).instant("leaseUntil", leaseUntil);
    transactions.autocommit("renew the slots of " + engineId,
        connection -> RENEW.update(connection, values));
  }
}
