package dev.durable.runtime;

/** No run with the given id is stored (or it belongs to another workflow than asked). */
public class UnknownRunException extends DurableException {
  private static final long serialVersionUID = 1L;

  public UnknownRunException(String message) {
    super(message);
  }
}
