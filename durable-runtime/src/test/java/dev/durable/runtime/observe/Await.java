package dev.durable.runtime.observe;

import static org.junit.jupiter.api.Assertions.fail;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/** Waits for a condition, polling it: no fixed sleeps. */
final class Await {
  private Await() {}

  /** Returns once {@code condition} holds; fails saying {@code what} after {@code timeout}. */
  static void until(String what, Duration timeout, BooleanSupplier condition) {
    long end = System.nanoTime() + timeout.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > end) {
        fail("waited " + timeout.toSeconds() + " s for " + what);
      }
      try {
        Thread.sleep(20);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      }
    }
  }
}
