package dev.durable.runtime.engine;

import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.PriorityQueue;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * In-memory wake-ups for runs suspended here that come due soon: one thread that fires each run id
 * at its instant by the engine's clock. Only a latency optimisation; the store's due time is the
 * truth, and the poll finds whatever a timer does not fire (after a restart, say).
 */
final class Timers implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(Timers.class);

  private record Entry(Instant at, String runId) {}

  private final Time time;
  private final Consumer<String> fire;
  private final PriorityQueue<Entry> queue =
      new PriorityQueue<>(Comparator.comparing(Entry::at).thenComparing(Entry::runId));
  private final ReentrantLock lock = new ReentrantLock();
  private final Condition changed = lock.newCondition();
  private final Thread thread;
  private volatile boolean closed;

  Timers(Time time, String name, Consumer<String> fire) {
    this.time = time;
    this.fire = fire;
    this.thread = new Thread(this::loop, name);
    this.thread.setDaemon(true);
  }

  void start() {
    thread.start();
  }

  /** Fires {@code runId} at {@code at}. */
  void schedule(String runId, Instant at) {
    lock.lock();
    try {
      queue.add(new Entry(at, runId));
      changed.signalAll();
    } finally {
      lock.unlock();
    }
  }

  /** Re-reads the clock: called when a test clock moved. */
  void clockMoved() {
    lock.lock();
    try {
      changed.signalAll();
    } finally {
      lock.unlock();
    }
  }

  private void loop() {
    while (!closed) {
      String due = null;
      lock.lock();
      try {
        Entry next = queue.peek();
        if (next == null) {
          changed.await();
        } else {
          Duration remaining = Duration.between(time.now(), next.at());
          if (remaining.isNegative() || remaining.isZero()) {
            due = queue.poll().runId();
          } else {
            // never early: the run is only claimable once its due time has passed
            changed.awaitNanos(remaining.toNanos());
          }
        }
      } catch (InterruptedException e) {
        return;
      } finally {
        lock.unlock();
      }
      if (due != null) {
        try {
          fire.accept(due);
        } catch (RuntimeException e) {
          LOG.warn("waking run {} failed; the next poll will pick it up", due, e);
        }
      }
    }
  }

  @Override
  public void close() {
    closed = true;
    thread.interrupt();
  }
}
