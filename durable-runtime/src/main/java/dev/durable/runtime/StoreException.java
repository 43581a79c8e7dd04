package dev.durable.runtime;

/**
 * The database refused or failed a statement; the message says what the engine was storing or
 * reading.
 *
 * <p>{@link #isPermanent()} tells an outage (the connection broke, the server restarts: the same
 * write may succeed later) from a refusal (the database rejected what was written, or a row it read
 * cannot be understood: the same write or read fails again, so retrying cannot help).
 */
public class StoreException extends DurableException {
  private static final long serialVersionUID = 1L;

  private final boolean permanent;

  /** An outage: the same statement may succeed later. */
  public StoreException(String message, Throwable cause) {
    this(message, cause, false);
  }

  public StoreException(String message, Throwable cause, boolean permanent) {
    super(message, cause);
    this.permanent = permanent;
  }

  /** Whether the same write or read would fail again: retrying cannot help. */
  public boolean isPermanent() {
    return permanent;
  }
}
