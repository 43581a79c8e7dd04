package dev.durable.runtime.store;

import dev.durable.runtime.DurableException;

/** The database refused or failed a statement; the message says what the store was doing. */
public class StoreException extends DurableException {
  private static final long serialVersionUID = 1L;

  public StoreException(String message, Throwable cause) {
    super(message, cause);
  }
}
