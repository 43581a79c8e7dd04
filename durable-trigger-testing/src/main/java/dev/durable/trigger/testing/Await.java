package dev.durable.trigger.testing;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/** Waits for a condition to become true, polling it; fails with a description if it does not. */
public final class Await {
  public static final Duration WAIT = Duration.ofSeconds(30);

  private Await() {}

  public static void until(String description, BooleanSupplier condition) {
    until(description, condition, WAIT);
  }

  /** {@link #until(String, BooleanSupplier)}, waiting at most {@code wait}. */
  public static void until(String description, BooleanSupplier condition, Duration wait) {
    long deadline = System.nanoTime() + wait.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("timed out after " + wait + " waiting until " + description);
      }
      try {
        Thread.sleep(20);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError("interrupted waiting until " + description, e);
      }
    }
  }
}
