package dev.durable.runtime;

import java.util.Objects;

/**
 * A run ended in failure. {@link #getMessage()} is the run's error message as the failing code said
 * it; {@link #code()} its short stable code.
 */
public class RunFailedException extends DurableException {
  private static final long serialVersionUID = 1L;

  private final String runId;
  private final RunError error;

  public RunFailedException(String runId, RunError error) {
    super(error.message());
    this.runId = Objects.requireNonNull(runId, "runId");
    this.error = error;
  }

  /** The failed run. */
  public String runId() {
    return runId;
  }

  /** The run's structured error. */
  public RunError error() {
    return error;
  }

  /** The error's short stable code, such as a {@link FatalError}'s. */
  public String code() {
    return error.code();
  }
}
