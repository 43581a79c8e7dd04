package dev.durable.runtime;

/** The base of the exceptions the engine throws to its callers. */
public class DurableException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public DurableException(String message) {
    super(message);
  }

  public DurableException(String message, Throwable cause) {
    super(message, cause);
  }
}
