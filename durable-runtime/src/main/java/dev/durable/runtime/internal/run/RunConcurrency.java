package dev.durable.runtime.internal.run;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * The concurrency slots of a started engine: how many runs it executes at once. A start that
 * finds a free slot takes it; the poll claims as many due runs as slots are free and then takes
 * a slot for each, so that it never holds slots a start could use while it talks to the store. The
 * limit is therefore soft by the few starts that may race a poll.
 */
final class RunConcurrency {
  private final int max;
  private final AtomicInteger used = new AtomicInteger();
  private volatile boolean pollWasLimited;

  RunConcurrency(int max) {
    this.max = max;
  }

  /** Takes a slot if one is free. */
  boolean tryTake() {
    while (true) {
      int current = used.get();
      if (current >= max) {
        return false;
      }
      if (used.compareAndSet(current, current + 1)) {
        return true;
      }
    }
  }

  /** Takes {@code n} slots, claimed already: may go over the limit by a racing start or two. */
  void take(int n) {
    used.addAndGet(n);
  }

  /**
   * Gives a slot back.
   *
   * @return whether the last poll found more due runs than free slots, so that it should look
   *     again now that one is free
   */
  boolean release() {
    used.decrementAndGet();
    return pollWasLimited;
  }

  /** How many slots are free now. */
  int free() {
    return Math.max(0, max - used.get());
  }

  /** Records whether the last poll was cut short by the slots. */
  void pollWasLimited(boolean limited) {
    pollWasLimited = limited;
  }
}
