package dev.durable.runtime;

import java.util.Objects;

/**
 * Thrown into a workflow's {@code @Run} method where a step it called failed for good: its retries
 * are exhausted or it threw a non-retryable error. The workflow may catch it; if it does not, the
 * run fails with this step's error.
 *
 * <p>The same exception, with the same message and code, is thrown again when the run replays, so
 * that code catching it takes the same path on every turn.
 */
public class StepFailedException extends DurableException {
  private static final long serialVersionUID = 1L;

  private final RunError error;
  private final int attempts;

  public StepFailedException(RunError error, int attempts, Throwable cause) {
    super(error.message(), cause);
    this.error = Objects.requireNonNull(error, "error");
    this.attempts = attempts;
  }

  /** The step's error, with the step's name. */
  public RunError error() {
    return error;
  }

  /** The error's short stable code: a {@link FatalError}'s code, or {@code step_failed}. */
  public String code() {
    return error.code();
  }

  /** The name of the step that failed. */
  public String step() {
    return error.step().orElseThrow();
  }

  /** How many attempts the step made. */
  public int attempts() {
    return attempts;
  }
}
