package dev.durable.runtime.internal.wake;

import dev.durable.runtime.StoreException;
import dev.durable.runtime.internal.time.Threads;
import dev.durable.runtime.internal.time.Time;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.slf4j.Logger;

/**
 * The poll that engines (for due runs) and workers (for queued tasks) share: a thread that polls
 * again at once while more may be due, else waits for a signal or the poll interval; backs off
 * when the store fails; and stops when stopped. {@link #tick} is the same poll, one item at a
 * time, on the calling thread.
 */
public final class PollLoop {
  /** One poll: claims what is due and hands it off. */
  public interface Poll {
    /** Returns whether more may be due at once, to poll again without waiting. */
    boolean once();
  }

  private final String threadName;
  private final Duration interval;
  private final Logger log;
  private final String failure;
  private final Semaphore signal = new Semaphore(0);
  private Thread thread;
  private volatile boolean started;
  private volatile boolean stopped;

  /**
   * @param log the logger of the engine or worker the loop polls for
   * @param failure what a failed poll could not do, for the warning ("cannot claim tasks")
   */
  public PollLoop(String threadName, Duration interval, Logger log, String failure) {
    this.threadName = threadName;
    this.interval = interval;
    this.log = log;
    this.failure = failure;
  }

  /** Starts polling with {@code poll} on a thread of its own, unless started or stopped already. */
  public synchronized void start(Poll poll) {
    if (started || stopped) {
      return;
    }
    started = true;
    thread = Threads.daemon(() -> loop(poll), threadName);
    thread.start();
  }

  public boolean isStarted() {
    return started;
  }

  public boolean isStopped() {
    return stopped;
  }

  /** Makes the loop poll now: something may have come due. */
  public void signal() {
    signal.release();
  }

  /**
   * Claims with {@code claimOne} (at most one item) and handles what it claimed on the calling
   * thread, until nothing is claimed or the loop is stopped.
   *
   * @return how many items were handled
   */
  public <T> int tick(Supplier<List<T>> claimOne, Consumer<T> handle) {
    int handled = 0;
    while (!stopped) {
      List<T> claimed = claimOne.get();
      if (claimed.isEmpty()) {
        return handled;
      }
      handle.accept(claimed.get(0));
      handled++;
    }
    return handled;
  }

  /**
   * Stops the loop: it ends when the poll under way, if any, returns. Its thread is woken, not
   * interrupted: {@code java.nio} closes a file channel whose reader is interrupted, and an
   * embedded H2 file database whose file is closed so is closed for every connection of the
   * process, other engines' included (the harness lost its H2 database in this way, most likely,
   * when one engine closed while another went on).
   *
   * @return whether this call stopped it: false when it was stopped already
   */
  public synchronized boolean stop() {
    if (stopped) {
      return false;
    }
    stopped = true;
    signal.release();
    return true;
  }

  /**
   * Waits, at most {@code within}, for the poll under way when the loop was stopped to return, so
   * that what it uses (the engine's pool) is not closed under it; at once from the loop's own
   * thread, or if it never started.
   */
  public void awaitEnd(Duration within) {
    Thread polling;
    synchronized (this) {
      polling = thread;
    }
    if (polling == null || polling == Thread.currentThread()) {
      return;
    }
    try {
      polling.join(within.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private void loop(Poll poll) {
    int failures = 0;
    while (!stopped) {
      try {
        boolean more = poll.once();
        failures = 0;
        if (!more) {
          signal.tryAcquire(interval.toMillis(), TimeUnit.MILLISECONDS);
          signal.drainPermits();
        }
      } catch (StoreException e) {
        if (stopped) {
          return; // the engine is closing: its pool may have been closed under this poll
        }
        failures++;
        Duration backoff = Time.pollBackoff(interval, failures);
        log.warn("{} ({} failure(s) in a row): {}; retrying in {} ms", failure, failures,
            e.getMessage(), backoff.toMillis());
        if (!sleep(backoff)) {
          return;
        }
      } catch (InterruptedException e) {
        return;
      } catch (RuntimeException e) {
        if (stopped) {
          return; // what it handed work to was shut down under it
        }
        log.error("the poll failed unexpectedly; retrying", e);
        if (!sleep(interval)) {
          return;
        }
      }
    }
  }

  /** Waits {@code duration} or until signalled; returns whether to go on. */
  private boolean sleep(Duration duration) {
    try {
      signal.tryAcquire(duration.toMillis(), TimeUnit.MILLISECONDS);
      return !stopped;
    } catch (InterruptedException e) {
      return false;
    }
  }
}
