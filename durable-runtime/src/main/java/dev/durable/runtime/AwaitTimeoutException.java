package dev.durable.runtime;

/** {@link RunHandle#await(java.time.Duration)} gave up before the run ended; the run goes on. */
public class AwaitTimeoutException extends DurableException {
  private static final long serialVersionUID = 1L;

  public AwaitTimeoutException(String message) {
    super(message);
  }
}
