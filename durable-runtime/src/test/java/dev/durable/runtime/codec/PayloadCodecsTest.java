package dev.durable.runtime.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Map;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/** The built-in payload codecs: what they store, what they read back, and what they refuse. */
class PayloadCodecsTest {
  private static final SecretKey K1 = aes(256);
  private static final SecretKey K2 = aes(128);
  private static final byte[] ORDER =
      "{\"order\":\"A-1001\",\"card\":\"4111-MARKER-1111\"}".getBytes(StandardCharsets.UTF_8);

  @Test
  void aesGcmReadsBackWhatItStoredAndStoresNoPlainText() {
    PayloadCodec codec = PayloadCodecs.aesGcm(Map.of("k1", K1), "k1");

    byte[] stored = codec.encode(ORDER);

    assertArrayEquals(ORDER, codec.decode(stored));
    assertFalse(contains(stored, "MARKER".getBytes(StandardCharsets.UTF_8)),
        "the marker is readable in what is stored");
    assertFalse(Arrays.equals(stored, codec.encode(ORDER)),
        "two encodings of one payload are the same: the nonce was not fresh");
  }

  @Test
  void aRotatedCodecReadsTheOldKeysPayloadsAndWritesUnderTheNewOne() {
    PayloadCodec before = PayloadCodecs.aesGcm(Map.of("k1", K1), "k1");
    PayloadCodec after = PayloadCodecs.aesGcm(Map.of("k1", K1, "k2", K2), "k2");

    byte[] underK1 = before.encode(ORDER);
    byte[] underK2 = after.encode(ORDER);

    assertArrayEquals(ORDER, after.decode(underK1));
    assertArrayEquals(ORDER, after.decode(underK2));
    PayloadException missing = assertThrows(PayloadException.class, () -> before.decode(underK2));
    assertEquals("a stored payload is encrypted under key 'k2', which is not among this codec's"
        + " keys [k1]: give the engine that key (it may stay readable without being current)",
        missing.getMessage());
    assertFalse(missing.quotesValues());
  }

  @Test
  void anAlteredPayloadIsRefusedNamingItsKey() {
    PayloadCodec codec = PayloadCodecs.aesGcm(Map.of("k1", K1), "k1");
    byte[] stored = codec.encode(ORDER);
    stored[stored.length - 20] ^= 1;

    PayloadException altered = assertThrows(PayloadException.class, () -> codec.decode(stored));

    assertEquals("a stored payload under key 'k1' does not decrypt: it was altered, or encrypted"
        + " under another key of the same id", altered.getMessage());
  }

  @Test
  void aPayloadUnderAnotherKeyOfTheSameIdIsRefused() {
    byte[] stored = PayloadCodecs.aesGcm(Map.of("k1", K1), "k1").encode(ORDER);
    PayloadCodec other = PayloadCodecs.aesGcm(Map.of("k1", aes(256)), "k1");

    assertThrows(PayloadException.class, () -> other.decode(stored));
  }

  @Test
  void plainJsonOrACutPayloadIsNotTakenForCiphertext() {
    PayloadCodec codec = PayloadCodecs.aesGcm(Map.of("k1", K1), "k1");
    byte[] stored = codec.encode(ORDER);

    PayloadException plain = assertThrows(PayloadException.class, () -> codec.decode(ORDER));
    PayloadException cut = assertThrows(PayloadException.class,
        () -> codec.decode(Arrays.copyOf(stored, 10)));

    assertTrue(plain.getMessage().startsWith("a stored payload is not one that AES-GCM encoded"),
        plain.getMessage());
    assertEquals("a stored AES-GCM payload is cut short (10 bytes): it was altered",
        cut.getMessage());
  }

  @Test
  void aesGcmRefusesAtBuildACurrentKeyItDoesNotHaveAndKeysThatAreNotAes() {
    IllegalArgumentException current = assertThrows(IllegalArgumentException.class,
        () -> PayloadCodecs.aesGcm(Map.of("k1", K1), "k2"));
    IllegalArgumentException size = assertThrows(IllegalArgumentException.class,
        () -> PayloadCodecs.aesGcm(Map.of("k1", new SecretKeySpec(new byte[8], "AES")), "k1"));
    IllegalArgumentException algorithm = assertThrows(IllegalArgumentException.class,
        () -> PayloadCodecs.aesGcm(
            Map.of("k1", new SecretKeySpec(new byte[32], "HmacSHA256")), "k1"));

    assertEquals("the current key id 'k2' is not among the keys given [k1]: add its key, or make"
        + " one of those current", current.getMessage());
    assertEquals("key 'k1' has 64 bits; AES-GCM takes AES keys of 128, 192 or 256 bits",
        size.getMessage());
    assertEquals("key 'k1' is a HmacSHA256 key; AES-GCM takes AES keys of 128, 192 or 256 bits",
        algorithm.getMessage());
  }

  @Test
  void gzipCompressesFromItsThresholdAndReadsBackBoth() {
    PayloadCodec codec = PayloadCodecs.gzip(1024);
    byte[] small = ORDER;
    byte[] large = "{\"lines\":\"".concat("abc".repeat(2000)).concat("\"}")
        .getBytes(StandardCharsets.UTF_8);

    byte[] storedSmall = codec.encode(small);
    byte[] storedLarge = codec.encode(large);

    assertEquals(small.length + 1, storedSmall.length, "a small payload is stored as it is");
    assertTrue(storedLarge.length < large.length / 10,
        "6 KB of repeated text stored in " + storedLarge.length + " bytes");
    assertArrayEquals(small, codec.decode(storedSmall));
    assertArrayEquals(large, codec.decode(storedLarge));
  }

  @Test
  void gzipCompressesAPayloadOfExactlyItsThreshold() {
    PayloadCodec codec = PayloadCodecs.gzip(ORDER.length);

    assertEquals(GzipCodec.COMPRESSED, codec.encode(ORDER)[0]);
    assertEquals(GzipCodec.PLAIN, codec.encode(Arrays.copyOf(ORDER, ORDER.length - 1))[0]);
  }

  @Test
  void aesGcmRefusesAKeyIdItsLayoutCannotHold() {
    String longId = "k".repeat(256);

    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> PayloadCodecs.aesGcm(Map.of(longId, K1), longId));

    assertEquals("key id '" + longId + "' has 256 bytes in UTF-8; a key id has 1 to 255",
        e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> PayloadCodecs.aesGcm(Map.of("", K1), ""));
  }

  @Test
  void anAlteredGzipPayloadIsRefused() {
    PayloadCodec codec = PayloadCodecs.gzip(0);
    byte[] stored = codec.encode(ORDER);
    byte[] cut = Arrays.copyOf(stored, stored.length - 8);

    PayloadException altered = assertThrows(PayloadException.class, () -> codec.decode(cut));
    PayloadException foreign = assertThrows(PayloadException.class, () -> codec.decode(ORDER));

    assertTrue(altered.getMessage().startsWith("a stored gzip payload does not decompress"),
        altered.getMessage());
    assertTrue(foreign.getMessage().startsWith("a stored payload is not one that gzip encoded"),
        foreign.getMessage());
    assertThrows(IllegalArgumentException.class, () -> PayloadCodecs.gzip(-1));
  }

  @Test
  void aChainAppliesItsFirstCodecFirstOnEncodeAndLastOnDecode() {
    PayloadCodec aes = PayloadCodecs.aesGcm(Map.of("k1", K1), "k1");
    PayloadCodec gzip = PayloadCodecs.gzip(0);
    PayloadCodec chain = PayloadCodecs.chain(gzip, aes);

    byte[] stored = chain.encode(ORDER);

    assertArrayEquals(ORDER, chain.decode(stored));
    assertEquals(GzipCodec.COMPRESSED, aes.decode(stored)[0],
        "compressed before it was encrypted");
    assertThrows(IllegalArgumentException.class, () -> PayloadCodecs.chain());
  }

  @Test
  void aChainRefusesACodecThatReturnsNull() {
    PayloadCodec broken = new PayloadCodec() {
      @Override
      public byte[] encode(byte[] payload) {
        return null;
      }

      @Override
      public byte[] decode(byte[] stored) {
        return stored;
      }

      @Override
      public String toString() {
        return "broken";
      }
    };

    PayloadException e = assertThrows(PayloadException.class,
        () -> PayloadCodecs.chain(PayloadCodecs.gzip(0), broken).encode(ORDER));

    assertEquals("payload codec broken returned null on encode; a codec returns the bytes to"
        + " store or throws", e.getMessage());
  }

  private static SecretKey aes(int bits) {
    byte[] key = new byte[bits / 8];
    new SecureRandom().nextBytes(key);
    return new SecretKeySpec(key, "AES");
  }

  private static boolean contains(byte[] haystack, byte[] needle) {
    outer:
    for (int i = 0; i + needle.length <= haystack.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (haystack[i + j] != needle[j]) {
          continue outer;
        }
      }
      return true;
    }
    return false;
  }
}
