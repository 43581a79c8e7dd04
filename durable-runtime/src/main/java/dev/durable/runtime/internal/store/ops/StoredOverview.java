package dev.durable.runtime.internal.store.ops;

import dev.durable.runtime.Overview;
import dev.durable.runtime.RunState;
import dev.durable.runtime.internal.model.ListedRun;
import dev.durable.runtime.internal.model.RunRecord;
import dev.durable.runtime.internal.store.sql.Dialect;
import dev.durable.runtime.internal.store.sql.Sql;
import dev.durable.runtime.internal.store.sql.Transactions;
import dev.durable.runtime.internal.store.sql.Values;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The operators' overview of the runs ({@link OverviewTable}): counts per period of a window and
 * the runs waiting past their time. Not on the engine's path; each read is autocommitted on its
 * own, so the parts are each consistent, not one snapshot.
 */
public final class StoredOverview {
  private final Transactions transactions;
  private final OverviewTable table;
  private final Sql started;
  private final Sql ended;

  /** The counts per period are the dialect's statements: the two databases count differently. */
  public StoredOverview(Transactions transactions, OverviewTable table, Dialect dialect) {
    this.transactions = transactions;
    this.table = table;
    this.started = dialect.startedPerPeriod();
    this.ended = dialect.endedPerPeriod();
  }

  /**
   * A run waiting past its time and since when.
   *
   * @param run the run, as the run search lists it (without attributes)
   * @param since when it came due, or, for an {@link RunState#ENQUEUED} run, when it started
   *     waiting for its queue
   */
  public record Waiting(ListedRun run, Instant since) {}

  /**
   * The runs started, completed, failed and cancelled in each of {@code count} periods of length
   * {@code bucket} from {@code from} on, oldest first.
   */
  public List<Overview.Bucket> counts(Instant from, Duration bucket, int count) {
    Instant to = from.plus(bucket.multipliedBy(count));
    long[][] counts = new long[count][4];
    transactions.autocommit("count the runs started and ended from " + from, connection -> {
      Values window = OverviewTable.window(from, to, bucket);
      for (long[] row : started.list(connection, window,
          rows -> new long[] {rows.getLong(1), rows.getLong(2)})) {
        add(counts, row[0], 0, row[1]);
      }
      for (Object[] row : ended.list(connection, window,
          rows -> new Object[] {rows.getString(1), rows.getLong(2), rows.getLong(3)})) {
        int column = switch ((String) row[0]) {
          case "COMPLETED" -> 1;
          case "FAILED" -> 2;
          default -> 3; // CANCELLED, as the statement reads no other state
        };
        add(counts, (Long) row[1], column, (Long) row[2]);
      }
      return null;
    });
    List<Overview.Bucket> buckets = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      buckets.add(new Overview.Bucket(from.plus(bucket.multipliedBy(i)), counts[i][0],
          counts[i][1], counts[i][2], counts[i][3]));
    }
    return buckets;
  }

  /**
   * Since when {@code run} waits for an engine or a queue's admission, if it does: its due time (a
   * pending run's, a sleeping run's wake-up or run timeout, a running run's lease end, which no
   * engine held by then), or, for a run waiting for its queue, its start or its delay's end,
   * whichever came later. A run so waiting since before a cutoff is stuck: {@link #waiting(Instant,
   * int)} selects those runs with statements that say the same in SQL, over ranges of indexes.
   */
  public static Optional<Instant> waitingSince(RunRecord run) {
    if (run.dueAt() != null) {
      return Optional.of(run.dueAt());
    }
    if (run.status() != RunState.ENQUEUED) {
      return Optional.empty();
    }
    Instant wakeAt = run.wakeAt();
    return Optional.of(wakeAt != null && wakeAt.isAfter(run.createdAt())
        ? wakeAt : run.createdAt());
  }

  /** Run {@code runId} as the run search lists it, to tell whether it is stuck; empty if none. */
  public Optional<ListedRun> run(String runId) {
    return transactions.autocommit("read run " + runId,
        connection -> table.one(connection, runId));
  }

  /**
   * At most {@code limit} runs waiting since before {@code cutoff}, the longest waiting first: runs
   * due then and held by no engine, and runs waiting for a queue's admission.
   */
  /** How many runs are paused now. */
  public long paused() {
    return transactions.autocommit("count the runs paused", connection ->
        table.paused.first(connection, new Values(), rows -> rows.getLong(1)).orElse(0L));
  }

  public List<Waiting> waiting(Instant cutoff, int limit) {
    return transactions.autocommit("read the runs waiting since " + cutoff, connection -> {
      Map<String, Waiting> found = new LinkedHashMap<>();
      for (Sql waiting : List.of(table.overdue, table.enqueued)) {
        for (ListedRun run : table.waiting(connection, waiting, cutoff, limit)) {
          found.putIfAbsent(run.run().runId(),
              new Waiting(run, waitingSince(run.run()).orElseThrow()));
        }
      }
      return found.values().stream()
          .sorted(Comparator.comparing(Waiting::since))
          .limit(limit)
          .toList();
    });
  }

  private static void add(long[][] counts, long period, int column, long count) {
    if (period >= 0 && period < counts.length) { // a clock ahead of the window's end: outside
      counts[(int) period][column] += count;
    }
  }
}
