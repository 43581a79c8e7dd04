package dev.durable.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Text the engine stores is storable in every database, and says what was changed. */
class StoredTextTest {

  @Test
  void nulAndLoneSurrogatesAreEscapedAndValidPairsKept() {
    assertEquals("a\\u0000b", StoredText.message("a\u0000b"));
    assertEquals("x\\ud800y", StoredText.message("x\ud800y"));
    assertEquals("x\\udc00", StoredText.message("x\udc00"));
    String pair = "smile \ud83d\ude00";
    assertSame(pair, StoredText.message(pair));
    assertNull(StoredText.message(null));
  }

  @Test
  void longTextIsCutWithAMarkerThatCountsWhatWasCut() {
    String cut = StoredText.bounded("c".repeat(309), 200);
    assertTrue(cut.length() <= 200, cut);
    assertEquals("c".repeat(160) + "... [149 more characters cut]", cut);
    assertEquals("short", StoredText.bounded("short", 200));
  }

  @Test
  void aCutNeverSplitsASurrogatePair() {
    String text = "a".repeat(159) + "\ud83d\ude00" + "b".repeat(100);
    String cut = StoredText.bounded(text, 200);
    assertFalse(StoredText.needsEscaping(cut), cut);
    assertTrue(cut.startsWith("a".repeat(159) + "..."), cut);
  }

  @Test
  void aRunErrorIsStorableAsMade() {
    RunError error = new RunError("bad\u0000byte", "c".repeat(300), "T", Optional.of("step"));
    assertEquals("bad\\u0000byte", error.message());
    assertTrue(error.code().length() <= StoredText.MAX_CODE_CHARS);
  }

  @Test
  void anEchoedValueIsItsPrefixAndItsLengthEscapedAndNeverASplitPair() {
    assertEquals("short", StoredText.echo("short"));
    assertEquals("null", StoredText.echo(null));
    assertEquals("a\\u0000b", StoredText.echo("a\u0000b"));
    assertEquals("x".repeat(60) + "... (100000 characters)", StoredText.echo("x".repeat(100_000)));
    String pair = "a".repeat(59) + "\ud83d\ude00" + "b".repeat(10);
    assertEquals("a".repeat(59) + "... (71 characters)", StoredText.echo(pair));
  }

  @Test
  void aKeyIsRefusedWithTheRuleItBrokeAndKeptOtherwise() {
    assertEquals("k", StoredText.requireKey("k", 5, "a key"));
    assertEquals("a key must be 1 to 5 characters, not blank; was ' '", message(" "));
    assertEquals("a key must be 1 to 5 characters, not blank; was null", message(null));
    assertEquals("a key must be 1 to 5 characters, not blank; was 'toolong'", message("toolong"));
    assertEquals("a key must not contain control characters, but 'a\\u0000b' has U+0000 at"
        + " index 1; use printable characters", message("a\u0000b"));
    assertEquals("a key must not contain control characters, but 'ab\tc' has U+0009 at"
        + " index 2; use printable characters", message("ab\tc"));
    assertEquals("a key must be valid UTF-16, but 'a\\ud800' has a lone surrogate, which no"
        + " database can store", message("a\ud800"));
  }

  private static String message(String key) {
    return assertThrows(IllegalArgumentException.class,
        () -> StoredText.requireKey(key, 5, "a key")).getMessage();
  }
}
