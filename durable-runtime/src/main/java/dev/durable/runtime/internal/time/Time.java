package dev.durable.runtime.internal.time;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * The engine's sense of time: the configured {@link Clock}, and waiting by it. Under a {@link
 * ManualClock} (a test's) an in-process wait advances the clock instead of sleeping.
 */
public final class Time {
  private static final Duration WAIT_SLICE = Duration.ofMillis(50);

  /**
   * How far ahead of a timer's or a backoff's end a started engine claims back the run it
   * suspended, so that the claim, the hand-off and the replay are done by the end, which the turn
   * then waits for in process: more than a claim and a replay take on a loaded machine, little
   * enough for the slot it holds meanwhile not to matter.
   */
  static final Duration CLAIM_LEAD = Duration.ofMillis(50);

  private static final Duration MAX_POLL_BACKOFF = Duration.ofSeconds(30);

  private final Clock clock;

  public Time(Clock clock) {
    this.clock = clock;
  }

  /**
   * Now, in whole microseconds: what the stores keep. An instant with nanoseconds would be rounded
   * when stored, up as often as down, and a run due "now" could then be stored a fraction of a
   * microsecond in the future, and missed by a claim that compares it with now.
   */
  public Instant now() {
    return clock.instant().truncatedTo(ChronoUnit.MICROS);
  }

  /**
   * How far ahead of their due time the runs suspended by a timer or a backoff are claimed back
   * ({@link #CLAIM_LEAD}); none under a {@link ManualClock}, whose time moves only when a test
   * moves it (an in-process wait would move it instead).
   */
  public Duration claimLead() {
    return clock instanceof ManualClock ? Duration.ZERO : CLAIM_LEAD;
  }

  /**
   * Waits until {@code instant}, never returning before it, or until {@code stop} says to give up.
   *
   * @return whether {@code instant} was reached
   */
  public boolean waitUntil(Instant instant, BooleanSupplier stop) throws InterruptedException {
    if (clock instanceof ManualClock manual) {
      if (stop.getAsBoolean()) {
        return false;
      }
      manual.advanceTo(instant);
      return true;
    }
    while (true) {
      if (stop.getAsBoolean()) {
        return false;
      }
      Duration remaining = Duration.between(clock.instant(), instant);
      if (remaining.isNegative() || remaining.isZero()) {
        return true;
      }
      // to the microsecond: a sleep in whole milliseconds would end up to one early or late
      LockSupport.parkNanos(
          remaining.compareTo(WAIT_SLICE) < 0 ? remaining.toNanos() : WAIT_SLICE.toNanos());
      if (Thread.interrupted()) {
        throw new InterruptedException();
      }
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
  public static Instant attemptDeadline(long timeoutMs) {
    return Instant.now().plusMillis(timeoutMs);
  }

  public static Duration pollBackoff(Duration pollInterval, int failures) {
    Duration backoff = pollInterval.multipliedBy(1L << Math.min(failures, 5));
    return backoff.compareTo(MAX_POLL_BACKOFF) > 0 ? MAX_POLL_BACKOFF : backoff;
  }

  /** Runs {@code listener} whenever a {@link ManualClock} moves; nothing for real clocks. */
  public AutoCloseable onAdvance(Runnable listener) {
    if (clock instanceof ManualClock manual) {
      return manual.onAdvance(listener);
    }
    return () -> {};
  }
}
