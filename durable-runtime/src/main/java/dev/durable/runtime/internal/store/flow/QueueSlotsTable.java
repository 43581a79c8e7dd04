package dev.durable.runtime.internal.store.flow;

import dev.durable.runtime.internal.store.sql.Schema;
import dev.durable.runtime.internal.store.sql.Sql;
import java.time.Instant;

/**
 * The catalogue of the slots and rate permits of step attempts' queues ({@code
 * durable_queue_slots}, {@code durable_queue_permits}, V20), built once per store with its schema
 * ({@link QueueSlots}). A take reads a free slot and a free permit, each {@code FOR UPDATE SKIP
 * LOCKED}, and updates both: in one statement on PostgreSQL, which each dialect writes from these
 * ({@code Dialect#takeSlot}). Each read locks the one row it returns, and no other: an attempt
 * taking a slot or a permit at the same time takes another that is free.
 */
public final class QueueSlotsTable {
  static final String SLOTS_NAME = "durable_queue_slots";
  static final String PERMITS_NAME = "durable_queue_permits";
  /** A permit's use before any: free at once. */
  static final Instant NEVER = Instant.parse("2000-01-01T00:00:00Z");

  public final String slots;
  public final String permits;
  final Sql lockQueue;
  final Sql slotNumbers;
  final Sql insertSlot;
  final Sql dropSlots;
  final Sql permitNumbers;
  final Sql insertPermit;
  final Sql dropPermits;
  /** A free slot, or one whose holder's lease ended; skipping those another engine is taking. */
  public final Sql freeSlot;
  /**
   * The same without {@code ORDER BY}, for H2: H2 sorts a query's rows only after it has read, and
   * locked, every row that qualifies, so that {@link #freeSlot} there locks every free slot and a
   * take at the same time finds none. Unordered, H2 locks the rows as it reads them (through the
   * key, in slot order) and stops at the first it could lock.
   */
  public final Sql anyFreeSlot;
  final Sql countFree;
  public final Sql hold;
  /** A permit last used a period ago or earlier. */
  public final Sql freePermit;
  /** The same without {@code ORDER BY}, for H2, which then locks that permit alone. */
  public final Sql anyFreePermit;
  public final Sql usePermit;
  public final Sql oldestUse;
  final Sql release;
  final Sql renew;
  /** The queues paused now ({@code engine.pauseQueue}). */
  final Sql paused;

  public QueueSlotsTable(Schema schema) {
    slots = schema.table(SLOTS_NAME);
    permits = schema.table(PERMITS_NAME);
    paused = Sql.of("SELECT queue_name FROM " + schema.table(QueuesTable.NAME)
        + " WHERE paused = TRUE");
    lockQueue = Sql.of("SELECT queue_name FROM " + schema.table(QueuesTable.NAME)
        + " WHERE queue_name = :queue FOR UPDATE");
    slotNumbers = Sql.of("SELECT slot FROM " + slots + " WHERE queue_name = :queue");
    insertSlot = Sql.of("INSERT INTO " + slots + " (queue_name, slot) VALUES (:queue, :number)");
    dropSlots = Sql.of(
        "DELETE FROM " + slots + " WHERE queue_name = :queue AND slot >= :count");
    permitNumbers = Sql.of("SELECT permit FROM " + permits + " WHERE queue_name = :queue");
    insertPermit = Sql.of("INSERT INTO " + permits + " (queue_name, permit, used_at)"
        + " VALUES (:queue, :number, :never)");
    dropPermits = Sql.of(
        "DELETE FROM " + permits + " WHERE queue_name = :queue AND permit >= :count");
    // a paused queue has no free slot: a step attempt waits for one as for a full queue
    String free = "SELECT slot FROM " + slots + " WHERE queue_name = :queue"
        + " AND (holder IS NULL OR lease_until < :now) AND NOT EXISTS (SELECT 1 FROM "
        + schema.table(QueuesTable.NAME) + " q WHERE q.queue_name = :queue AND q.paused)";
    freeSlot = Sql.of(free + " ORDER BY slot LIMIT 1 FOR UPDATE SKIP LOCKED");
    anyFreeSlot = Sql.of(free + " LIMIT 1 FOR UPDATE SKIP LOCKED");
    countFree = Sql.of("SELECT COUNT(*) FROM " + slots + " WHERE queue_name = :queue"
        + " AND (holder IS NULL OR lease_until < :now)");
    hold = Sql.of("UPDATE " + slots + " SET holder = :engine, held_by = :heldBy,"
        + " lease_until = :leaseUntil WHERE queue_name = :queue AND slot = :slot");
    String usable = "SELECT permit FROM " + permits + " WHERE queue_name = :queue"
        + " AND used_at <= :since";
    freePermit = Sql.of(usable + " ORDER BY permit LIMIT 1 FOR UPDATE SKIP LOCKED");
    anyFreePermit = Sql.of(usable + " LIMIT 1 FOR UPDATE SKIP LOCKED");
    usePermit = Sql.of("UPDATE " + permits + " SET used_at = :now WHERE queue_name = :queue"
        + " AND permit = :permit");
    oldestUse = Sql.of("SELECT MIN(used_at) FROM " + permits + " WHERE queue_name = :queue");
    release = Sql.of("UPDATE " + slots + " SET holder = NULL, held_by = NULL,"
        + " lease_until = NULL WHERE queue_name = :queue AND slot = :slot AND held_by = :heldBy");
    renew = Sql.of("UPDATE " + slots + " SET lease_until = :leaseUntil WHERE holder = :engine");
  }
}
