package dev.durable.runtime;

import java.util.Map;
import java.util.TreeMap;

/**
 * What {@link DurableEngine#reencodePayloads} did.
 *
 * @param reencoded the stored texts (payloads, error messages, history details) now encoded with
 *     the engine's codec under its current key
 * @param changedMeanwhile texts a run changed while they were being encoded: left as the run wrote
 *     them, which is under the current key already
 * @param unreadable the texts the engine's codec could not decode, by how they are encoded ({@code
 *     aes-gcm, key k0}): left as they are; give the engine that key and run it again
 * @param encodings how every stored text is encoded afterwards, as {@link
 *     DurableEngine#payloadEncodings()} counts them
 */
public record PayloadReencoding(
    long reencoded, long changedMeanwhile, Map<String, Long> unreadable,
    Map<String, Long> encodings) {
  public PayloadReencoding {
    unreadable = Map.copyOf(new TreeMap<>(unreadable));
    encodings = Map.copyOf(new TreeMap<>(encodings));
  }
}
