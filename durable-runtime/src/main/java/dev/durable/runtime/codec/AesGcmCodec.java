package dev.durable.runtime.codec;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;

/**
 * AES-GCM under keys named by id ({@link PayloadCodecs#aesGcm}). A stored payload is laid out as
 * {@code [1: layout version][1: n][n: key id, UTF-8][12: nonce][ciphertext and 16-byte tag]}; the
 * bytes before the nonce are authenticated too, so that a payload cannot be passed off as one
 * under another key.
 */
final class AesGcmCodec implements PayloadCodec {
  /** The first byte of every payload this codec stores: the version of its layout. */
  static final byte VERSION = 1;
  /** How its payloads are named where they are shown without the keys. */
  static final String NAME = "aes-gcm";
  private static final int NONCE_BYTES = 12;
  private static final int TAG_BITS = 128;
  private static final SecureRandom RANDOM = new SecureRandom();

  private final Map<String, SecretKey> keys;
  private final String currentKeyId;
  private final byte[] currentHeader;

  AesGcmCodec(Map<String, SecretKey> keys, String currentKeyId) {
    Objects.requireNonNull(keys, "keys");
    Objects.requireNonNull(currentKeyId, "currentKeyId");
    Map<String, SecretKey> checked = new TreeMap<>();
    keys.forEach((id, key) -> checked.put(checkedId(id), checkedKey(id, key)));
    if (!checked.containsKey(currentKeyId)) {
      throw new IllegalArgumentException("the current key id '" + currentKeyId + "' is not among"
          + " the keys given " + checked.keySet() + ": add its key, or make one of those current");
    }
    this.keys = Map.copyOf(checked);
    this.currentKeyId = currentKeyId;
    this.currentHeader = header(currentKeyId);
  }

  @Override
  public byte[] encode(byte[] payload) {
    byte[] nonce = new byte[NONCE_BYTES];
    RANDOM.nextBytes(nonce);
    try {
      Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
      cipher.init(Cipher.ENCRYPT_MODE, keys.get(currentKeyId),
          new GCMParameterSpec(TAG_BITS, nonce));
      cipher.updateAAD(currentHeader);
      byte[] sealed = cipher.doFinal(payload);
      return ByteBuffer.allocate(currentHeader.length + NONCE_BYTES + sealed.length)
          .put(currentHeader).put(nonce).put(sealed).array();
    } catch (GeneralSecurityException e) {
      throw new PayloadException("cannot encrypt a payload under key '" + currentKeyId + "': " + e,
          e, false);
    }
  }

  @Override
  public byte[] decode(byte[] stored) {
    if (stored.length < 2 || stored[0] != VERSION) {
      throw new PayloadException("a stored payload is not one that AES-GCM encoded (it does not"
          + " begin with its layout's version): it was altered, or encoded by another codec",
          null, false);
    }
    int idLength = stored[1] & 0xff;
    int headerLength = 2 + idLength;
    if (idLength == 0 || stored.length < headerLength + NONCE_BYTES + TAG_BITS / 8) {
      throw new PayloadException("a stored AES-GCM payload is cut short (" + stored.length
          + " bytes): it was altered", null, false);
    }
    String id = new String(stored, 2, idLength, StandardCharsets.UTF_8);
    SecretKey key = keys.get(id);
    if (key == null) {
      throw new PayloadException("a stored payload is encrypted under key '" + id + "', which is"
          + " not among this codec's keys " + keys.keySet() + ": give the engine that key (it"
          + " may stay readable without being current)", null, false);
    }
    try {
      Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
      cipher.init(Cipher.DECRYPT_MODE, key,
          new GCMParameterSpec(TAG_BITS, stored, headerLength, NONCE_BYTES));
      cipher.updateAAD(stored, 0, headerLength);
      int sealed = headerLength + NONCE_BYTES;
      return cipher.doFinal(stored, sealed, stored.length - sealed);
    } catch (AEADBadTagException e) {
      throw new PayloadException("a stored payload under key '" + id + "' does not decrypt: it"
          + " was altered, or encrypted under another key of the same id", e, false);
    } catch (GeneralSecurityException e) {
      throw new PayloadException("cannot decrypt a payload under key '" + id + "': " + e, e,
          false);
    }
  }

  /** {@code aes-gcm, key <id>}, the id read from the stored bytes' header. */
  @Override
  public String describe(byte[] stored) {
    int idLength = stored.length < 2 ? 0 : stored[1] & 0xff;
    if (stored.length < 2 || stored[0] != VERSION || stored.length < 2 + idLength) {
      return NAME;
    }
    return NAME + ", key " + new String(stored, 2, idLength, StandardCharsets.UTF_8);
  }

  /** The key id, refused where it does not fit the layout's one byte of length. */
  private static String checkedId(String id) {
    Objects.requireNonNull(id, "a key id");
    int length = id.getBytes(StandardCharsets.UTF_8).length;
    if (length == 0 || length > 255) {
      throw new IllegalArgumentException("key id '" + id + "' has " + length + " bytes in UTF-8;"
          + " a key id has 1 to 255");
    }
    return id;
  }

  private static SecretKey checkedKey(String id, SecretKey key) {
    if (key == null) {
      throw new IllegalArgumentException("key '" + id + "' is null");
    }
    if (!"AES".equalsIgnoreCase(key.getAlgorithm())) {
      throw new IllegalArgumentException("key '" + id + "' is a " + key.getAlgorithm()
          + " key; AES-GCM takes AES keys of 128, 192 or 256 bits");
    }
    byte[] encoded = key.getEncoded();
    int bits = encoded == null ? 0 : encoded.length * 8;
    if (bits != 128 && bits != 192 && bits != 256) {
      throw new IllegalArgumentException("key '" + id + "' has " + bits + " bits; AES-GCM takes"
          + " AES keys of 128, 192 or 256 bits");
    }
    return key;
  }

  private static byte[] header(String id) {
    byte[] bytes = id.getBytes(StandardCharsets.UTF_8);
    return ByteBuffer.allocate(2 + bytes.length).put(VERSION).put((byte) bytes.length).put(bytes)
        .array();
  }
}
