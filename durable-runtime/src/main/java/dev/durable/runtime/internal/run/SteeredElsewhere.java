package dev.durable.runtime.internal.run;

import dev.durable.runtime.RunState;
import dev.durable.runtime.StoreException;
import dev.durable.runtime.internal.store.RunStore;
import dev.durable.runtime.internal.wake.EngineWakeups;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Stops the turns executing here of runs that were cancelled or paused through another engine, or
 * by hand: a cancelled run's attempts are cancelled at once, a paused run's turn stops before its
 * next step, its attempts in flight recorded.
 */
public final class SteeredElsewhere {
  private static final Logger LOG = LoggerFactory.getLogger(SteeredElsewhere.class);

  private final RunStore store;
  private final InFlight inFlight;
  private final Waiters waiters;
  private final EngineWakeups wakeups;

  /** @param wakeups tells the readers of a cancelled run's events and streams, which end with it */
  public SteeredElsewhere(RunStore store, InFlight inFlight, Waiters waiters,
      EngineWakeups wakeups) {
    this.store = store;
    this.inFlight = inFlight;
    this.waiters = waiters;
    this.wakeups = wakeups;
  }

  /**
   * Stops the runs among {@code runIds} that execute here but were cancelled or paused through
   * another engine (or by hand): a cancelled one's attempts are cancelled and the threads running
   * them interrupted, as {@code cancel} does on the engine it is called on; a paused one's turn
   * stops before its next step. This engine learns of either from PostgreSQL's notification at
   * once, or else at its next lease renewal.
   */
  public void stop(Collection<String> runIds) {
    List<String> candidates = runIds.stream()
        .filter(runId -> inFlight.get(runId)
            .filter(run -> !run.isCancelled() && !run.isPaused()).isPresent())
        .toList();
    if (candidates.isEmpty()) {
      return;
    }
    Map<String, RunState> steered;
    try {
      steered = store.steered(candidates);
    } catch (StoreException e) {
      LOG.warn("cannot read whether runs executing here were cancelled or paused: {}; they are"
          + " looked at again at the next lease renewal", e.getMessage());
      return;
    }
    List<String> cancelled = new ArrayList<>();
    steered.forEach((runId, state) -> {
      if (state == RunState.CANCELLED) {
        LOG.info("run {} was cancelled elsewhere; its turn here stops", runId);
        cancelled.add(runId);
      } else {
        LOG.info("run {} was paused elsewhere; its turn here stops after its step in flight",
            runId);
        inFlight.pause(runId);
      }
    });
    stopHere(cancelled);
  }

  /** Stops the turn of run {@code runId} here before its next step, if it executes here. */
  public void pauseHere(String runId) {
    inFlight.pause(runId);
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
