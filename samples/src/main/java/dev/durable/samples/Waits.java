package dev.durable.samples;

import dev.durable.runtime.RunHandle;
import dev.durable.runtime.RunStatus;
import java.time.Duration;
import java.util.function.Predicate;

/**
 * Waits until a run's status shows what a sample's story needs next (a run asleep, a step done),
 * looking every 20 ms: the engine has no call that waits for a state short of the run's end.
 */
public final class Waits {
  private Waits() {}

  /**
   * Returns once {@code condition} holds for {@code run}'s status.
   *
   * @param what what the run is waited for to do, for the error
   * @throws IllegalStateException if it does not within {@code timeout}
   */
  public static void until(
      RunHandle<?> run, String what, Predicate<RunStatus> condition, Duration timeout) {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!condition.test(run.status())) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException(run.id() + " did not " + what + " within " + timeout);
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
