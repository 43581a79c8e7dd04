package dev.durable.runtime.internal.store.flow;

import dev.durable.runtime.internal.store.sql.Rows;
import dev.durable.runtime.internal.store.sql.Schema;
import dev.durable.runtime.internal.store.sql.Sql;
import dev.durable.runtime.internal.store.sql.SqlErrors;
import dev.durable.runtime.internal.store.sql.Values;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.TreeMap;

/**
 * The engines serving each queue of runs now ({@code durable_queue_engines}, V30), and whose
 * each of a queue's free slots is ({@link #split}).
 *
 * <p>Without shares, the engine whose run of a queue ends admits the next at once and claims it
 * in the same poll, before another engine has even heard of the free slot: with a queue's
 * concurrency as the bound, one engine kept nearly every run. With them, where a queue limits its
 * concurrency and more than one engine serves it, the engine admitting (one at a time, under the
 * queue row's lock) still admits every run the free room takes, but gives each to the live engine
 * holding the fewest of the queue's runs (those given to it and not ended), ties to the one whose
 * last admission is the oldest, and stamps the run with it ({@code admitted_by}). The claim leaves
 * a run so stamped to its engine for a moment ({@code RunLeases#ADMITTED_HOLD}), then to any: an
 * engine that died, or has no free execution slot, does not hold its runs back. The others are
 * woken as for any run made due. So one admission fills the whole room, whichever engine holds
 * the lock, and no engine waits for another's turn to admit its part.
 */
final class QueueEngines {
  static final String NAME = "durable_queue_engines";

  /** The engines serving {@code :queue} seen since {@code :liveSince}, with their last admission. */
  final Sql live;
  private final Sql touch;
  private final Sql insert;
  private final Sql leave;
  private final Sql forget;
  private final Sql stamp;

  QueueEngines(Schema schema) {
    String table = schema.table(NAME);
    live = Sql.of("SELECT engine_id, admitted_at FROM " + table
        + " WHERE queue_name = :queue AND seen_at > :liveSince ORDER BY engine_id");
    touch = Sql.of("UPDATE " + table + " SET seen_at = :now"
        + " WHERE queue_name = :queue AND engine_id = :engine");
    insert = Sql.of("INSERT INTO " + table + " (queue_name, engine_id, seen_at)"
        + " VALUES (:queue, :engine, :now)");
    leave = Sql.of("DELETE FROM " + table + " WHERE engine_id = :engine");
    forget = Sql.of("DELETE FROM " + table + " WHERE seen_at < :goneBefore");
    stamp = Sql.of("UPDATE " + table + " SET admitted_at = :at"
        + " WHERE queue_name = :queue AND engine_id = :engine");
  }

  /**
   * Marks {@code engineId} as serving each of {@code queues}, seen {@code now}; and forgets the
   * engines not seen since {@code goneBefore}, killed long ago, so that the rows of engines that
   * never closed do not pile up over the deploys.
   */
  void serve(Connection connection, Collection<String> queues, String engineId, Instant now,
      Instant goneBefore) throws SQLException {
    forget.update(connection, new Values().instant("goneBefore", goneBefore));
    for (String queue : queues) {
      Values values = new Values().string("queue", queue).string("engine", engineId)
          .instant("now", now);
      if (touch.update(connection, values) == 0) {
        try {
          insert.update(connection, values);
        } catch (SQLException e) {
          if (!SqlErrors.isUniqueViolation(e)) { // another renewal of this engine's inserted it
            throw e;
          }
        }
      }
    }
  }

  /** {@code engineId} serves no queue any more: its shares go to the others at once. */
  void leave(Connection connection, String engineId) throws SQLException {
    leave.update(connection, new Values().string("engine", engineId));
  }

  /** Stamps when each engine of {@code given} was last given a run of {@code queue}. */
  void stamp(Connection connection, String queue, Map<String, Instant> given)
      throws SQLException {
    if (given.isEmpty()) {
      return;
    }
    // one batch, one round trip on PostgreSQL, however many engines were given runs; in the
    // engines' order, so that two admissions lock their rows in the same order
    try (PreparedStatement batch = connection.prepareStatement(stamp.text())) {
      for (Map.Entry<String, Instant> engine : new TreeMap<>(given).entrySet()) {
        stamp.bind(batch, new Values().string("queue", queue).string("engine", engine.getKey())
            .instant("at", engine.getValue()));
        batch.addBatch();
      }
      batch.executeBatch();
    }
  }

  /** An engine serving a queue, and when it last admitted runs of it (null: never). */
  record Server(String engineId, Instant admittedAt) {}

  /** The rows of {@link #live}: the engines serving the queue now. */
  static List<Server> servers(ResultSet rows) throws SQLException {
    List<Server> servers = new ArrayList<>();
    while (rows.next()) {
      servers.add(new Server(rows.getString(1), Rows.instant(rows, 2)));
    }
    return servers;
  }

  /**
   * Whose each of {@code room} free slots is, in order: each slot in turn goes to the engine of
   * {@code servers} holding the fewest runs ({@code held}, by engine; engines gone count toward
   * the queue's limit, not here), ties to the one whose last admission is the oldest (never
   * first), then by id. {@code self}, the engine admitting, is among the servers even if its row
   * went stale, and is given at most {@code selfRoom} slots (as many as it claims right after):
   * an engine at its limit of runs in flight leaves its part to the others. Fewer than {@code
   * room} when no other engine is left to give slots to.
   */
  static List<String> split(int room, List<Server> servers, Map<String, Integer> held,
      String self, int selfRoom) {
    record Place(String engineId, int held, long order) {}
    PriorityQueue<Place> places = new PriorityQueue<>(Comparator.comparingInt(Place::held)
        .thenComparingLong(Place::order).thenComparing(Place::engineId));
    boolean selfServes = false;
    for (Server server : servers) {
      selfServes |= server.engineId().equals(self);
      places.add(new Place(server.engineId(), held.getOrDefault(server.engineId(), 0),
          server.admittedAt() == null ? Long.MIN_VALUE : nanos(server.admittedAt())));
    }
    if (!selfServes) {
      places.add(new Place(self, held.getOrDefault(self, 0), Long.MIN_VALUE));
    }
    List<String> owners = new ArrayList<>(room);
    int selfGiven = 0;
    for (int slot = 0; slot < room && !places.isEmpty(); slot++) {
      Place next = places.poll();
      if (next.engineId().equals(self) && ++selfGiven > selfRoom) {
        slot--; // full: the slot goes to the next engine, and self is given no more
        continue;
      }
      owners.add(next.engineId());
      // given a slot now: after every engine stamped before, in the order given
      places.add(new Place(next.engineId(), next.held() + 1, Long.MAX_VALUE - room + slot));
    }
    return owners;
  }

  private static long nanos(Instant at) {
    return Math.addExact(Math.multiplyExact(at.getEpochSecond(), 1_000_000_000L), at.getNano());
  }
}
