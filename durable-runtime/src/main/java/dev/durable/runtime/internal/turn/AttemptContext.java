package dev.durable.runtime.internal.turn;

import dev.durable.runtime.StepContext;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@link StepContext} of one attempt, with its cancellation: its token fires, its actions run,
 * and the thread running its body, if any, is interrupted.
 */
public final class AttemptContext implements StepContext {
  private static final Logger LOG = LoggerFactory.getLogger(AttemptContext.class);

  private final String runId;
  private final String stepName;
  private final int attempt;
  private final Optional<Instant> deadline;
  private final List<Runnable> onCancel = new ArrayList<>();
  private boolean cancelled;
  /** The thread running the body now, or null; interrupted on cancellation. */
  private Thread running;
  /** Whether the cancellation interrupted {@link #running}. */
  private boolean interrupted;

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

  /**
   * Runs the attempt's body on the calling thread, which its cancellation interrupts (at once, if
   * it was cancelled already). The interrupt never outlives the body: a cancellation's interrupt
   * still pending when the body returns is cleared, so that the turn's own waits and writes on this
   * thread afterwards are not disturbed.
   */
  <T> T run(Callable<T> body) throws Exception {
    synchronized (this) {
      running = Thread.currentThread();
      if (cancelled) {
        interrupted = true;
        running.interrupt();
      }
    }
    try {
      return body.call();
    } finally {
      synchronized (this) {
        running = null;
        if (interrupted) {
          Thread.interrupted();
        }
      }
    }
  }

  /**
   * Cancels the attempt, once: its token fires, the thread running its body is interrupted, and
   * its cancellation actions run.
   */
  public void cancel() {
    List<Runnable> actions;
    synchronized (this) {
      if (cancelled) {
        return;
      }
      cancelled = true;
      if (running != null) {
        interrupted = true;
        running.interrupt();
      }
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
