package dev.durable.runtime;

/**
 * A signal token expired, or its run has ended ({@link DurableEngine#signalWithToken}): nothing can
 * be sent with it any more. Over HTTP: 410.
 */
public class SignalTokenExpiredException extends IllegalStateException {
  private static final long serialVersionUID = 1L;

  public SignalTokenExpiredException(String message) {
    super(message);
  }
}
