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
 * Builds the {@link Observer} of an engine or a worker from what its builder was given. The
 * Micrometer and OpenTelemetry observers are named only in branches taken when a registry or an
 * OpenTelemetry instance was given: the JVM loads a class when code naming it first runs, so
 * without them neither library needs to be on the class path.
 */
public final class Observers {

  private Observers() {}

  /**
   * The observer reporting metrics to {@code meterRegistry} (a Micrometer {@code MeterRegistry})
   * and spans to {@code openTelemetry} (an {@code OpenTelemetry}); either may be null for none.
   */
  public static Observer of(Object meterRegistry, Object openTelemetry) {
    Observer metrics =
        meterRegistry == null ? Observer.NONE : MicrometerObserver.of(meterRegistry);
    Observer tracing =
        openTelemetry == null ? Observer.NONE : OtelObserver.of(openTelemetry);
    if (tracing == Observer.NONE) {
      return metrics;
    }
    if (metrics == Observer.NONE) {
      return tracing;
    }
    return new Both(metrics, tracing);
  }

  /** Metrics to one observer, spans to the other; a run's end to both. */
  private record Both(Observer metrics, Observer tracing) implements Observer {
    @Override
    public void runStarted(String workflow) {
      metrics.runStarted(workflow);
    }

    @Override
    public void runCompleted(String workflow) {
      metrics.runCompleted(workflow);
      tracing.runCompleted(workflow);
    }

    @Override
    public void runFailed(String workflow, String code) {
      metrics.runFailed(workflow, code);
      tracing.runFailed(workflow, code);
    }

    @Override
    public void runSetAside(String workflow) {
      metrics.runSetAside(workflow);
    }

    @Override
    public void runPaused(String workflow) {
      metrics.runPaused(workflow);
    }

    @Override
    public void stepAttempt(String workflow, String step, String outcome, Duration duration) {
      metrics.stepAttempt(workflow, step, outcome, duration);
    }

    @Override
    public void runClaimed(String workflow, Duration late, boolean takenOver) {
      metrics.runClaimed(workflow, late, takenOver);
    }

    @Override
    public void queueSlots(String queue, IntSupplier used) {
      metrics.queueSlots(queue, used);
    }

    @Override
    public void tasksWaiting(Supplier<Map<String, Long>> queuedByStep) {
      metrics.tasksWaiting(queuedByStep);
    }

    @Override
    public void queuesSeen(Supplier<List<QueueInfo>> queues, Duration every) {
      metrics.queuesSeen(queues, every);
    }

    @Override
    public void runsAdmitted(String queue, int count, boolean heldByRate) {
      metrics.runsAdmitted(queue, count, heldByRate);
    }

    @Override
    public void triggerStats(String trigger, Supplier<TriggerInfo> stats) {
      metrics.triggerStats(trigger, stats);
    }

    @Override
    public String runStarting(String runId, String workflow) {
      return tracing.runStarting(runId, workflow);
    }

    @Override
    public TraceSpan turn(String runId, String workflow, String version, String traceContext) {
      return tracing.turn(runId, workflow, version, traceContext);
    }

    @Override
    public TraceSpan stepAttempt(String runId, String workflow, String step, int attempt) {
      return tracing.stepAttempt(runId, workflow, step, attempt);
    }

    @Override
    public TraceSpan task(String traceContext, String runId, String step, int attempt) {
      return tracing.task(traceContext, runId, step, attempt);
    }

    @Override
    public String traceContext() {
      return tracing.traceContext();
    }

    @Override
    public <T> Callable<T> withCurrentContext(Callable<T> task) {
      return tracing.withCurrentContext(task);
    }

    @Override
    public void close() {
      metrics.close();
      tracing.close();
    }
  }
}
