package dev.durable.runtime;

/**
 * What an engine or a worker does to the bytes of every payload it stores, and undoes when it
 * reads them: the type that the builders' {@code payloadCodec(...)} take. Implement {@code
 * dev.durable.runtime.codec.PayloadCodec}, which extends it and says what an implementation
 * must do, or use one of {@code dev.durable.runtime.codec.PayloadCodecs}.
 */
public interface PayloadTransform {
  /** The bytes to store for {@code payload} (a value's JSON text, UTF-8). */
  byte[] encode(byte[] payload);

  /** The payload that {@link #encode} turned into {@code stored}. */
  byte[] decode(byte[] stored);

  /**
   * How bytes this codec stored are named to whoever reads the store without its keys (an
   * operator's CLI, the dashboard): {@code aes-gcm, key k2}. Written beside the stored bytes, so it
   * must not tell a secret. By default the codec class's simple name.
   */
  default String describe(byte[] stored) {
    return getClass().getSimpleName();
  }
}
