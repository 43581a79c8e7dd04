package dev.durable.runtime.internal.engine;

import dev.durable.runtime.testing.TestClock;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.function.BooleanSupplier;

/**
 * The engine's sense of time: the configured {@link Clock}, and waiting by it. Under a {@link
 * TestClock} an in-process wait advances the clock instead of sleeping.
 */
final class Time {
  private static final long WAIT_SLICE_MS = 50;

  private static final Duration MAX_POLL_BACKOFF = Duration.ofSeconds(30);

  private final Clock clock;

  Time(Clock clock) {
    this.clock = clock;
  }

  /**
   * Now, in whole microseconds: what the stores keep. An instant with nanoseconds would be rounded
   * when stored, up as often as down, and a run due "now" could then be stored a fraction of a
   * microsecond in the future, and missed by a claim that compares it with now.
   */
  Instant now() {
    return clock.instant().truncatedTo(ChronoUnit.MICROS);
  }

  /**
   * Waits until {@code instant}, or until {@code stop} says to give up.
   *
   * @return whether {@code instant} was reached
   */
  boolean waitUntil(Instant instant, BooleanSupplier stop) throws InterruptedException {
    if (clock instanceof TestClock testClock) {
      if (stop.getAsBoolean()) {
        return false;
      }
      testClock.advanceTo(instant);
      return true;
    }
    while (true) {
      if (stop.getAsBoolean()) {
        return false;
      }
      long remaining = Duration.between(clock.instant(), instant).toMillis();
      if (remaining <= 0) {
        return true;
      }
      Thread.sleep(Math.min(remaining, WAIT_SLICE_MS));
    }
  }

  /**
   * How long a poller waits after {@code failures} failures in a row: its interval doubled with
   * each, five times at most and never over 30 s, so that a database that went away is not
   * hammered and one that came back is seen soon.
   */
  /**
   * The real-time deadline of a local step's attempt, {@code timeoutMs} from now by the system
   * clock, not the engine's: an attempt's timeout is enforced in real time (a test clock that
   * stands still must not let a hung attempt run for ever), and its {@code StepContext} tells the
   * same deadline.
   */
  static Instant attemptDeadline(long timeoutMs) {
    return Instant.now().plusMillis(timeoutMs);
  }

  static Duration pollBackoff(Duration pollInterval, int failures) {
    Duration backoff = pollInterval.multipliedBy(1L << Math.min(failures, 5));
    return backoff.compareTo(MAX_POLL_BACKOFF) > 0 ? MAX_POLL_BACKOFF : backoff;
  }

  /** Runs {@code listener} whenever a {@link TestClock} moves; nothing for real clocks. */
  AutoCloseable onAdvance(Runnable listener) {
    if (clock instanceof TestClock testClock) {
      return testClock.onAdvance(listener);
    }
    return () -> {};
  }
}
