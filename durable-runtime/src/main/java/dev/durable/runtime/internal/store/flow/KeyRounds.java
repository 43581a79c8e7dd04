package dev.durable.runtime.internal.store.flow;

import dev.durable.runtime.Queue;
import dev.durable.runtime.internal.store.sql.Round;
import dev.durable.runtime.internal.store.sql.Sql;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The rounds of an admission that read one partition key's runs ({@link QueuesTable#admit}), one
 * text each: the count of its admitted runs not ended, its admissions within the rate window,
 * its best candidates; each round holds those the queue's limits need, made once per shape.
 */
final class KeyRounds {
  /** Where the key is a value, and where it is NULL. */
  final Statements keyed;
  final Statements unkeyed;
  /** The rounds, by shape. */
  private final Map<Integer, Round.Statements> rounds = new ConcurrentHashMap<>();

  /** The statements that read one key's runs: where the key is a value, or NULL. */
  record Statements(Sql unfinished, Sql unfinishedBy, Sql window, Sql candidates) {
    static Statements of(String runs, String key) {
      String unfinished = "SELECT COUNT(*) FROM " + runs + " WHERE queue_name = :queue"
          + " AND status = '";
      String ofKey = "' AND " + key;
      String admittedBy = "SELECT admitted_by FROM " + runs + " WHERE queue_name = :queue"
          + " AND status = '";
      return new Statements(
          // one equality per state, each a range of the index, added up
          Sql.of("SELECT (" + unfinished + "PENDING" + ofKey + ") + ("
              + unfinished + "RUNNING" + ofKey + ") + ("
              + unfinished + "SLEEPING" + ofKey + ")"),
          // the same by the engine that admitted them, where engines share the queue
          Sql.of("SELECT admitted_by, COUNT(*) FROM (" + admittedBy + "PENDING" + ofKey
              + " UNION ALL " + admittedBy + "RUNNING" + ofKey
              + " UNION ALL " + admittedBy + "SLEEPING" + ofKey + ") unfinished"
              + " GROUP BY admitted_by"),
          Sql.of("SELECT COUNT(*), MIN(admitted_at) FROM " + runs + " WHERE queue_name = :queue"
              + " AND " + key + " AND admitted_at > :since"),
          Sql.of("SELECT run_id FROM " + runs + " WHERE queue_name = :queue"
              + " AND status = 'ENQUEUED' AND " + key + " AND (wake_at IS NULL OR wake_at <= :now)"
              + " ORDER BY queue_name, status, partition_key, priority, created_at LIMIT :limit"));
    }
  }

  /** @param runs the runs' table, in its schema */
  KeyRounds(String runs) {
    keyed = Statements.of(runs, "partition_key = :key");
    unkeyed = Statements.of(runs, "partition_key IS NULL");
  }

  /**
   * A key's round: the count of its admitted runs not ended where the queue limits them (by the
   * engine that admitted them where it is {@code shared}), its admissions within the rate window
   * where it has one, and its best candidates.
   */
  Round.Statements of(boolean keyed, Queue queue, boolean shared) {
    boolean concurrency = queue.concurrency() > 0;
    boolean rate = queue.ratePeriod().isPresent();
    return rounds.computeIfAbsent((shared ? 8 : 0) + (keyed ? 4 : 0) + (concurrency ? 2 : 0)
        + (rate ? 1 : 0), shape -> {
          Statements statements = keyed ? this.keyed : unkeyed;
          List<Sql> parts = new ArrayList<>();
          if (concurrency) {
            parts.add(shared ? statements.unfinishedBy() : statements.unfinished());
          }
          if (rate) {
            parts.add(statements.window());
          }
          parts.add(statements.candidates());
          return Round.Statements.of(parts.toArray(Sql[]::new));
        });
  }
}
