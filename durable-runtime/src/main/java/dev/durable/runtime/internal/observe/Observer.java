package dev.durable.runtime.internal.observe;

import dev.durable.runtime.QueueInfo;
import dev.durable.runtime.TriggerInfo;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.IntSupplier;
import java.util.function.Supplier;

/**
 * What an engine or a worker reports as it works: counts and times for metrics, spans for tracing.
 * Every method has a default that does nothing, which is {@link #NONE}: the engine without metrics
 * and tracing. Tags are low-cardinality values (workflow and step names, error codes, queues);
 * run ids go only on spans.
 */
public interface Observer extends AutoCloseable {

  /** Reports nothing. */
  Observer NONE = new Observer() {};

  // ---- metrics

  /** A run of {@code workflow} was stored: started by a client, a parent or a schedule. */
  default void runStarted(String workflow) {}

  /**
   * A run of {@code workflow} completed with a result; called in its last turn, with the turn's
   * span current.
   */
  default void runCompleted(String workflow) {}

  /**
   * A run of {@code workflow} failed with error code {@code code}; called in its last turn, with
   * the turn's span current, if it failed in one.
   */
  default void runFailed(String workflow, String code) {}

  /**
   * A run of {@code workflow} was set aside: a payload of it cannot be decoded by this engine's
   * payload codec (a key it lacks), and it waits for an engine that can.
   */
  default void runSetAside(String workflow) {}

  /** A run of {@code workflow} was paused through this engine ({@code engine.pause}). */
  default void runPaused(String workflow) {}

  /**
   * An attempt of {@code step} ended after {@code duration}: {@code outcome} is {@code completed},
   * {@code retried} (another attempt follows) or {@code failed} (the step failed for good).
   */
  default void stepAttempt(String workflow, String step, String outcome, Duration duration) {}

  /**
   * This engine claimed a run of {@code workflow}, {@code late} after it was due; {@code takenOver}
   * when another engine held it and its lease had expired.
   */
  default void runClaimed(String workflow, Duration late, boolean takenOver) {}

  /** Queue {@code queue} of this engine: how many of its slots are in use, read when measured. */
  default void queueSlots(String queue, IntSupplier used) {}

  /**
   * The queued tasks of dispatched steps, by step name: the observer reads them now and then
   * (they cost a query) and reports how many wait for a worker.
   */
  default void tasksWaiting(Supplier<Map<String, Long>> queuedByStep) {}

  /**
   * The queues of runs, with their depth and runs admitted: the observer reads them at most once
   * per {@code every} (they cost a query per queue) and reports them.
   */
  default void queuesSeen(Supplier<List<QueueInfo>> queues, Duration every) {}

  /**
   * An admission of queue {@code queue} on this engine admitted {@code count} runs (0 included);
   * {@code heldByRate}: it left runs waiting for the queue's rate limit alone.
   */
  default void runsAdmitted(String queue, int count, boolean heldByRate) {}

  /**
   * Trigger {@code trigger} of this engine started: the observer reads its counts when it is
   * measured ({@code stats} is cheap: counters in memory, no query).
   */
  default void triggerStats(String trigger, Supplier<TriggerInfo> stats) {}

  // ---- tracing

  /**
   * Records the span of a run's start, a child of the current span, and returns its W3C {@code
   * traceparent}, which is stored with the run; null without tracing.
   */
  default String runStarting(String runId, String workflow) {
    return null;
  }

  /**
   * Opens the span of one turn of a run, a child of the span of its start ({@code traceContext},
   * stored with the run; the current span if null): it is current on this thread until closed.
   */
  default TraceSpan turn(String runId, String workflow, String version, String traceContext) {
    return TraceSpan.NONE;
  }

  /** Opens the span of one attempt of a local step, a child of the current span. */
  default TraceSpan stepAttempt(String runId, String workflow, String step, int attempt) {
    return TraceSpan.NONE;
  }

  /**
   * Opens a worker's span of one attempt of a dispatched step, a child of the span that {@code
   * traceContext} names (a W3C {@code traceparent}, stored with the task), or a root if null.
   */
  default TraceSpan task(String traceContext, String runId, String step, int attempt) {
    return TraceSpan.NONE;
  }

  /** The current span as a W3C {@code traceparent}, to store with a task; null if none. */
  default String traceContext() {
    return null;
  }

  /** {@code task}, run with the context current now: for work handed to another thread. */
  default <T> Callable<T> withCurrentContext(Callable<T> task) {
    return task;
  }

  /** Stops what the observer runs in the background. */
  @Override
  default void close() {}
}
