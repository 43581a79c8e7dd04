package dev.durable.runtime.codec;

import dev.durable.runtime.PayloadTransform;

/**
 * Turns every payload Durable stores (inputs, results, signal values, events, stream items) into
 * the bytes kept in the database, and back: for encryption (with the team's own keys, which the
 * database never sees) or compression. One codec per engine and per worker, set with their
 * builders' {@code payloadCodec(...)}; the built-in ones are in {@link PayloadCodecs}. What is
 * searched or routed on (ids, names, versions, attributes, queue and partition keys,
 * deduplication ids, error codes) is never encoded.
 *
 * <p>Implementations are called from many threads at once, and must be deterministic in what they
 * read back: {@code decode(encode(p))} equals {@code p} for every {@code p}, also in another process
 * given the same configuration.
 */
public interface PayloadCodec extends PayloadTransform {
  /**
   * The bytes to store for {@code payload} (a value's JSON text, UTF-8).
   *
   * @throws PayloadException if the payload cannot be encoded; nothing is stored then
   */
  @Override
  byte[] encode(byte[] payload);

  /**
   * The payload that {@link #encode} turned into {@code stored}.
   *
   * @throws PayloadException if {@code stored} was altered, or was encoded with a key or a
   *     configuration this codec does not have; the message says which
   */
  @Override
  byte[] decode(byte[] stored);
}
