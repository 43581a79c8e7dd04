package dev.durable.runtime;

import java.time.Duration;

/**
 * Callbacks an engine makes as runs progress; register with {@link
 * DurableEngine.Builder#hooks(DurableHooks)}. They run on the engine's threads after the transition
 * they report is stored; an exception thrown by a hook is logged and otherwise ignored. Each
 * transition is also written to the event log ({@link DurableEngine#history(String)}).
 */
public interface DurableHooks {

  /** An engine picked the run up: each time, also after a backoff or a sleep. */
  default void onRunStart(RunEvent run) {}

  /** A step is about to make its first attempt: once per step. */
  default void onStepStart(StepEvent step) {}

  /** An attempt failed and the step will be retried after {@code delay}. */
  default void onStepRetry(StepEvent step, RunError error, Duration delay) {}

  /** A step finally succeeded: once per step. */
  default void onStepComplete(StepEvent step) {}

  /** A run finished with a result: once per run. */
  default void onRunComplete(RunEvent run) {}

  /** A run failed: once per failure. */
  default void onFailure(RunEvent run, RunError error) {}
}
