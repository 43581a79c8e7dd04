package dev.durable.runtime;

import java.util.Optional;

/** A run was cancelled before it finished; its code is {@code cancelled}. */
public class RunCancelledException extends RunFailedException {
  private static final long serialVersionUID = 1L;

  public RunCancelledException(String runId) {
    super(
        runId,
        new RunError(
            "run " + runId + " was cancelled", "cancelled", RunCancelledException.class.getName(),
            Optional.empty()));
  }
}
