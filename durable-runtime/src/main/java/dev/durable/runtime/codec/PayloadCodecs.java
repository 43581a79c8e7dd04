package dev.durable.runtime.codec;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import javax.crypto.SecretKey;

/**
 * The built-in {@link PayloadCodec}s: encryption with AES-GCM under keys that rotate, compression
 * with gzip, and a chain of codecs.
 *
 * <pre>{@code
 * PayloadCodec codec = PayloadCodecs.chain(
 *     PayloadCodecs.gzip(1024),                                  // 1 KiB or more compressed
 *     PayloadCodecs.aesGcm(Map.of("k2", key2, "k1", key1), "k2")); // new payloads under k2
 * }</pre>
 */
public final class PayloadCodecs {
  private PayloadCodecs() {}

  /**
   * AES-GCM from the JDK: each payload encrypted under the key {@code currentKeyId} names, with a
   * fresh random nonce, and stored with that key's id, so that a payload encrypted under any of
   * {@code keys} reads back. To rotate: add the new key and make it current, keep the old one
   * readable until every stored payload is encoded anew, then drop it.
   *
   * @param keys the keys by id (an id of 1 to 255 bytes of UTF-8 text); each an AES key of 128,
   *     192 or 256 bits
   * @throws IllegalArgumentException if {@code currentKeyId} is not among {@code keys}, or a key is
   *     not an AES key of one of those sizes
   */
  public static PayloadCodec aesGcm(Map<String, SecretKey> keys, String currentKeyId) {
    return new AesGcmCodec(keys, currentKeyId);
  }

  /**
   * The AES keys of a PKCS12 key store by alias, for {@link #aesGcm}: made with the JDK's {@code
   * keytool -genseckey -alias k2 -keyalg AES -keysize 256 -storetype PKCS12 -keystore
   * payload-keys.p12}, one entry per key, each under the store's password. Entries that are not
   * secret keys (a certificate) are left out.
   *
   * @throws IllegalArgumentException if the file cannot be read as a PKCS12 key store with this
   *     password, or holds no secret key; the message names the file, never the password
   */
  public static Map<String, SecretKey> keys(Path keyStore, char[] password) {
    Objects.requireNonNull(keyStore, "keyStore");
    Objects.requireNonNull(password, "password");
    KeyStore store;
    try (InputStream in = Files.newInputStream(keyStore)) {
      store = KeyStore.getInstance("PKCS12");
      store.load(in, password);
    } catch (IOException | GeneralSecurityException e) {
      throw new IllegalArgumentException("cannot read the key store " + keyStore + " as PKCS12"
          + " with the password given (" + e.getClass().getSimpleName() + "): check the file and"
          + " the password", e);
    }
    Map<String, SecretKey> keys = new TreeMap<>();
    try {
      for (String alias : Collections.list(store.aliases())) {
        if (store.isKeyEntry(alias)
            && store.getKey(alias, password) instanceof SecretKey key) {
          keys.put(alias, key);
        }
      }
    } catch (GeneralSecurityException e) {
      throw new IllegalArgumentException("cannot read the keys of " + keyStore + " ("
          + e.getClass().getSimpleName() + "): each entry must be under the store's password", e);
    }
    if (keys.isEmpty()) {
      throw new IllegalArgumentException("the key store " + keyStore + " holds no secret key:"
          + " add one with keytool -genseckey -keyalg AES -keysize 256 -storetype PKCS12");
    }
    return keys;
  }

  /**
   * gzip: a payload of {@code minBytes} bytes or more is stored compressed, a smaller one as it
   * is (compressing a few bytes makes them longer); either way one byte says which.
   *
   * @throws IllegalArgumentException if {@code minBytes} is negative
   */
  public static PayloadCodec gzip(int minBytes) {
    return new GzipCodec(minBytes);
  }

  /**
   * The codecs one after the other: on encode the first is applied first, on decode last (compress
   * before encrypting: {@code chain(gzip(1024), aesGcm(keys, "k2"))}).
   *
   * @throws IllegalArgumentException if no codec is given
   */
  public static PayloadCodec chain(PayloadCodec... codecs) {
    Objects.requireNonNull(codecs, "codecs");
    if (codecs.length == 0) {
      throw new IllegalArgumentException("a chain needs at least one codec");
    }
    List<PayloadCodec> chained = List.of(codecs); // rejects a null element
    return chained.size() == 1 ? chained.get(0) : new ChainedCodec(chained);
  }
}
