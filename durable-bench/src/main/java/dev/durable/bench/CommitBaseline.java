package dev.durable.bench;

import java.lang.management.ManagementFactory;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;

/**
 * The database's own limit: one-row INSERTs into {@code bench_commit}, each its own transaction
 * (auto-commit), from one connection and from eight connections on eight threads. Every figure of
 * the engine is printed as a ratio to these. The server's speed drifts within a run, so phases (a)
 * and (b) take theirs from short {@linkplain #probe probes} between their rounds instead.
 */
final class CommitBaseline {
  static final Duration WARMUP = Duration.ofSeconds(2);
  static final Duration MEASURED = Duration.ofSeconds(3);
  static final int MANY = 8;
  /** The warm-up and measured window of a {@link #probe}: short, as it runs between rounds. */
  static final Duration PROBE_WARMUP = Duration.ofSeconds(1);
  static final Duration PROBE_MEASURED = Duration.ofSeconds(3);

  /**
   * One measurement.
   *
   * @param oneConnection commits per second from one connection
   * @param manyConnections commits per second from {@link #MANY} connections
   * @param oneLatency the duration of each commit from one connection
   * @param manyLatency the duration of each commit from {@link #MANY} connections
   */
  record Measurement(
      double oneConnection, double manyConnections, Samples oneLatency, Samples manyLatency) {
    /**
     * The line a phase's report opens with: this limit, measured just before the phase, and the
     * machine it ran on (its CPUs, its load average then, the Java of this JVM).
     */
    String justBefore() {
      return String.format(Locale.ROOT, "Database limit just before: c1 %.0f, c8 %.0f one-row"
              + " commits/s; machine: %d CPUs, load average %.2f, Java %s.", oneConnection,
          manyConnections, Runtime.getRuntime().availableProcessors(),
          ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(),
          System.getProperty("java.version"));
    }
  }

  /**
   * The limit, measured before the engine's phases and again after them. The ratios use the better
   * of the two: what the database showed it can do (the machine's I/O and load vary).
   */
  record Result(Measurement before, Measurement after) {
    /** c1: commits per second from one connection. */
    double c1() {
      return Math.max(before.oneConnection(), after.oneConnection());
    }

    /** c8: commits per second from {@link #MANY} connections. */
    double c8() {
      return Math.max(before.manyConnections(), after.manyConnections());
    }

    /**
     * The time of one commit from one connection, 1 / c1: the unit of latency ratios. (The mean,
     * not the median: commits are mostly fast with a long tail, on H2 especially.)
     */
    long oneCommitNanos() {
      return Math.round(1e9 / c1());
    }
  }

  private CommitBaseline() {}

  /**
   * The limit measured before a phase that runs alone, for context: said on {@code progress},
   * on a settled database.
   */
  static Measurement beforeAPhase(Database database, Consumer<String> progress) throws Exception {
    progress.accept("database limit: one-row INSERT transactions from 1 and " + MANY
        + " connections");
    database.settle();
    return measure(database);
  }

  static Measurement measure(Database database) throws Exception {
    createTable(database);
    Samples oneLatency = new Samples();
    Samples manyLatency = new Samples();
    double one = commitsPerSecond(database, 1, WARMUP, MEASURED, oneLatency);
    double many = commitsPerSecond(database, MANY, WARMUP, MEASURED, manyLatency);
    return new Measurement(one, many, oneLatency, manyLatency);
  }

  /**
   * Commits per second from {@code connections} connections over {@link #PROBE_MEASURED} after
   * {@link #PROBE_WARMUP}: c1 or c8 as it is now, next to a round of (a) or (b).
   */
  static double probe(Database database, int connections) throws Exception {
    createTable(database);
    return commitsPerSecond(database, connections, PROBE_WARMUP, PROBE_MEASURED, new Samples());
  }

  private static void createTable(Database database) throws SQLException {
    try (Connection connection = database.connect()) {
      database.prepare(connection);
      Database.execute(connection, database.createCommitTable());
    }
  }

  private static double commitsPerSecond(
      Database database, int connections, Duration warmup, Duration measured, Samples latency)
      throws Exception {
    ExecutorService threads = Executors.newFixedThreadPool(connections);
    try {
      CountDownLatch connected = new CountDownLatch(connections);
      CountDownLatch go = new CountDownLatch(1);
      long[] start = new long[1];
      List<Future<Long>> counts = new ArrayList<>();
      for (int i = 0; i < connections; i++) {
        counts.add(threads.submit(
            () -> insertLoop(database, connected, go, start, warmup, measured, latency)));
      }
      connected.await();
      start[0] = System.nanoTime();
      go.countDown();
      long total = 0;
      for (Future<Long> count : counts) {
        total += count.get();
      }
      return total / (measured.toNanos() / 1e9);
    } finally {
      threads.shutdownNow();
    }
  }

  /** Inserts until the measured window ends; returns how many commits started inside it. */
  private static long insertLoop(
      Database database, CountDownLatch connected, CountDownLatch go, long[] start,
      Duration warmup, Duration measured, Samples latency)
      throws SQLException, InterruptedException {
    try (Connection connection = database.connect()) {
      database.prepare(connection);
      connection.setAutoCommit(true);
      try (PreparedStatement insert =
          connection.prepareStatement("INSERT INTO bench_commit (v) VALUES (?)")) {
        connected.countDown();
        go.await();
        long measuredFrom = start[0] + warmup.toNanos();
        long measuredTo = measuredFrom + measured.toNanos();
        long count = 0;
        for (int v = 0; ; v++) {
          long before = System.nanoTime();
          if (before >= measuredTo) {
            return count;
          }
          insert.setInt(1, v);
          insert.executeUpdate();
          if (before >= measuredFrom) {
            count++;
            latency.add(System.nanoTime() - before);
          }
        }
      }
    }
  }
}
