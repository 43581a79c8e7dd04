package dev.durable.runtime.codec;

/**
 * The payload codec refused a payload: it threw or returned null on encode, so that nothing was
 * stored, or it cannot decode a stored payload (an unknown key id, altered bytes), or the payload
 * is encoded and no codec was given. Unlike a value that does not fit its class, a run meeting it
 * on read is not failed: another engine, or this one once it has the key, can read it.
 */
public class PayloadCodecException extends PayloadException {
  private static final long serialVersionUID = 1L;

  public PayloadCodecException(String message, Throwable cause) {
    super(message, cause, false);
  }
}
