package dev.durable.tests.support;

import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/** Waits for a condition to become true, polling it; fails with a description if it does not. */
public final class Await {
  private Await() {}

  /** Waits up to ten seconds for {@code condition}. */
  public static void until(String description, BooleanSupplier condition) {
    until(description, Duration.ofSeconds(10), condition);
  }

  /** Waits up to {@code timeout} for {@code condition}. */
  public static void until(String description, Duration timeout, BooleanSupplier condition) {
    until(description, timeout, Duration.ofMillis(5), condition);
  }

  /**
   * Waits up to {@code timeout} for {@code condition}, checking it every {@code every} (a condition
   * that queries a database should not be asked thousands of times a second).
   */
  public static void until(
      String description, Duration timeout, Duration every, BooleanSupplier condition) {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("timed out after " + timeout + " waiting until " + description);
      }
      try {
        Thread.sleep(every.toMillis());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError("interrupted waiting until " + description, e);
      }
    }
  }

  /** Waits until {@code value} returns something non-null, and returns it. */
  public static <T> T value(String description, Supplier<T> value) {
    Object[] holder = new Object[1];
    until(description, () -> (holder[0] = value.get()) != null);
    @SuppressWarnings("unchecked")
    T found = (T) holder[0];
    return found;
  }
}
