package dev.durable.runtime.codec;

import dev.durable.runtime.DurableException;

/** A value could not be encoded for storage, or a stored value could not be decoded. */
public class PayloadException extends DurableException {
  private static final long serialVersionUID = 1L;

  private final boolean quotesValues;

  public PayloadException(String message, Throwable cause) {
    this(message, cause, true);
  }

  /**
   * @param quotesValues false when the message names only types and Jackson's reason (a type
   *     Jackson cannot write at all), so that it may be logged
   */
  public PayloadException(String message, Throwable cause, boolean quotesValues) {
    super(message, cause);
    this.quotesValues = quotesValues;
  }

  /** Whether the message may quote the values being stored or read (it is then not logged). */
  public boolean quotesValues() {
    return quotesValues;
  }
}
