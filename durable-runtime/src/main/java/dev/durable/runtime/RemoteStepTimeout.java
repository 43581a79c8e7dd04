package dev.durable.runtime;

/**
 * Thrown into a workflow's {@code @Run} method where a dispatched step with a liveness window
 * ({@code @Step(timeoutMs)}) timed out on its last attempt: its task waited in the queue longer
 * than {@code pickupTimeoutMs}, or its worker went silent (no outcome and no heartbeat) for longer
 * than {@code timeoutMs}. Its code is {@code remote_step_timeout}.
 */
public class RemoteStepTimeout extends RemoteStepError {
  private static final long serialVersionUID = 1L;

  public RemoteStepTimeout(RunError error, int attempts) {
    super(error, attempts);
  }
}
