package dev.durable.runtime.internal.store.flow;

import dev.durable.runtime.Queue;
import dev.durable.runtime.internal.model.EventType;
import dev.durable.runtime.internal.store.run.EventsTable;
import dev.durable.runtime.internal.store.run.RunsTable;
import dev.durable.runtime.internal.store.sql.Dialect;
import dev.durable.runtime.internal.store.sql.Round;
import dev.durable.runtime.internal.store.sql.Rows;
import dev.durable.runtime.internal.store.sql.Schema;
import dev.durable.runtime.internal.store.sql.Sql;
import dev.durable.runtime.internal.store.sql.SqlErrors;
import dev.durable.runtime.internal.store.sql.Transactions;
import dev.durable.runtime.internal.store.sql.Values;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * The catalogue of {@code durable_queues} and the admission of queued runs (V18): each engine
 * stores the declaration of the queues it serves ({@link #declare}), and admits their {@code
 * ENQUEUED} runs under the queue row's lock ({@link #admit}).
 *
 * <p>Admission, in the caller's transaction: the queue's row is locked {@code FOR UPDATE SKIP
 * LOCKED}, so that one engine at a time admits a queue's runs and the others skip it for this
 * poll instead of waiting. Then, per partition key (runs without one form one group), the runs
 * admitted and not ended are counted, and the admissions within the rate limit's window, and the
 * best candidates (lowest priority, then the oldest; their delay passed) become {@code PENDING},
 * due now, {@code admitted_at} now, up to what the limits leave free. The keys with candidates
 * are found through {@code durable_runs_queue} one at a time (the next key above the last: a loose
 * index scan), not by reading every queued run.
 */
public final class QueuesTable {
  static final String NAME = "durable_queues";
  /** The most runs one admission makes due per key, and the most keys it visits. */
  static final int BATCH = 256;
  static final int MAX_KEYS = 64;

  private final EventsTable events;
  /** The engines serving each queue, whose live ones the admission's opening round reads. */
  final QueueEngines engines;
  private final Sql insert;
  private final Sql selectLocked;
  private final Sql update;
  private final Sql lock;
  /** Pauses or resumes a queue: {@code :paused}; changes nothing if it already is. */
  private final Sql setPaused;
  private final Sql selectPaused;
  final Sql leasedBy;
  /**
   * The next partition key above {@code :after} with queued runs: the order is the index's (its
   * leading columns fixed by equalities), so that H2 too walks it and stops at the first row. The
   * first key is the next above '' (a key is never empty): a range that skips the runs with no key,
   * which {@code IS NOT NULL} would have H2 read through.
   */
  final Sql nextKey;
  /**
   * Whether runs with no key wait. In the index's order, so that the planner walks the index's
   * range: left to choose, PostgreSQL read the whole table for a queue with many ended runs that
   * had no key, expecting the first row to come soon.
   */
  final Sql anyUnkeyed;
  final KeyRounds keyRounds;
  /**
   * The first round of an admission: the queue's lock, the runs of the queue this engine holds
   * leased, whether runs with no key wait, the first key above the cursor with runs waiting, and
   * the engines serving the queue now ({@link QueueEngines}).
   */
  private final Round.Statements opening;
  private final Sql admit;

  public QueuesTable(Schema schema, EventsTable events) {
    this.events = events;
    this.engines = new QueueEngines(schema);
    String table = schema.table(NAME);
    String runs = schema.table(RunsTable.NAME);
    insert = Sql.of("INSERT INTO " + table + " (queue_name, declaration, declared_by, updated_at)"
        + " VALUES (:queue, :declaration, :engine, :now)");
    selectLocked = Sql.of("SELECT declaration, declared_by FROM " + table
        + " WHERE queue_name = :queue FOR UPDATE");
    update = Sql.of("UPDATE " + table + " SET declaration = :declaration,"
        + " declared_by = :engine, updated_at = :now WHERE queue_name = :queue");
    // a paused queue is locked and left as it is: nothing is admitted, and, not being busy, the
    // engines look again at their next poll, not sooner
    lock = Sql.of("SELECT paused FROM " + table
        + " WHERE queue_name = :queue FOR UPDATE SKIP LOCKED");
    setPaused = Sql.of("UPDATE " + table + " SET paused = :paused, updated_at = :now"
        + " WHERE queue_name = :queue AND paused <> :paused");
    selectPaused = Sql.of("SELECT paused FROM " + table + " WHERE queue_name = :queue");
    leasedBy = Sql.of("SELECT COUNT(*) FROM " + runs + " WHERE queue_name = :queue"
        + " AND status = 'RUNNING' AND lease_owner = :engine");
    nextKey = Sql.of("SELECT partition_key FROM " + runs + " WHERE queue_name = :queue"
        + " AND status = 'ENQUEUED' AND partition_key > :after"
        + " ORDER BY queue_name, status, partition_key LIMIT 1");
    anyUnkeyed = Sql.of("SELECT run_id FROM " + runs + " WHERE queue_name = :queue"
        + " AND status = 'ENQUEUED' AND partition_key IS NULL"
        + " ORDER BY queue_name, status, partition_key, priority, created_at LIMIT 1");
    keyRounds = new KeyRounds(runs);
    opening = Round.Statements.of(lock, leasedBy, anyUnkeyed, nextKey, engines.live);
    admit = Sql.of("UPDATE " + runs + " SET status = 'PENDING', due_at = :at, admitted_at = :at,"
        + " admitted_by = :admittedBy, wake_at = NULL, updated_at = :at"
        + " WHERE run_id = :runId AND status = 'ENQUEUED'");
  }

  /**
   * Pauses ({@code paused}) or resumes queue {@code queue}: whether that changed it; empty if no
   * engine declared it.
   */
  Optional<Boolean> pause(Connection connection, String queue, boolean paused, Instant now)
      throws SQLException {
    Values values = new Values().string("queue", queue).bool("paused", paused).instant("now", now);
    if (setPaused.update(connection, values) == 1) {
      return Optional.of(true);
    }
    return selectPaused.first(connection, values, rows -> false);
  }

  /** A declaration stored by another engine, or differently. */
  record Declared(String declaration, String declaredBy) {}

  /**
   * Stores {@code queue}'s declaration as {@code engineId}'s; returns the one it replaced if that
   * differed.
   */
  Optional<Declared> declare(
      Transactions transactions, Queue queue, String engineId, Instant now) {
    Values values = new Values().string("queue", queue.name())
        .string("declaration", queue.toString()).string("engine", engineId).instant("now", now);
    boolean inserted = transactions.autocommit("declare " + queue, connection -> {
      try {
        return insert.update(connection, values) > 0;
      } catch (SQLException e) {
        if (SqlErrors.isUniqueViolation(e)) {
          return false;
        }
        throw e;
      }
    });
    if (inserted) {
      return Optional.empty();
    }
    return transactions.inTransaction("declare " + queue, connection -> {
      Optional<Declared> stored = selectLocked.first(connection, values,
          rows -> new Declared(rows.getString(1), rows.getString(2)));
      update.update(connection, values);
      return stored.filter(d -> !d.declaration().equals(queue.toString()));
    });
  }

  /**
   * What an admission did; {@code forOthers}: how many of the runs admitted it gave to the other
   * engines serving the queue, as their part; {@code idle}: the queue had no queued run; {@code
   * full}: runs wait and the queue's concurrency leaves no room for any, at every key; {@code
   * busy}: it did nothing, as another engine was admitting the queue's runs.
   */
  record Admission(int admitted, int forOthers, Instant nextAt, boolean more, boolean idle,
      boolean full, boolean busy) {
    static final Admission BUSY = new Admission(0, 0, null, false, false, false, true);
    static final Admission PAUSED = new Admission(0, 0, null, false, false, false, false);
  }

  /**
   * Admits the queued runs of {@code queue} that its limits leave room for, in the caller's
   * transaction; nothing if another engine is admitting them right now. In one text, the lock and
   * the first reads are one round trip, and each key's counts and candidates another.
   *
   * @param clock the engine's; read before the lock (the window's start and the delays: earlier
   *     is the safe side) and again after each key's counts, to stamp its admissions, so that an
   *     admission is never stamped before the end of a run whose slot it took
   * @param cursor where among the partition keys the last admission of the queue stopped, moved
   *     on by this one
   * @param liveness how recently an engine must have been seen serving the queue to be given a
   *     share of its concurrency
   * @param takesHere how many runs this engine claims right after: where engines share the queue,
   *     it gives itself no more than that, and the rest of the room to the others
   * @return how many were admitted, and how many of them for the other engines; when the rate
   *     limit next frees a permit, if runs wait for it (null if none do); whether keys were left
   *     unvisited; whether the queue had no queued run, or no room left at any key with runs
   *     queued
   */
  Admission admit(Connection connection, Dialect dialect, Queue queue, String engineId,
      Supplier<Instant> clock, Cursor cursor, Duration liveness, int takesHere)
      throws SQLException {
    Instant now = clock.get();
    Values values = new Values().string("queue", queue.name()).string("engine", engineId)
        .instant("now", now).instant("liveSince", now.minus(liveness))
        .string("after", dialect.keyAbove(cursor.after == null ? "" : cursor.after));
    queue.ratePeriod().ifPresent(period -> values.instant("since", now.minus(period)));
    int engineRoom = Integer.MAX_VALUE;
    List<String> keys = new ArrayList<>();
    List<QueueEngines.Server> servers;
    String after = cursor.after;
    try (Round opening = dialect.send(connection, this.opening, values)) {
      try (ResultSet locked = opening.rows()) {
        if (!locked.next()) {
          return Admission.BUSY; // another engine is admitting this queue's runs
        }
        if (locked.getBoolean(1)) {
          return Admission.PAUSED;
        }
      }
      try (ResultSet leased = opening.rows()) {
        leased.next();
        if (queue.perEngine() > 0) {
          engineRoom = queue.perEngine() - leased.getInt(1);
        }
      }
      try (ResultSet unkeyed = opening.rows()) {
        if (unkeyed.next() && cursor.after == null) {
          keys.add(null);
        }
      }
      try (ResultSet first = opening.rows()) {
        if (first.next()) {
          after = first.getString(1);
          keys.add(after);
        } else {
          after = null;
        }
      }
      try (ResultSet live = opening.rows()) {
        servers = QueueEngines.servers(live);
      }
    }
    // shares only where the queue bounds its runs at once and other engines serve it too
    boolean shared = queue.concurrency() > 0
        && servers.stream().anyMatch(server -> !server.engineId().equals(engineId));
    // the further keys, each the next above the last: a loose scan of the index
    while (after != null && keys.size() < MAX_KEYS) {
      Optional<String> next = nextKey.first(connection,
          values.string("after", dialect.keyAbove(after)), rows -> rows.getString(1));
      if (next.isEmpty()) {
        after = null;
      } else {
        after = next.get();
        keys.add(after);
      }
    }
    boolean more = after != null && keys.size() == MAX_KEYS;
    cursor.after = more ? after : null;
    int admitted = 0;
    int forOthers = 0;
    boolean full = queue.concurrency() > 0 && !keys.isEmpty() && !more;
    Map<String, Instant> given = new HashMap<>();
    Instant nextAt = null;
    for (String key : keys) {
      if (engineRoom <= 0) {
        full = false; // keys left unvisited
        break;
      }
      values.string("key", key);
      int bound = Math.min(engineRoom, BATCH);
      if (queue.concurrency() > 0) {
        bound = Math.min(bound, queue.concurrency());
      }
      if (queue.ratePeriod().isPresent()) {
        bound = Math.min(bound, queue.ratePermits());
      }
      values.int4("limit", bound + 1); // one more: whether runs are left waiting
      int room = bound;
      int concurrencyRoom = Integer.MAX_VALUE;
      int ratePermits = Integer.MAX_VALUE;
      Instant oldestInWindow = null;
      List<String> candidates = new ArrayList<>();
      Map<String, Integer> held = new HashMap<>();
      Round.Statements reads = keyRounds.of(key != null, queue, shared);
      try (Round round = dialect.send(connection, reads, values)) {
        if (queue.concurrency() > 0) {
          try (ResultSet unfinished = round.rows()) {
            int all = 0;
            while (unfinished.next()) {
              int count = unfinished.getInt(shared ? 2 : 1);
              all += count;
              if (shared && unfinished.getString(1) != null) {
                held.merge(unfinished.getString(1), count, Integer::sum);
              }
            }
            concurrencyRoom = queue.concurrency() - all;
            room = Math.min(room, concurrencyRoom);
          }
        }
        if (queue.ratePeriod().isPresent()) {
          try (ResultSet window = round.rows()) {
            window.next();
            ratePermits = queue.ratePermits() - window.getInt(1);
            oldestInWindow = Rows.instant(window, 2);
            room = Math.min(room, ratePermits);
          }
        }
        try (ResultSet rows = round.rows()) {
          while (rows.next()) {
            candidates.add(rows.getString(1));
          }
        }
      }
      Instant at = clock.get();
      int take = Math.min(room, candidates.size());
      List<String> owners = Collections.nCopies(take, engineId);
      if (shared && take > 0) {
        int selfRoom = Math.max(0, takesHere - (admitted - forOthers));
        owners = QueueEngines.split(take, servers, held, engineId, selfRoom);
        take = owners.size();
      }
      full &= concurrencyRoom - take <= 0;
      if (take > 0) {
        List<String> ownersAdmitted =
            admitRuns(connection, queue, key, engineId, candidates.subList(0, take), owners,
                values, at);
        admitted += ownersAdmitted.size();
        for (String owner : ownersAdmitted) {
          if (shared) {
            given.put(owner, at);
          }
          if (owner.equals(engineId)) {
            engineRoom--;
          } else {
            forOthers++;
          }
        }
      }
      if (candidates.size() > Math.max(room, 0) && room == ratePermits) {
        // runs wait for the rate limit alone: look again when its window frees a permit
        Instant oldest = oldestInWindow == null ? at : oldestInWindow;
        nextAt = earliest(nextAt, oldest.plus(queue.ratePeriod().get()));
      }
    }
    engines.stamp(connection, queue.name(), given);
    return new Admission(admitted, forOthers, nextAt, more, keys.isEmpty(), full, false);
  }

  /**
   * Makes {@code chosen} due now, stamped {@code at} and each given to the engine at the same
   * place in {@code owners}, in one batch (one round trip on PostgreSQL), and logs their
   * admission; a run cancelled meanwhile is left as it is.
   *
   * @return the engines of the runs admitted
   */
  private List<String> admitRuns(Connection connection, Queue queue, String key, String engineId,
      List<String> chosen, List<String> owners, Values values, Instant at) throws SQLException {
    values.instant("at", at);
    int[] counts;
    try (PreparedStatement batch = connection.prepareStatement(admit.text())) {
      for (int i = 0; i < chosen.size(); i++) {
        admit.bind(batch,
            values.string("runId", chosen.get(i)).string("admittedBy", owners.get(i)));
        batch.addBatch();
      }
      counts = batch.executeBatch();
    }
    List<EventsTable.Entry> admitted = new ArrayList<>();
    List<String> ownersAdmitted = new ArrayList<>();
    String where = "queue " + queue.name() + (key == null ? "" : ", partition key " + key);
    for (int i = 0; i < chosen.size(); i++) {
      if (counts[i] > 0) {
        String owner = owners.get(i);
        ownersAdmitted.add(owner);
        admitted.add(new EventsTable.Entry(chosen.get(i), EventType.RUN_ADMITTED.run(
            owner.equals(engineId) ? where : where + ", for engine " + owner, at)));
      }
    }
    events.append(connection, admitted);
    return ownersAdmitted;
  }

  /** Where an engine's admission of one queue goes on among its partition keys. */
  static final class Cursor {
    private String after;
    /** Held by the one admission of the queue under way in this engine. */
    final ReentrantLock lock = new ReentrantLock();
  }

  private static Instant earliest(Instant a, Instant b) {
    return a == null || b.isBefore(a) ? b : a;
  }
}
