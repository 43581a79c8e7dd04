package dev.durable.runtime.engine;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Wakes callers awaiting a run when this engine ends it, so that {@code await} does not wait for
 * its next look at the store.
 */
final class Waiters {
  private final Map<String, CompletableFuture<Void>> waiting = new ConcurrentHashMap<>();

  /** A signal to wait on; take it before reading the run's state, so no ending is missed. */
  CompletableFuture<Void> signal(String runId) {
    return waiting.computeIfAbsent(runId, id -> new CompletableFuture<>());
  }

  /** The run ended here. */
  void ended(String runId) {
    CompletableFuture<Void> signal = waiting.remove(runId);
    if (signal != null) {
      signal.complete(null);
    }
  }

  /** Waits for {@code signal} for at most {@code millis}. */
  static void await(CompletableFuture<Void> signal, long millis) throws InterruptedException {
    try {
      signal.get(millis, TimeUnit.MILLISECONDS);
    } catch (ExecutionException | TimeoutException e) {
      // a timeout only means: look at the store again
    }
  }
}
