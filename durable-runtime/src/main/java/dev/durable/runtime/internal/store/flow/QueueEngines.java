package dev.durable.runtime.internal.store.flow;

import dev.durable.runtime.internal.store.sql.Rows;
import dev.durable.runtime.internal.store.sql.Schema;
import dev.durable.runtime.internal.store.sql.Sql;
import dev.durable.runtime.internal.store.sql.SqlErrors;
import dev.durable.runtime.internal.store.sql.Values;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;

/**
 * The engines serving each queue of runs now ({@code durable_queue_engines}, V30), and the fair
 * part of a queue's free room that each is given ({@link #mine}).
 *
 * <p>Without shares, the engine whose run of a queue ends admits the next at once and claims it
 * in the same poll, before another engine has even heard of the free slot: with a queue's
 * concurrency as the bound, one engine kept nearly every run. With them, where a queue limits its
 * concurrency and more than one engine serves it, an admission gives each free slot to the live
 * engine holding the fewest of the queue's runs (those it admitted and not ended), ties to the
 * one whose last admission is the oldest; it admits those that fell to it and leaves the others'
 * to them, waking them ({@code Announcements#queueHasRoom}). Admissions of a queue are serial
 * under its row's lock, so every engine computes the same split from the same rows, and none
 * hands a slot back to the one that handed it over. A run admitted is still claimed by any
 * engine: one that has no free execution slot for it does not hold it back.
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

  /** Stamps {@code values}' engine's last admission of {@code values}' queue {@code at}. */
  void stamp(Connection connection, Values values, Instant at) throws SQLException {
    stamp.update(connection, values.instant("at", at));
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
   * How many of {@code room} free slots fall to {@code self}: each slot in turn to the engine of
   * {@code servers} holding the fewest runs ({@code held}, by engine; engines gone count toward
   * the queue's limit, not here), ties to the one whose last admission is the oldest (never
   * first), then by id. {@code self} is among the servers even if its row went stale.
   */
  static int mine(int room, List<Server> servers, Map<String, Integer> held, String self) {
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
    int mine = 0;
    for (int slot = 0; slot < room; slot++) {
      Place next = places.poll();
      if (next.engineId().equals(self)) {
        mine++;
      }
      // given a slot now: after every engine stamped before, in the order given
      places.add(new Place(next.engineId(), next.held() + 1, Long.MAX_VALUE - room + slot));
    }
    return mine;
  }

  private static long nanos(Instant at) {
    return Math.addExact(Math.multiplyExact(at.getEpochSecond(), 1_000_000_000L), at.getNano());
  }
}
