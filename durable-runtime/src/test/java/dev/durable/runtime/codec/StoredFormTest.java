package dev.durable.runtime.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Optional;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/**
 * The text a payload is stored as: {@code ~<label>~<base64>} through a codec, its JSON without;
 * what reads as plain (everything a JSON text or a message is) and what as encoded.
 */
class StoredFormTest {
  private final PayloadCodec k1 =
      PayloadCodecs.aesGcm(Map.of("k1", new SecretKeySpec(new byte[16], "AES")), "k1");
  private final StoredForm form = StoredForm.of(k1);

  @Test
  void aPayloadIsStoredUnderItsLabelAndReadBack() {
    String stored = form.seal("{\"card\":\"4242\"}");
    assertTrue(stored.startsWith("~aes-gcm, key k1~"), stored);
    assertEquals(Optional.of("aes-gcm, key k1"), StoredForm.label(stored));
    assertEquals("{\"card\":\"4242\"}", form.open(stored));
    assertEquals(stored, form.seal(stored), "an encoded text is stored as it is");
    assertNull(form.seal(null));
    assertNull(form.open(null));
  }

  @Test
  void whatIsNotInTheEncodedFormReadsAsItIs() {
    for (String plain : new String[] {"[1,2]", "\"~x~abc\"", "~", "~~abc", "~label~", "~a~b c",
        "~a~abc==x", "~a\nb~abc", "~" + "x".repeat(101) + "~abc"}) {
      assertEquals(Optional.empty(), StoredForm.label(plain), plain);
      assertEquals(plain, form.open(plain), plain);
      assertEquals(plain, StoredForm.plain().open(plain), plain);
    }
  }

  @Test
  void withoutTheCodecAnEncodedPayloadIsNamedNeverRead() {
    String stored = form.seal("{\"card\":\"4242\"}");
    PayloadCodecException refused =
        assertThrows(PayloadCodecException.class, () -> StoredForm.plain().open(stored));
    assertTrue(refused.getMessage().startsWith("a stored payload is encoded (aes-gcm, key k1, "),
        refused.getMessage());
    String shown = StoredForm.plain().shown(stored);
    assertTrue(shown.matches("encoded \\(aes-gcm, key k1, \\d+ bytes\\)"), shown);
    assertEquals(StoredForm.described(stored).orElseThrow(), StoredForm.plain().shown(stored));
  }

  @Test
  void aCodecThatReturnsNothingStoresNothing() {
    StoredForm broken = StoredForm.of(new PayloadCodec() {
      @Override
      public byte[] encode(byte[] payload) {
        return null;
      }

      @Override
      public byte[] decode(byte[] stored) {
        return stored;
      }
    });
    PayloadCodecException refused =
        assertThrows(PayloadCodecException.class, () -> broken.seal("{}"));
    assertEquals("the payload codec returned null on encode; a codec returns the bytes to store or"
        + " throws. Nothing was stored", refused.getMessage());
  }
}
