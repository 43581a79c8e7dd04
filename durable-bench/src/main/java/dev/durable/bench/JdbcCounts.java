package dev.durable.bench;

import java.util.Map;
import java.util.TreeMap;

/**
 * What a {@link CountingDataSource} counted up to one moment.
 *
 * @param roundTrips statement executions; a JDBC batch is one
 * @param commits committed transactions: {@code commit()} calls, plus statements run in
 *     auto-commit mode
 * @param writeCommits the commits of transactions that wrote something (each one a durable flush)
 * @param rollbacks {@code rollback()} calls
 * @param byStatement round trips per statement, by {@link StatementLabel}
 * @param byThread round trips per statement and kind of thread: {@code label @ thread}, the
 *     thread's name without its numbers ({@code durable-run-#}, {@code durable-timers})
 */
record JdbcCounts(
    long roundTrips, long commits, long writeCommits, long rollbacks,
    Map<String, Long> byStatement, Map<String, Long> byThread) {

  /** What was counted between {@code earlier} and this. */
  JdbcCounts minus(JdbcCounts earlier) {
    return new JdbcCounts(
        roundTrips - earlier.roundTrips, commits - earlier.commits,
        writeCommits - earlier.writeCommits, rollbacks - earlier.rollbacks,
        minus(byStatement, earlier.byStatement), minus(byThread, earlier.byThread));
  }

  private static Map<String, Long> minus(Map<String, Long> later, Map<String, Long> earlier) {
    Map<String, Long> delta = new TreeMap<>();
    later.forEach((key, count) -> {
      long d = count - earlier.getOrDefault(key, 0L);
      if (d != 0) {
        delta.put(key, d);
      }
    });
    return delta;
  }
}
