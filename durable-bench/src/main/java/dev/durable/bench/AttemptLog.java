package dev.durable.bench;

import dev.durable.runtime.DurableHooks;
import dev.durable.runtime.RunError;
import dev.durable.runtime.RunEvent;
import dev.durable.runtime.StepEvent;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * When things happened to each run of {@link BackoffWorkflow}: the retry as the hook reports it,
 * the start of the run's second turn (after the backoff), and the real start of attempt 2.
 */
public final class AttemptLog implements DurableHooks {

  /** One run's moments; each is set once, by the thread that sees it. */
  static final class Moments {
    private final AtomicInteger turns = new AtomicInteger();
    volatile Instant retryHookAt;
    volatile Duration delay;
    volatile Instant secondTurnAt;
    volatile Instant secondAttemptAt;
  }

  private final Map<String, Moments> runs = new ConcurrentHashMap<>();

  /** Called by the step itself as an attempt begins. */
  void attemptStarted(String runId, int attempt, Instant at) {
    if (attempt == 2) {
      moments(runId).secondAttemptAt = at;
    }
  }

  @Override
  public void onRunStart(RunEvent run) {
    if (run.workflowName().equals("bench-backoff")) {
      Moments moments = moments(run.runId());
      if (moments.turns.incrementAndGet() == 2) {
        moments.secondTurnAt = Instant.now();
      }
    }
  }

  @Override
  public void onStepRetry(StepEvent step, RunError error, Duration delay) {
    Moments moments = moments(step.runId());
    moments.retryHookAt = step.at();
    moments.delay = delay;
  }

  Optional<Moments> get(String runId) {
    return Optional.ofNullable(runs.get(runId));
  }

  private Moments moments(String runId) {
    return runs.computeIfAbsent(runId, id -> new Moments());
  }
}
