package dev.durable.runtime.internal.run;

import dev.durable.runtime.internal.flow.SharedSlots;
import dev.durable.runtime.internal.store.RunStore;
import dev.durable.runtime.internal.time.Threads;
import dev.durable.runtime.internal.time.Time;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the leases of the runs executing here, and only those (a run whose turn was abandoned, the
 * store having failed under it, must come due when its lease expires). Each renewal also has
 * {@link SteeredElsewhere} look for runs among them cancelled through another engine.
 *
 * <p>Leases expire by the engine's clock, and are renewed whenever a third of a lease has passed
 * by it: every third of a lease of real time, and at once when a {@code ManualClock} jumps further
 * than that (see {@link #clockMoved}), so that moving a test clock does not let the leases of runs
 * in flight here lapse. The real-time
 * renewals also look for runs cancelled elsewhere, which a frozen test clock must not stop.
 */
public final class Leases implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(Leases.class);
  /** The longest {@link #close} waits for a renewal under way to end. */
  private static final Duration RENEWAL_DRAIN = Duration.ofSeconds(5);

  private final RunStore store;
  private final Time time;
  private final InFlight inFlight;
  private final String engineId;
  private final Duration leaseDuration;
  private final SteeredElsewhere steeredElsewhere;
  /** The step queues' slots this engine holds across engines; null if it takes none. */
  private final SharedSlots slots;
  private final Duration renewEvery;
  private final ScheduledExecutorService renewals;
  private final AtomicBoolean renewalQueued = new AtomicBoolean();
  private volatile Instant renewedAt;

  /**
   * Starts renewing at once: {@code tick()} executes runs under leases too.
   *
   * @param slots the step queues' slots this engine takes across engines, renewed with the runs'
   *     leases; null if it takes none
   */
  public Leases(
      RunStore store, Time time, InFlight inFlight, String engineId, Duration leaseDuration,
      SteeredElsewhere steeredElsewhere, SharedSlots slots) {
    this.store = store;
    this.slots = slots;
    this.time = time;
    this.inFlight = inFlight;
    this.engineId = engineId;
    this.leaseDuration = leaseDuration;
    this.steeredElsewhere = steeredElsewhere;
    this.renewEvery = Duration.ofMillis(Math.max(1, leaseDuration.toMillis() / 3));
    this.renewedAt = time.now();
    this.renewals =
        Executors.newSingleThreadScheduledExecutor(task -> Threads.daemon(task, "durable-leases"));
    renewals.scheduleAtFixedRate(
        this::renew, renewEvery.toMillis(), renewEvery.toMillis(), TimeUnit.MILLISECONDS);
  }

  /** A test clock moved: renews the leases at once if a third of a lease has passed by it. */
  void clockMoved() {
    if (!time.now().isBefore(renewedAt.plus(renewEvery))
        && renewalQueued.compareAndSet(false, true)) {
      try {
        renewals.execute(() -> {
          renewalQueued.set(false);
          renew();
        });
      } catch (RejectedExecutionException closing) {
        // the engine is closing: its leases are released
      }
    }
  }

  private void renew() {
    List<String> inFlight = this.inFlight.ids();
    Instant now = time.now();
    renewedAt = now;
    try {
      store.renewLeases(
          engineId, inFlight, now.plus(leaseDuration));
      if (slots != null) {
        slots.renew(now);
      }
    } catch (RuntimeException e) {
      LOG.warn("cannot renew this engine's leases: {}; runs in flight may be taken over by"
          + " another engine if this lasts {}", e.getMessage(), leaseDuration);
    }
    steeredElsewhere.stop(inFlight);
  }

  /**
   * Stops renewing, after the renewal under way, if any: the engine releases its leases next, once
   * no turn is in flight. Not interrupted, as a {@code PollLoop} is not.
   */
  @Override
  public void close() {
    renewals.shutdown();
    try {
      renewals.awaitTermination(RENEWAL_DRAIN.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
