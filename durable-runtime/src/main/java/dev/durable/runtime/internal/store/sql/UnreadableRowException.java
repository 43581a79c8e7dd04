package dev.durable.runtime.internal.store.sql;

import dev.durable.runtime.StoreException;

/**
 * A row holds a value this version of Durable cannot understand (changed by hand, or written by a
 * newer version): reading it again gives the same answer, so the run it belongs to is failed with
 * a message that names the column, the value and what to do.
 */
public class UnreadableRowException extends StoreException {
  private static final long serialVersionUID = 1L;

  public UnreadableRowException(String message) {
    super(message, null, true);
  }
}
