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
 */
record JdbcCounts(
    long roundTrips, long commits, long writeCommits, long rollbacks,
    Map<String, Long> byStatement) {

  /** What was counted between {@code earlier} and this. */
  JdbcCounts minus(JdbcCounts earlier) {
    Map<String, Long> delta = new TreeMap<>();
    byStatement.forEach((label, count) -> {
      long d = count - earlier.byStatement.getOrDefault(label, 0L);
      if (d != 0) {
        delta.put(label, d);
      }
    });
    return new JdbcCounts(
        roundTrips - earlier.roundTrips, commits - earlier.commits,
        writeCommits - earlier.writeCommits, rollbacks - earlier.rollbacks, delta);
  }
}
