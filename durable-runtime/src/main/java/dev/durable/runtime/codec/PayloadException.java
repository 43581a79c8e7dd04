package dev.durable.runtime.codec;

import dev.durable.runtime.DurableException;

/** A value could not be encoded for storage, or a stored value could not be decoded. */
public class PayloadException extends DurableException {
  private static final long serialVersionUID = 1L;

  public PayloadException(String message, Throwable cause) {
    super(message, cause);
  }
}
