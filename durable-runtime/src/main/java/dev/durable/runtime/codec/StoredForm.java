package dev.durable.runtime.codec;

import dev.durable.runtime.PayloadTransform;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Optional;

/**
 * The text a payload is stored as, with a payload codec or without: without, its JSON as it is;
 * with, {@code ~<label>~<base64 of the codec's bytes>}, where the label is what the codec says of
 * them ({@link PayloadTransform#describe}: {@code aes-gcm, key k2}). No JSON text begins with
 * {@code ~}, so a payload stored before the codec was turned on reads as it did, and whoever reads
 * the store without the keys sees what encoded a payload and under which key.
 *
 * <p>Error messages and history details are stored in the same form: a message that merely
 * looks like an encoded payload is not one unless its tail is base64 of at least one byte.
 */
public final class StoredForm {
  private static final char MARK = '~';
  private static final int MAX_LABEL_CHARS = 100;
  private static final StoredForm PLAIN = new StoredForm(null);

  private final PayloadTransform codec;

  private StoredForm(PayloadTransform codec) {
    this.codec = codec;
  }

  /** Payloads stored as their JSON, as without a codec; encoded ones read only as labels. */
  public static StoredForm plain() {
    return PLAIN;
  }

  /** Payloads stored through {@code codec}; {@link #plain()} if it is null. */
  public static StoredForm of(PayloadTransform codec) {
    return codec == null ? PLAIN : new StoredForm(codec);
  }

  /** Whether payloads are encoded (a codec was given). */
  public boolean encodes() {
    return codec != null;
  }

  /**
   * The text to store for {@code text}; null stays null, and a text already in the encoded form
   * (an imported run's, an export's) is stored as it is.
   *
   * @throws PayloadCodecException if the codec throws or returns null: nothing may be stored
   */
  public String seal(String text) {
    if (text == null || codec == null || label(text).isPresent()) {
      return text;
    }
    byte[] encoded;
    try {
      encoded = codec.encode(text.getBytes(StandardCharsets.UTF_8));
    } catch (RuntimeException e) {
      throw new PayloadCodecException("the payload codec failed to encode a payload ("
          + e.getClass().getSimpleName() + ": " + e.getMessage() + "); nothing was stored", e);
    }
    if (encoded == null || encoded.length == 0) {
      throw new PayloadCodecException("the payload codec returned " + (encoded == null ? "null"
          : "no bytes") + " on encode; a codec returns the bytes to store or throws. Nothing was"
          + " stored", null);
    }
    return MARK + label(encoded) + MARK + Base64.getEncoder().encodeToString(encoded);
  }

  /**
   * The payload stored as {@code stored}: decoded if it is encoded, as it is otherwise; null
   * stays null.
   *
   * @throws PayloadCodecException if it is encoded and this form has no codec, or the codec
   *     cannot decode it (an unknown key, altered bytes); the message names the label
   */
  public String open(String stored) {
    int end = labelEnd(stored);
    if (end < 0) {
      return stored;
    }
    byte[] bytes;
    try {
      bytes = Base64.getDecoder().decode(stored.substring(end + 1));
    } catch (IllegalArgumentException notBase64) {
      return stored; // a text that merely begins like an encoded one
    }
    String label = stored.substring(1, end);
    if (codec == null) {
      throw new PayloadCodecException("a stored payload is encoded (" + label + ", "
          + bytes.length + " bytes) and no payload codec was given: give the engine, the worker"
          + " or the tool the codec and keys it was stored with (payloadCodec(...))", null);
    }
    byte[] decoded;
    try {
      decoded = codec.decode(bytes);
    } catch (RuntimeException e) {
      throw new PayloadCodecException("cannot decode a stored payload (" + label + ", "
          + bytes.length + " bytes): " + e.getMessage(), e);
    }
    if (decoded == null) {
      throw new PayloadCodecException("the payload codec returned null on decode of a stored"
          + " payload (" + label + "); a codec returns the payload or throws", null);
    }
    return new String(decoded, StandardCharsets.UTF_8);
  }

  /**
   * {@code stored} as it may be shown: decoded where this form can, else {@code encoded (aes-gcm,
   * key k2, 812 bytes)}; null stays null. Never throws for what the store holds.
   */
  public String shown(String stored) {
    try {
      return open(stored);
    } catch (PayloadCodecException e) {
      return described(stored).orElse(stored);
    }
  }

  /**
   * {@code encoded (<label>, <n> bytes)} for an encoded payload, naming what encoded it and under
   * which key, and how many bytes the codec stored; empty for a plain one.
   */
  public static Optional<String> described(String stored) {
    return label(stored).map(label -> "encoded (" + label + ", " + bytes(stored) + " bytes)");
  }

  /** The label of an encoded payload ({@code aes-gcm, key k2}); empty for a plain one. */
  public static Optional<String> label(String stored) {
    int end = labelEnd(stored);
    if (end < 0) {
      return Optional.empty();
    }
    // base64 characters to the end, '=' only as its last one or two
    int padding = 0;
    for (int i = end + 1; i < stored.length(); i++) {
      char c = stored.charAt(i);
      if (c == '=') {
        padding++;
      } else if (padding > 0 || !(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z'
          || c >= '0' && c <= '9' || c == '+' || c == '/')) {
        return Optional.empty();
      }
    }
    return padding <= 2 ? Optional.of(stored.substring(1, end)) : Optional.empty();
  }

  /**
   * Where the label of {@code stored} ends (the index of its second mark), if it begins as an
   * encoded text does: the mark, a label of 1 to {@value #MAX_LABEL_CHARS} characters with no
   * mark and no control character, the mark, and something after it; else -1. The rest is the
   * caller's to check: read here a character at a time, as a regular expression over a payload of
   * a megabyte cost a millisecond.
   */
  private static int labelEnd(String stored) {
    if (stored == null || stored.length() < 4 || stored.charAt(0) != MARK) {
      return -1;
    }
    int limit = Math.min(stored.length() - 1, MAX_LABEL_CHARS + 2);
    for (int i = 1; i < limit; i++) {
      char c = stored.charAt(i);
      if (c == MARK) {
        return i > 1 ? i : -1;
      }
      if (Character.isISOControl(c)) {
        return -1;
      }
    }
    return -1;
  }

  private static int bytes(String stored) {
    String base64 = stored.substring(stored.indexOf(MARK, 1) + 1);
    int padding = base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0;
    return base64.length() / 4 * 3 - padding;
  }

  /** What the codec says of {@code encoded}, made to fit the label's place. */
  private String label(byte[] encoded) {
    String described;
    try {
      described = codec.describe(encoded);
    } catch (RuntimeException e) {
      described = null;
    }
    if (described == null || described.isBlank()) {
      described = codec.getClass().getSimpleName();
    }
    StringBuilder label = new StringBuilder(Math.min(described.length(), MAX_LABEL_CHARS));
    for (int i = 0; i < described.length() && label.length() < MAX_LABEL_CHARS; i++) {
      char c = described.charAt(i);
      label.append(c == MARK || Character.isISOControl(c) || Character.isSurrogate(c) ? '_' : c);
    }
    return label.isEmpty() ? "codec" : label.toString();
  }
}
