package dev.durable.runtime.trigger;

import dev.durable.runtime.TriggerInfo;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * A trigger's counts, kept as {@link TriggerInfo} describes them: each broker module counts
 * through this, so that every trigger's figures mean the same. Safe for any number of threads.
 */
public final class TriggerCounters {
  /** The lag before the broker's first report. */
  private static final long NO_LAG = -1;

  private final String trigger;
  private final LongAdder consumed = new LongAdder();
  private final LongAdder started = new LongAdder();
  private final LongAdder duplicates = new LongAdder();
  private final LongAdder deadLettered = new LongAdder();
  private final LongAdder redelivered = new LongAdder();
  private final AtomicLong lag = new AtomicLong(NO_LAG);
  private final AtomicBoolean paused = new AtomicBoolean();

  /** Counters of trigger {@code trigger}, all at zero. */
  public TriggerCounters(String trigger) {
    this.trigger = Objects.requireNonNull(trigger, "trigger");
  }

  /** One message taken from the broker. */
  public void consumed() {
    consumed.increment();
  }

  /**
   * What became of a message taken, counted under its kind: {@link StartOutcome.Kind#REJECTED} for
   * every message dead-lettered or set aside, whatever the reason (one that failed as often as
   * allowed too), {@code UNAVAILABLE} and {@code FAILED} for every one handed back.
   */
  public void outcome(StartOutcome.Kind kind) {
    switch (kind) {
      case STARTED -> started.increment();
      case DUPLICATE -> duplicates.increment();
      case REJECTED -> deadLettered.increment();
      case UNAVAILABLE, FAILED -> redelivered.increment();
    }
  }

  /** The broker's latest count of the messages it holds for the trigger, not delivered yet. */
  public void lag(long pending) {
    lag.set(Math.max(0, pending));
  }

  /** Whether the trigger holds back now, for a queue at its bound. */
  public void paused(boolean paused) {
    this.paused.set(paused);
  }

  /** The counts now. */
  public TriggerInfo snapshot() {
    long pending = lag.get();
    return new TriggerInfo(trigger, consumed.sum(), started.sum(), duplicates.sum(),
        deadLettered.sum(), redelivered.sum(),
        pending == NO_LAG ? OptionalLong.empty() : OptionalLong.of(pending), paused.get());
  }
}
