package dev.durable.runtime;

/**
 * A signal token was used already ({@link DurableEngine#signalWithToken}): a token sends its
 * signal once. Over HTTP: 409.
 */
public class SignalTokenUsedException extends IllegalStateException {
  private static final long serialVersionUID = 1L;

  public SignalTokenUsedException(String message) {
    super(message);
  }
}
