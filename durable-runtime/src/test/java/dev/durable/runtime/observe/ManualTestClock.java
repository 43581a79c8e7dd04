package dev.durable.runtime.observe;

import dev.durable.runtime.internal.time.ManualClock;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A clock these tests move by hand; {@code durable-test}'s {@code TestClock}, which this module
 * cannot depend on (that module depends on this one), is the one users get.
 */
final class ManualTestClock extends Clock implements ManualClock {
  private final AtomicReference<Instant> now;
  private final List<Runnable> listeners = new CopyOnWriteArrayList<>();

  ManualTestClock(Instant start) {
    this.now = new AtomicReference<>(start);
  }

  void advance(Duration duration) {
    advanceTo(now.get().plus(duration));
  }

  @Override
  public Instant advanceTo(Instant instant) {
    Instant moved = now.accumulateAndGet(instant, (a, b) -> a.isAfter(b) ? a : b);
    listeners.forEach(Runnable::run);
    return moved;
  }

  @Override
  public AutoCloseable onAdvance(Runnable listener) {
    listeners.add(listener);
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
    throw new UnsupportedOperationException("always UTC");
  }
}
