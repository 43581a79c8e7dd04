package dev.durable.runtime.internal.engine;

import java.time.Duration;
import java.time.Instant;
import java.util.PriorityQueue;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * In-memory wake-ups for runs suspended here that come due soon: one thread that, at each instant
 * by the engine's clock, wakes the poller, which claims whatever is due then. Only a latency
 * optimisation; the store's due time is the truth, and the poll finds whatever a timer does not
 * fire (after a restart, say).
 */
final class Timers implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(Timers.class);
  /** How far ahead a wake-up is kept in memory; later ones are left to the poll. */
  static final Duration HORIZON = Duration.ofMinutes(5);

  private final Time time;
  private final Runnable fire;
  private final PriorityQueue<Instant> due = new PriorityQueue<>();
  private final ReentrantLock lock = new ReentrantLock();
  private final Condition changed = lock.newCondition();
  private final Thread thread;
  private volatile boolean started;
  private volatile boolean closed;

  Timers(Time time, String name, Runnable fire) {
    this.time = time;
    this.fire = fire;
    this.thread = new Thread(this::loop, name);
    this.thread.setDaemon(true);
  }

  synchronized void start() {
    if (!started) {
      started = true;
      thread.start();
    }
  }

  /**
   * Fires at {@code at} if that is within five minutes: the poll finds what is due later. Does
   * nothing before {@link #start} (a {@code tick()}-driven engine has no timers) or after {@link
   * #close}.
   */
  void wakeAt(Instant at) {
    if (started && !closed && Duration.between(time.now(), at).compareTo(HORIZON) <= 0) {
      schedule(at);
    }
  }

  /** Fires at {@code at}. */
  private void schedule(Instant at) {
    lock.lock();
    try {
      due.add(at);
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
      boolean fireNow = false;
      lock.lock();
      try {
        Instant next = due.peek();
        if (next == null) {
          changed.await();
        } else {
          Duration remaining = Duration.between(time.now(), next);
          if (remaining.isNegative() || remaining.isZero()) {
            // every instant that has passed is served by one wake-up
            while (!due.isEmpty() && !due.peek().isAfter(time.now())) {
              due.poll();
            }
            fireNow = true;
          } else {
            // never early: a run is only claimable once its due time has passed
            changed.awaitNanos(remaining.toNanos());
          }
        }
      } catch (InterruptedException e) {
        return;
      } finally {
        lock.unlock();
      }
      if (fireNow) {
        try {
          fire.run();
        } catch (RuntimeException e) {
          LOG.warn("a timer's wake-up failed; the next poll picks the runs up", e);
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
