package dev.durable.runtime.internal.engine;

import dev.durable.runtime.RunState;
import dev.durable.runtime.StoreException;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
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
 * store having failed under it, must come due when its lease expires); and stops the runs among
 * them that were cancelled elsewhere.
 *
 * <p>Leases expire by the engine's clock, and are renewed whenever a third of a lease has passed
 * by it: every third of a lease of real time, and at once when a {@link
 * dev.durable.runtime.testing.TestClock} jumps further than that (see {@link #clockMoved}), so
 * that moving a test clock does not let the leases of runs in flight here lapse. The real-time
 * renewals also look for runs cancelled elsewhere, which a frozen test clock must not stop.
 */
final class Leases implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(Leases.class);

  private final Services services;
  private final Duration renewEvery;
  private final ScheduledExecutorService renewals;
  private final AtomicBoolean renewalQueued = new AtomicBoolean();
  private volatile Instant renewedAt;

  /** Starts renewing at once: {@code tick()} executes runs under leases too. */
  Leases(Services services) {
    this.services = services;
    this.renewEvery = Duration.ofMillis(Math.max(1, services.leaseDuration().toMillis() / 3));
    this.renewedAt = services.time().now();
    this.renewals =
        Executors.newSingleThreadScheduledExecutor(task -> Threads.daemon(task, "durable-leases"));
    renewals.scheduleAtFixedRate(
        this::renew, renewEvery.toMillis(), renewEvery.toMillis(), TimeUnit.MILLISECONDS);
  }

  /** A test clock moved: renews the leases at once if a third of a lease has passed by it. */
  void clockMoved() {
    if (!services.time().now().isBefore(renewedAt.plus(renewEvery))
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
    List<String> inFlight = services.inFlight().ids();
    Instant now = services.time().now();
    renewedAt = now;
    try {
      services.store().renewLeases(
          services.engineId(), inFlight, now.plus(services.leaseDuration()));
    } catch (RuntimeException e) {
      LOG.warn("cannot renew this engine's leases: {}; runs in flight may be taken over by"
          + " another engine if this lasts {}", e.getMessage(), services.leaseDuration());
    }
    stopCancelled(inFlight);
  }

  /**
   * Stops the runs among {@code runIds} that execute here but were cancelled through another
   * engine (or by hand): their attempts are cancelled and the threads running them interrupted, as
   * {@code cancel} does on the engine it is called on. This engine learns of such a cancellation
   * from PostgreSQL's notification at once, or else at its next lease renewal.
   */
  void stopCancelled(Collection<String> runIds) {
    List<String> candidates = runIds.stream()
        .filter(runId -> services.inFlight().get(runId).filter(run -> !run.isCancelled())
            .isPresent())
        .toList();
    if (candidates.isEmpty()) {
      return;
    }
    List<String> cancelled;
    try {
      cancelled = services.store().cancelled(candidates);
    } catch (StoreException e) {
      LOG.warn("cannot read whether runs executing here were cancelled: {}; they are looked at"
          + " again at the next lease renewal", e.getMessage());
      return;
    }
    for (String runId : cancelled) {
      LOG.info("run {} was cancelled elsewhere; its turn here stops", runId);
      services.inFlight().cancel(runId);
      services.waiters().ended(runId, new Waiters.Outcome(RunState.CANCELLED, null, null));
    }
  }

  /** Stops renewing: the engine releases its leases next, once no turn is in flight. */
  @Override
  public void close() {
    renewals.shutdownNow();
  }
}
