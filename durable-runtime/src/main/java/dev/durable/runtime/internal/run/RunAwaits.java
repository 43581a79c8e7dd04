package dev.durable.runtime.internal.run;

import dev.durable.runtime.AwaitTimeoutException;
import dev.durable.runtime.DurableException;
import dev.durable.runtime.RunCancelledException;
import dev.durable.runtime.RunFailedException;
import dev.durable.runtime.RunState;
import dev.durable.runtime.codec.PayloadException;
import dev.durable.runtime.codec.Payloads;
import dev.durable.runtime.internal.common.Errors;
import dev.durable.runtime.internal.model.RunRecord;
import dev.durable.runtime.internal.store.RunStore;
import dev.durable.runtime.spi.Payload;
import dev.durable.runtime.spi.WorkflowType;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/**
 * Awaits a run's end for its handle ({@code RunHandle.await}): from memory for a run executed
 * here, else from the store now and then, and turns the outcome into the result or the exception.
 */
public final class RunAwaits {
  private static final long AWAIT_POLL_MS = 100;

  private final RunStore store;
  private final Waiters waiters;
  private final InFlight inFlight;
  private final Payloads payloads;
  private final Scheduler scheduler;

  public RunAwaits(
      RunStore store, Waiters waiters, InFlight inFlight, Payloads payloads, Scheduler scheduler) {
    this.store = store;
    this.waiters = waiters;
    this.inFlight = inFlight;
    this.payloads = payloads;
    this.scheduler = scheduler;
  }

  /**
   * Waits for the run to end. A run executed here is answered from memory when it ends; one that
   * is not is read from the store now and then, as another engine may end it.
   */
  public <R> R await(String runId, WorkflowType<R> type, Duration timeout) {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (true) {
      CompletableFuture<Waiters.Outcome> ended = waiters.signal(runId);
      Waiters.Outcome outcome = ended.getNow(null);
      // a completed run stays completed; a failure seen here may have been requeued elsewhere
      if (outcome == null || outcome.status() != RunState.COMPLETED) {
        outcome = inFlight.contains(runId) && outcome == null ? null : outcomeInStore(runId);
      }
      if (outcome != null) {
        return result(runId, outcome, type.result());
      }
      long remainingMs = (deadline - System.nanoTime()) / 1_000_000;
      if (remainingMs <= 0) {
        RunRecord run = find(runId);
        throw new AwaitTimeoutException(
            "run " + runId + " did not end within " + timeout + "; it is " + run.status()
                + (run.status() == RunState.SLEEPING ? " until " + run.wakeAt() : "")
                + (scheduler.isStarted() ? "" : "; this engine is not started: call"
                    + " engine.start(), or engine.tick() to run what is due"));
      }
      try {
        Waiters.await(ended, Math.min(remainingMs, AWAIT_POLL_MS));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new DurableException("interrupted while awaiting run " + runId, e);
      }
    }
  }

  /** The run's outcome as stored, or null if it has not ended. */
  private Waiters.Outcome outcomeInStore(String runId) {
    RunRecord run = find(runId);
    return run.status().isTerminal()
        ? new Waiters.Outcome(run.status(), run.output(), run.error())
        : null;
  }

  @SuppressWarnings("unchecked")
  private <R> R result(String runId, Waiters.Outcome outcome, Payload result) {
    if (outcome.status() == RunState.FAILED) {
      throw new RunFailedException(runId, outcome.error());
    }
    if (outcome.status() == RunState.CANCELLED) {
      throw new RunCancelledException(runId);
    }
    try {
      return (R) payloads.decode(result, outcome.output());
    } catch (PayloadException e) {
      throw new DurableException(
          "run " + runId + " completed, but its stored result cannot be decoded: "
              + e.getMessage() + "; the result class changed incompatibly since",
          e);
    }
  }

  private RunRecord find(String runId) {
    return store.findRun(runId).orElseThrow(() -> Errors.unknownRun(runId));
  }
}
