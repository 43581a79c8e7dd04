package dev.durable.runtime;

import java.time.Duration;

/**
 * What a {@code @Run} method may ask of the engine. Declare it as the method's first parameter to
 * receive it; it is not part of the run's stored input.
 */
public interface WorkflowContext {

  /** The id of the run being executed. */
  String runId();

  /** The workflow's name. */
  String workflowName();

  /** The workflow's version. */
  String workflowVersion();

  /**
   * A durable timer: the run is suspended in storage and resumes once {@code duration} has passed,
   * on whichever engine picks it up, even after a crash or a deploy. Zero or negative durations
   * return at once.
   */
  void sleep(Duration duration);

  /**
   * Whether this turn is still replaying recorded checkpoints: true until the first step or timer
   * that has not finished before. Use it to avoid logging the same thing on every replay.
   */
  boolean isReplaying();
}
