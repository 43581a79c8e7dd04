package dev.durable.runtime.internal.ops;

import dev.durable.runtime.internal.store.RunStore;
import dev.durable.runtime.internal.time.Threads;
import dev.durable.runtime.internal.time.Time;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Deletes runs that ended long enough ago, with all their rows: on demand ({@link #purge}), and,
 * when a retention is configured, in the background of a started engine.
 *
 * <p>The background pass runs on a thread of its own, never on the poll, a turn or a commit
 * writer, and deletes {@value #BATCH} runs per transaction, so that the engine's own writes never
 * wait long behind it. It runs every minute, or every tenth of the retention if that is shorter
 * (a second at least), and whenever a test clock moves. Several engines may run it at once; see
 * the store's {@code FinishedRuns}.
 */
public final class Retention implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(Retention.class);
  /** Runs per transaction: each batch holds its rows' locks only briefly. */
  static final int BATCH = 500;
  private static final Duration LONGEST_PERIOD = Duration.ofMinutes(1);
  private static final Duration SHORTEST_PERIOD = Duration.ofSeconds(1);

  private final RunStore store;
  private final Time time;
  private final Optional<Duration> retention;
  private final AtomicBoolean closed = new AtomicBoolean();
  /** Whether a pass asked for by a moved clock is queued already: they coalesce. */
  private final AtomicBoolean passQueued = new AtomicBoolean();
  private ScheduledExecutorService thread;

  /** @param retention how long ended runs are kept; empty: for ever */
  public Retention(RunStore store, Time time, Optional<Duration> retention) {
    this.store = store;
    this.time = time;
    this.retention = retention;
  }

  /** Starts the background passes, if a retention is configured; calling it again does nothing. */
  public synchronized void start() {
    if (retention.isEmpty() || thread != null || closed.get()) {
      return;
    }
    thread = Executors.newSingleThreadScheduledExecutor(
        task -> Threads.daemon(task, "durable-retention"));
    long periodMs = period(retention.get()).toMillis();
    thread.scheduleWithFixedDelay(this::pass, periodMs, periodMs, TimeUnit.MILLISECONDS);
    thread.execute(this::pass);
  }

  /** A test clock moved: runs a pass now, so that tests see ended runs age out. */
  public synchronized void clockMoved() {
    if (thread != null && passQueued.compareAndSet(false, true)) {
      try {
        thread.execute(() -> {
          passQueued.set(false);
          pass();
        });
      } catch (RejectedExecutionException closing) {
        passQueued.set(false);
      }
    }
  }

  /**
   * Deletes the runs that ended before {@code endedBefore}, with all their rows, in batches.
   *
   * @return how many runs were deleted
   */
  public int purge(Instant endedBefore) {
    int deleted = store.deleteEndedRuns(endedBefore, BATCH, closed::get);
    if (deleted > 0) {
      LOG.info("deleted {} run(s) that ended before {}, with all their rows", deleted,
          endedBefore);
    }
    return deleted;
  }

  private void pass() {
    try {
      purge(time.now().minus(retention.orElseThrow()));
    } catch (RuntimeException e) {
      LOG.warn("could not delete the runs that ended more than {} ago: {}; trying again at the"
          + " next pass", retention.orElseThrow(), e.getMessage());
    }
  }

  static Duration period(Duration retention) {
    Duration tenth = retention.dividedBy(10);
    if (tenth.compareTo(SHORTEST_PERIOD) < 0) {
      return SHORTEST_PERIOD;
    }
    return tenth.compareTo(LONGEST_PERIOD) < 0 ? tenth : LONGEST_PERIOD;
  }

  @Override
  public void close() {
    closed.set(true);
    ScheduledExecutorService running;
    synchronized (this) {
      running = thread;
    }
    if (running != null) {
      // no interrupt: it could break the connection of a batch under way (H2 closes a file
      // database's channel); a pass stops between batches once closed
      running.shutdown();
      try {
        running.awaitTermination(10, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
