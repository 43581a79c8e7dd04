package dev.durable.bench;

import dev.durable.runtime.DurableHooks;
import dev.durable.runtime.RunEvent;
import dev.durable.runtime.StepEvent;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * When each step of each watched run of {@link LongRunWorkflow} started, in the order they ran,
 * and when the run completed, all by {@link System#nanoTime()} in the hooks ({@code onStepStart},
 * called once per step before its first attempt and not when a replay answers for it, and {@code
 * onRunComplete}).
 */
final class StepClock implements DurableHooks {
  private static final Duration COMPLETION_HOOK = Duration.ofSeconds(10);
  private static final Duration REACH = Duration.ofMinutes(10);

  /**
   * One watched run: its moments, how many steps have started, and a latch released when step
   * {@code signalAt} starts.
   */
  private record Watched(
      AtomicLongArray moments, AtomicInteger started, int signalAt, CountDownLatch reached) {}

  private final Map<String, Watched> runs = new ConcurrentHashMap<>();

  /** Watches the run {@code runId} of {@code steps} steps; call before starting it. */
  void watch(String runId, int steps) {
    watch(runId, steps, -1);
  }

  /** Like {@link #watch(String, int)}, and {@link #awaitStep} waits for step {@code signalAt}. */
  void watch(String runId, int steps, int signalAt) {
    runs.put(runId, new Watched(
        new AtomicLongArray(steps + 1), new AtomicInteger(), signalAt, new CountDownLatch(1)));
  }

  /** Waits until the step given to {@link #watch(String, int, int)} has started. */
  void awaitStep(String runId) throws InterruptedException {
    if (!runs.get(runId).reached().await(REACH.toMillis(), TimeUnit.MILLISECONDS)) {
      throw new IllegalStateException("run " + runId + " did not reach its step in time");
    }
  }

  /**
   * The moments of a watched run that has completed: element {@code i < steps} is when its
   * {@code i}-th step started, element {@code steps} when the run completed.
   */
  long[] moments(String runId) throws InterruptedException {
    AtomicLongArray at = runs.get(runId).moments();
    long deadline = System.nanoTime() + COMPLETION_HOOK.toNanos();
    // the engine commits the completion, which await() may read, before it calls the hook
    while (at.get(at.length() - 1) == 0 && System.nanoTime() < deadline) {
      Thread.sleep(1);
    }
    runs.remove(runId);
    long[] moments = new long[at.length()];
    for (int i = 0; i < moments.length; i++) {
      moments[i] = at.get(i);
      if (moments[i] == 0) {
        throw new IllegalStateException("run " + runId + " has no moment " + i);
      }
    }
    return moments;
  }

  @Override
  public void onStepStart(StepEvent step) {
    Watched run = runs.get(step.runId());
    if (run != null) {
      int i = run.started().getAndIncrement();
      if (i < run.moments().length() - 1) {
        run.moments().set(i, System.nanoTime());
      }
      if (i == run.signalAt()) {
        run.reached().countDown();
      }
    }
  }

  @Override
  public void onRunComplete(RunEvent run) {
    Watched watched = runs.get(run.runId());
    if (watched != null) {
      watched.moments().set(watched.moments().length() - 1, System.nanoTime());
    }
  }
}
