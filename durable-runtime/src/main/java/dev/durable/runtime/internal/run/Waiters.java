package dev.durable.runtime.internal.run;

import dev.durable.runtime.RunError;
import dev.durable.runtime.RunState;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Tells callers awaiting a run how it ended when this engine ends it, so that {@code await} does
 * not read the store for runs executed here. Keeps the outcomes of recently ended runs for callers
 * that come late; bounded, and only a shortcut: the store is the truth.
 */
public final class Waiters {
  private static final int REMEMBERED = 10_000;

  /** How a run ended. */
  record Outcome(RunState status, String output, RunError error) {}

  private final Map<String, CompletableFuture<Outcome>> outcomes =
      new LinkedHashMap<>() {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, CompletableFuture<Outcome>> eldest) {
          return size() > REMEMBERED;
        }
      };

  /** The run's outcome, completed when this engine ends the run (or already, if it did). */
  synchronized CompletableFuture<Outcome> signal(String runId) {
    return outcomes.computeIfAbsent(runId, id -> new CompletableFuture<>());
  }

  /** The run ended here. */
  void ended(String runId, Outcome outcome) {
    signal(runId).complete(outcome);
  }

  /** The run will run again (requeued): its remembered outcome no longer holds. */
  public synchronized void forget(String runId) {
    outcomes.remove(runId);
  }

  /** Waits for {@code signal} for at most {@code millis}; null if it did not come. */
  static Outcome await(CompletableFuture<Outcome> signal, long millis)
      throws InterruptedException {
    try {
      return signal.get(millis, TimeUnit.MILLISECONDS);
    } catch (ExecutionException | TimeoutException e) {
      return null;
    }
  }
}
