package dev.durable.runtime.engine;

import dev.durable.runtime.StepContext;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The {@link StepContext} of one attempt, with its cancellation. */
final class AttemptContext implements StepContext {
  private static final Logger LOG = LoggerFactory.getLogger(AttemptContext.class);

  private final String runId;
  private final String stepName;
  private final int attempt;
  private final Optional<Instant> deadline;
  private final List<Runnable> onCancel = new ArrayList<>();
  private boolean cancelled;

  AttemptContext(String runId, String stepName, int attempt, Optional<Instant> deadline) {
    this.runId = runId;
    this.stepName = stepName;
    this.attempt = attempt;
    this.deadline = deadline;
  }

  @Override
  public String runId() {
    return runId;
  }

  @Override
  public String stepName() {
    return stepName;
  }

  @Override
  public int attempt() {
    return attempt;
  }

  @Override
  public Optional<Instant> deadline() {
    return deadline;
  }

  @Override
  public synchronized boolean isCancelled() {
    return cancelled;
  }

  @Override
  public void onCancel(Runnable action) {
    synchronized (this) {
      if (!cancelled) {
        onCancel.add(action);
        return;
      }
    }
    runQuietly(action);
  }

  /** Cancels the attempt, running its cancellation actions once. */
  void cancel() {
    List<Runnable> actions;
    synchronized (this) {
      if (cancelled) {
        return;
      }
      cancelled = true;
      actions = List.copyOf(onCancel);
      onCancel.clear();
    }
    actions.forEach(this::runQuietly);
  }

  private void runQuietly(Runnable action) {
    try {
      action.run();
    } catch (RuntimeException e) {
      LOG.warn("a cancellation action of step '{}' of run {} threw; ignored", stepName, runId, e);
    }
  }
}
