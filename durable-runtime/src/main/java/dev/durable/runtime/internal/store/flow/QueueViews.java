package dev.durable.runtime.internal.store.flow;

import dev.durable.runtime.internal.model.QueueRow;
import dev.durable.runtime.internal.store.run.RunsTable;
import dev.durable.runtime.internal.store.sql.Rows;
import dev.durable.runtime.internal.store.sql.Schema;
import dev.durable.runtime.internal.store.sql.Sql;
import dev.durable.runtime.internal.store.sql.Values;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The operators' read of the queues of runs: every queue declared in {@code durable_queues} and
 * every queue name runs were started with, each with its depth and its runs admitted; and one
 * queue's depth, which triggers read for their back-pressure. Not on the engine's path. Each read
 * is a range of {@code durable_runs_queue} (queue_name, status, ...).
 */
final class QueueViews {
  /** The most queue names read from the runs: a bound on an operator's page, not a limit. */
  static final int MAX_QUEUES = 1000;

  private final Sql selectDeclared;
  /**
   * The next queue name above {@code :after} that runs were started with: the index's first
   * column in its order, so that both databases walk it and stop at the first row (a loose index
   * scan, one row per queue, however many runs each holds).
   */
  private final Sql nextQueue;
  /** Depth, oldest waiting and admitted runs not ended: one equality range per state. */
  private final Sql counts;
  /** The depth alone: what a trigger's back-pressure reads. */
  private final Sql depth;

  QueueViews(Schema schema) {
    String runs = schema.table(RunsTable.NAME);
    selectDeclared = Sql.of("SELECT queue_name, declaration, declared_by, paused FROM "
        + schema.table(QueuesTable.NAME) + " ORDER BY queue_name");
    nextQueue = Sql.of("SELECT queue_name FROM " + runs + " WHERE queue_name > :after"
        + " ORDER BY queue_name LIMIT 1");
    String ofQueue = " FROM " + runs + " WHERE queue_name = :queue AND status = ";
    counts = Sql.of("SELECT (SELECT COUNT(*)" + ofQueue + "'ENQUEUED'),"
        + " (SELECT MIN(created_at)" + ofQueue + "'ENQUEUED'),"
        + " (SELECT COUNT(*)" + ofQueue + "'PENDING')"
        + " + (SELECT COUNT(*)" + ofQueue + "'RUNNING')"
        + " + (SELECT COUNT(*)" + ofQueue + "'SLEEPING')");
    depth = Sql.of("SELECT COUNT(*)" + ofQueue + "'ENQUEUED'");
  }

  /** How many runs of {@code queue} are {@code ENQUEUED}. */
  long depth(Connection connection, String queue) throws SQLException {
    return depth.first(connection, new Values().string("queue", queue), rows -> rows.getLong(1))
        .orElse(0L);
  }

  /** Every queue, by name. */
  List<QueueRow> all(Connection connection) throws SQLException {
    Map<String, String[]> declared = new TreeMap<>();
    for (String[] row : selectDeclared.list(connection, new Values(),
        rows -> new String[] {rows.getString(1), rows.getString(2), rows.getString(3),
            rows.getBoolean(4) ? "paused" : null})) {
      declared.put(row[0], row);
    }
    Values values = new Values().string("after", "");
    String after = "";
    for (int i = 0; i < MAX_QUEUES; i++) {
      Optional<String> next = nextQueue.first(
          connection, values.string("after", after), rows -> rows.getString(1));
      if (next.isEmpty()) {
        break;
      }
      after = next.get();
      declared.putIfAbsent(after, new String[] {after, null, null, null});
    }
    List<QueueRow> queues = new ArrayList<>();
    for (String[] queue : declared.values()) {
      queues.add(counts.first(connection, values.string("queue", queue[0]),
          rows -> new QueueRow(queue[0], queue[1], queue[2], rows.getLong(1), rows.getLong(3),
              Rows.instant(rows, 2), queue[3] != null)).orElseThrow());
    }
    return queues;
  }
}
