package dev.durable.runtime.internal.wake;

import dev.durable.runtime.internal.time.Time;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The in-process timer source ({@link WakeupSource}) of an engine's {@link EngineWakeups}, for runs
 * suspended here that come due soon: one thread that, at each instant by the engine's clock, wakes
 * the poller, which claims whatever is due then. A run suspended by a timer or a backoff of its own
 * is instead claimed back by id {@link Time#claimLead} ahead ({@link #onAhead}), its turn waiting
 * out the rest. Only a latency optimisation; the store's due time is the truth, and the poll finds
 * whatever a timer does not fire (after a restart, say).
 */
public final class Timers implements WakeupSource {
  private static final Logger LOG = LoggerFactory.getLogger(Timers.class);
  /** How far ahead a wake-up is kept in memory; later ones are left to the poll. */
  public static final Duration HORIZON = Duration.ofMinutes(5);

  /**
   * A run to claim back ahead of its due time.
   *
   * @param runId the run, suspended here
   * @param due when it is due in the store
   */
  record Ahead(String runId, Instant due) {}

  /** A wake-up at {@code at}; for a run to claim back ahead when {@code ahead} is not null. */
  private record Entry(Instant at, Ahead ahead) {}

  private final Time time;
  private final Runnable fire;
  private volatile Consumer<List<Ahead>> claimAhead = runs -> {};
  private final PriorityQueue<Entry> due =
      new PriorityQueue<>(Comparator.comparing(Entry::at));
  private final ReentrantLock lock = new ReentrantLock();
  private final Condition changed = lock.newCondition();
  private final Thread thread;
  private volatile boolean started;
  private volatile boolean closed;

  /** @param fire wakes the poller to claim what is due */
  Timers(Time time, String name, Runnable fire) {
    this.time = time;
    this.fire = fire;
    this.thread = new Thread(this::loop, name);
    this.thread.setDaemon(true);
  }

  /** What claims back the runs whose lead came, on this thread: set before {@link #start}. */
  void onAhead(Consumer<List<Ahead>> claimAhead) {
    this.claimAhead = claimAhead;
  }

  @Override
  public synchronized void start() {
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
    if (isLive() && Duration.between(time.now(), at).compareTo(HORIZON) <= 0) {
      schedule(new Entry(at, null));
    }
  }

  /**
   * Fires {@link Time#claimLead} ahead of {@code due}, to claim {@code runId} back by id ({@link
   * #onAhead}), if {@code due} is within five minutes; without a lead (a test clock) as {@link
   * #wakeAt}. For a run suspended here by a timer or a backoff of its own, whose next turn waits
   * out the rest in process.
   */
  void claimAhead(String runId, Instant due) {
    Duration lead = time.claimLead();
    if (lead.isZero()) {
      wakeAt(due);
    } else if (isLive() && Duration.between(time.now(), due).compareTo(HORIZON) <= 0) {
      schedule(new Entry(due.minus(lead), new Ahead(runId, due)));
    }
  }

  private boolean isLive() {
    return started && !closed;
  }

  private void schedule(Entry entry) {
    lock.lock();
    try {
      due.add(entry);
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
      boolean plain = false;
      List<Ahead> ahead = new ArrayList<>();
      lock.lock();
      try {
        Entry next = due.peek();
        if (next == null) {
          changed.await();
        } else {
          Instant now = time.now();
          Duration remaining = Duration.between(now, next.at());
          if (remaining.isNegative() || remaining.isZero()) {
            // every instant that has passed is served by one wake-up
            while (!due.isEmpty() && !due.peek().at().isAfter(now)) {
              Entry passed = due.poll();
              if (passed.ahead() != null) {
                ahead.add(passed.ahead());
              } else {
                plain = true;
              }
            }
          } else {
            // never early: a run is only claimable once its due time (or its lead) has come
            changed.awaitNanos(remaining.toNanos());
          }
        }
      } catch (InterruptedException e) {
        return;
      } finally {
        lock.unlock();
      }
      try {
        if (!ahead.isEmpty()) {
          claimAhead.accept(ahead);
        }
        if (plain) {
          fire.run();
        }
      } catch (RuntimeException e) {
        LOG.warn("a timer's wake-up failed; the next poll picks the runs up", e);
      }
    }
  }

  @Override
  public void close() {
    closed = true;
    thread.interrupt();
  }
}
