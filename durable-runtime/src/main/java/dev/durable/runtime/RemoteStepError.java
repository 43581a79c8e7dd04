package dev.durable.runtime;

/**
 * Thrown into a workflow's {@code @Run} method where a dispatched step failed for good: its worker
 * reported a non-retryable error (a {@link FatalError} thrown in the handler, or any error flagged
 * so), or its retries are exhausted. Carries the worker's message and code.
 */
public class RemoteStepError extends StepFailedException {
  private static final long serialVersionUID = 1L;

  public RemoteStepError(RunError error, int attempts) {
    super(error, attempts, null);
  }
}
