package dev.durable.runtime.internal.run;

import dev.durable.runtime.RunState;
import dev.durable.runtime.StoreException;
import dev.durable.runtime.internal.store.RunStore;
import dev.durable.runtime.internal.wake.EngineWakeups;
import java.util.Collection;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Stops the turns executing here of runs that were cancelled through another engine, or by hand. */
public final class CancelledElsewhere {
  private static final Logger LOG = LoggerFactory.getLogger(CancelledElsewhere.class);

  private final RunStore store;
  private final InFlight inFlight;
  private final Waiters waiters;
  private final EngineWakeups wakeups;

  /** @param wakeups tells the readers of a cancelled run's events and streams, which end with it */
  public CancelledElsewhere(RunStore store, InFlight inFlight, Waiters waiters,
      EngineWakeups wakeups) {
    this.store = store;
    this.inFlight = inFlight;
    this.waiters = waiters;
    this.wakeups = wakeups;
  }

  /**
   * Stops the runs among {@code runIds} that execute here but were cancelled through another
   * engine (or by hand): their attempts are cancelled and the threads running them interrupted, as
   * {@code cancel} does on the engine it is called on. This engine learns of such a cancellation
   * from PostgreSQL's notification at once, or else at its next lease renewal.
   */
  public void stop(Collection<String> runIds) {
    List<String> candidates = runIds.stream()
        .filter(runId -> inFlight.get(runId).filter(run -> !run.isCancelled())
            .isPresent())
        .toList();
    if (candidates.isEmpty()) {
      return;
    }
    List<String> cancelled;
    try {
      cancelled = store.cancelled(candidates);
    } catch (StoreException e) {
      LOG.warn("cannot read whether runs executing here were cancelled: {}; they are looked at"
          + " again at the next lease renewal", e.getMessage());
      return;
    }
    for (String runId : cancelled) {
      LOG.info("run {} was cancelled elsewhere; its turn here stops", runId);
    }
    stopHere(cancelled);
  }

  /**
   * Stops what this engine does for runs just cancelled (through it, or elsewhere): the attempts
   * of those in flight here are cancelled, and callers awaiting them, or reading their events and
   * streams, in this process are told.
   */
  public void stopHere(Collection<String> cancelled) {
    for (String runId : cancelled) {
      inFlight.cancel(runId);
      waiters.ended(runId, new Waiters.Outcome(RunState.CANCELLED, null, null));
      wakeups.valuesChanged(runId);
    }
  }
}
