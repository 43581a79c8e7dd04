package dev.durable.runtime.testing;

import dev.durable.runtime.internal.time.ManualClock;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A clock that only moves when told to, for testing workflows without waiting: give it to {@code
 * DurableEngine.builder().clock(...)}.
 *
 * <ul>
 *   <li>{@link #advance(Duration)} passes time at once; a started engine then wakes the runs that
 *       came due, so a ten-minute backoff or a one-hour {@code ctx.sleep} passes in milliseconds.
 *   <li>A {@code tick()}-driven engine that waits out a backoff in process advances this clock by
 *       the backoff instead of sleeping.
 * </ul>
 *
 * <pre>{@code
 * TestClock clock = TestClock.start();
 * DurableEngine engine = DurableEngine.builder().inMemory().clock(clock).register(...).build();
 * RunHandle<String> run = client.start(order);
 * engine.tick();                           // runs until the workflow sleeps for an hour
 * clock.advance(Duration.ofHours(1));
 * engine.tick();                           // finishes it
 * }</pre>
 */
public final class TestClock extends Clock implements ManualClock {
  private final AtomicReference<Instant> now;
  private final List<Runnable> listeners;

  private TestClock(AtomicReference<Instant> now, List<Runnable> listeners) {
    this.now = now;
    this.listeners = listeners;
  }

  /** A clock standing at {@code instant}. */
  public static TestClock at(Instant instant) {
    return new TestClock(
        new AtomicReference<>(Objects.requireNonNull(instant, "instant")),
        new CopyOnWriteArrayList<>());
  }

  /** A clock standing at the current time, truncated to the millisecond. */
  public static TestClock start() {
    return at(Instant.ofEpochMilli(System.currentTimeMillis()));
  }

  /** Moves the clock forward by {@code duration} and tells the engines using it. */
  public Instant advance(Duration duration) {
    if (duration.isNegative()) {
      throw new IllegalArgumentException("a TestClock only moves forward, but was asked " + duration);
    }
    Instant moved = now.updateAndGet(current -> current.plus(duration));
    listeners.forEach(Runnable::run);
    return moved;
  }

  /** Moves the clock forward to {@code instant}, if it is later than now. */
  @Override
  public Instant advanceTo(Instant instant) {
    Instant moved = now.accumulateAndGet(instant, (a, b) -> a.isAfter(b) ? a : b);
    listeners.forEach(Runnable::run);
    return moved;
  }

  /**
   * Registers {@code listener} to run after each move; engines use it to wake timers. Returns a
   * handle that unregisters it.
   */
  @Override
  public AutoCloseable onAdvance(Runnable listener) {
    listeners.add(Objects.requireNonNull(listener, "listener"));
    return () -> listeners.remove(listener);
  }

  @Override
  public Instant instant() {
    return now.get();
  }

  @Override
  public ZoneId getZone() {
    return ZoneOffset.UTC;
  }

  @Override
  public Clock withZone(ZoneId zone) {
    if (ZoneOffset.UTC.equals(zone)) {
      return this;
    }
    throw new UnsupportedOperationException("a TestClock is always UTC");
  }
}
