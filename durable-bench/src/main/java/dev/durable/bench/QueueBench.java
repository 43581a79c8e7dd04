package dev.durable.bench;

import static dev.durable.bench.Figures.f0;
import static dev.durable.bench.Figures.f2;

import com.zaxxer.hikari.HikariDataSource;
import dev.durable.runtime.Queue;
import dev.durable.runtime.internal.store.Stores;
import dev.durable.runtime.internal.store.flow.QueueAdmissions;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Phase (l): the cost of one admission of a run queue ({@link QueueAdmissions#admit}), among
 * {@link #SMALL} and then {@link #LARGE} runs {@code ENQUEUED} in one queue with {@link #KEYS}
 * partition keys, inserted with SQL. The queue admits one run at a time per key ({@code
 * concurrency(1)}, which holds per key), so each admission visits the keys its pass allows and
 * admits one run of each; between two timed admissions the runs it admitted are put back in the
 * queue (not timed), so that every admission finds the same work. Each call is what an engine's
 * poll spends on the queue: a pooled connection, a transaction, the queue row's lock, the counts
 * and candidates per key, the updates, the commit.
 */
final class QueueBench {
  static final int SMALL = 1_000;
  static final int LARGE = 100_000;
  static final int KEYS = 100;
  static final int WARMUP_CALLS = 100;
  static final int CALLS = 500;
  /** How recently an engine was seen serving a queue to be given its part: its lease. */
  private static final Duration LIVENESS = Duration.ofSeconds(30);
  /** Calls between two vacuums of the runs' table (not timed). */
  static final int VACUUM_EVERY = 100;
  private static final String QUEUE = "bench";
  private static final String ENGINE = "bench-admission";
  private static final int INSERT_CHUNK = 50_000;
  /** Engines admitting one queue at once, each a store of its own on the same database. */
  static final int ENGINES = 4;
  /** How long the engines admit, after as long a warm-up. */
  static final long CONTENDED_NANOS = 5_000_000_000L;
  /** The pause between two admissions of one engine. */
  static final long POLL_MILLIS = 5;

  /** One measurement: {@code enqueued} runs waiting, each admission's time and runs admitted. */
  record Size(int enqueued, Samples time, double admittedPerCall) {}

  /**
   * Engines admitting one queue at once: each call's time, and how many of the calls admitted
   * runs (the others found another engine admitting and skipped the queue).
   */
  record Contention(
      int engines, Samples time, long calls, long admitting, long admitted, double perSecond) {}

  record Result(Size small, Size large, Contention alone, Contention four) {
    double ratio() {
      return (double) large.time().p50() / small.time().p50();
    }
  }

  private QueueBench() {}

  static Result run(Database database) throws Exception {
    try (HikariDataSource pool = database.pool("durable-bench-queue", ENGINES + 1)) {
      Stores store = new Stores(pool);
      store.migrate(); // run alone (-Dbench.phases=queue), no engine has made the tables
      Queue queue = Queue.named(QUEUE).concurrency(1);
      Instant now = Instant.now().truncatedTo(ChronoUnit.MICROS);
      try (Connection connection = pool.getConnection()) {
        for (String table : List.of("durable_events", "durable_steps", "durable_runs",
            "durable_queues")) {
          Database.execute(connection, "TRUNCATE TABLE " + table);
        }
      }
      store.queues().declare(queue, ENGINE, now);
      Size small = measure(database, pool, store, queue, now, 1, SMALL);
      Size large = measure(database, pool, store, queue, now, SMALL + 1, LARGE);
      Contention alone = contend(database, pool, queue, 1);
      Contention four = contend(database, pool, queue, ENGINES);
      return new Result(small, large, alone, four);
    }
  }

  private static Size measure(Database database, HikariDataSource pool, Stores store,
      Queue queue, Instant now, int from, int to) throws SQLException {
    try (Connection connection = pool.getConnection()) {
      insertEnqueued(database, connection, now, from, to);
      Database.execute(connection, database.analyzeRuns());
    }
    Samples time = new Samples();
    long admitted = 0;
    try (Connection connection = pool.getConnection();
        PreparedStatement requeue = connection.prepareStatement(
            "UPDATE durable_runs SET status = 'ENQUEUED', due_at = NULL, admitted_at = NULL"
                + " WHERE queue_name = ? AND status = 'PENDING'")) {
      requeue.setString(1, QUEUE);
      for (int i = 0; i < WARMUP_CALLS + CALLS; i++) {
        long started = System.nanoTime();
        QueueAdmissions.Admission admission =
            store.queues().admit(queue, ENGINE, Instant::now, LIVENESS, 0);
        long took = System.nanoTime() - started;
        if (admission.admitted() == 0) {
          throw new IllegalStateException("admission " + (i + 1) + " among " + to
              + " queued runs admitted none");
        }
        if (i >= WARMUP_CALLS) {
          time.add(took);
          admitted += admission.admitted();
        }
        requeue.executeUpdate();
        if ((i + 1) % VACUUM_EVERY == 0) {
          // what autovacuum does in service (this server runs none): the row versions the
          // admissions and put-backs left behind are cleared from the queue's index
          Database.execute(connection, database.analyzeRuns());
        }
      }
    }
    return new Size(to, time, (double) admitted / CALLS);
  }

  /**
   * {@code engines} threads, each an engine (a store of its own), admitting the queue's runs
   * every {@link #POLL_MILLIS} ms for {@link #CONTENDED_NANOS} after a warm-up as long, while this
   * thread puts the runs they admit back in the queue.
   */
  private static Contention contend(
      Database database, HikariDataSource pool, Queue queue, int engines) throws Exception {
    Samples time = new Samples();
    AtomicLong admitting = new AtomicLong();
    AtomicLong admitted = new AtomicLong();
    AtomicLong calls = new AtomicLong();
    CountDownLatch done = new CountDownLatch(engines);
    AtomicReference<Throwable> failed =
        new AtomicReference<>();
    for (int e = 0; e < engines; e++) {
      Stores store = new Stores(pool);
      String engine = ENGINE + "-" + e;
      Thread thread = new Thread(() -> {
        try {
          long warmEnd = System.nanoTime() + CONTENDED_NANOS;
          long end = warmEnd + CONTENDED_NANOS;
          for (long at = System.nanoTime(); at < end; at = System.nanoTime()) {
            long started = System.nanoTime();
            int made = store.queues().admit(queue, engine, Instant::now, LIVENESS, 0).admitted();
            long took = System.nanoTime() - started;
            if (started >= warmEnd) {
              time.add(took);
              calls.incrementAndGet();
              if (made > 0) {
                admitting.incrementAndGet();
                admitted.addAndGet(made);
              }
            }
            Thread.sleep(POLL_MILLIS); // an engine's polls are apart; a tight loop is no engine
          }
        } catch (Throwable t) {
          failed.compareAndSet(null, t);
        } finally {
          done.countDown();
        }
      }, "durable-bench-admit-" + e);
      thread.setDaemon(true);
      thread.start();
    }
    try (Connection connection = pool.getConnection();
        PreparedStatement requeue = connection.prepareStatement(
            "UPDATE durable_runs SET status = 'ENQUEUED', due_at = NULL, admitted_at = NULL"
                + " WHERE queue_name = ? AND status = 'PENDING'")) {
      requeue.setString(1, QUEUE);
      int rounds = 0;
      while (!done.await(2, TimeUnit.MILLISECONDS)) {
        requeue.executeUpdate();
        if (++rounds % 500 == 0) {
          Database.execute(connection, database.analyzeRuns());
        }
      }
    }
    if (failed.get() != null) {
      throw new IllegalStateException("an admission failed", failed.get());
    }
    return new Contention(engines, time, calls.get(), admitting.get(), admitted.get(),
        admitted.get() * 1e9 / CONTENDED_NANOS);
  }

  /** Runs {@code from} to {@code to}, queued, spread over the keys and three priorities. */
  private static void insertEnqueued(
      Database database, Connection connection, Instant now, int from, int to)
      throws SQLException {
    OffsetDateTime created = OffsetDateTime.ofInstant(now, ZoneOffset.UTC);
    String insert = "INSERT INTO durable_runs (run_id, workflow_name, workflow_version, status,"
        + " input, created_at, updated_at, epoch, queue_name, priority, partition_key)"
        + " SELECT 'queued-' || x, 'bench', '1', 'ENQUEUED', '[0]',"
        + " CAST(? AS TIMESTAMP WITH TIME ZONE), CAST(? AS TIMESTAMP WITH TIME ZONE), 0, '"
        + QUEUE + "', MOD(x, 3), 'tenant-' || MOD(x, " + KEYS + ") FROM "
        + database.series("CAST(? AS BIGINT)", "CAST(? AS BIGINT)");
    try (PreparedStatement statement = connection.prepareStatement(insert)) {
      for (long first = from; first <= to; first += INSERT_CHUNK) {
        statement.setObject(1, created);
        statement.setObject(2, created);
        statement.setLong(3, first);
        statement.setLong(4, Math.min(to, first + INSERT_CHUNK - 1));
        statement.executeUpdate();
      }
    }
  }

  static void report(Report report, Result l) {
    report.heading("(l) a run queue's admission");
    report.lines("QueueAdmissions.admit of queue '" + QUEUE + "' (concurrency(1), which holds per"
        + " partition key) among runs ENQUEUED in it with " + KEYS + " partition keys and three"
        + " priorities, inserted with SQL; each admission admits one run per key its pass visits,"
        + " which are put back in the queue before the next (not timed), the table vacuumed every "
        + f0(VACUUM_EVERY) + " calls as autovacuum would; " + f0(CALLS)
        + " calls after " + f0(WARMUP_CALLS) + " warm-up calls.");
    Report.TableBuilder table =
        report.table("runs enqueued", "admission p50", "admission p99", "runs admitted per call");
    for (Size size : List.of(l.small(), l.large())) {
      table.row(f0(size.enqueued()), Samples.us(size.time().p50()),
          Samples.us(size.time().p99()), f0(size.admittedPerCall()));
    }
    report.lines("At " + f0(l.large().enqueued()) + " vs " + f0(l.small().enqueued()) + ": p50 "
        + f2(l.ratio()) + "x, p99 "
        + f2((double) l.large().time().p99() / l.small().time().p99()) + "x (target: p50 within "
        + "1.3x: " + (l.ratio() <= 1.3 ? "PASS" : "MISS") + ").");
    report.lines("Engines admitting the queue at once (" + f0(LARGE) + " runs enqueued), each a"
        + " store of its own on the same database, each admitting every " + POLL_MILLIS + " ms for "
        + f0(CONTENDED_NANOS / 1e9) + " s after as long a warm-up, while another thread puts the"
        + " admitted runs back every 2 ms. An engine that finds the queue's row locked skips the"
        + " queue (SKIP LOCKED) instead of waiting for it: one engine at a time admits a queue,"
        + " and the others' polls go on.");
    Report.TableBuilder contention = report.table("engines", "call p50", "call p99",
        "calls that admitted", "runs admitted/s");
    for (Contention c : List.of(l.alone(), l.four())) {
      contention.row(f0(c.engines()), Samples.us(c.time().p50()), Samples.us(c.time().p99()),
          f0(c.admitting()) + " of " + f0(c.calls()), f0(c.perSecond()));
    }
  }
}
