package dev.durable.runtime;

/**
 * Makes text that the engine stores (error messages, codes, event details) storable in every
 * database: PostgreSQL refuses a NUL character in text, a Java string's lone surrogate has no UTF-8
 * form (the driver writes it as {@code ?}), and a code longer than its column is refused. A write
 * refused for such a reason would be refused again on every retry, so the text is fixed where it
 * is made: NUL and lone surrogates are written as the escapes {@code \u0000} and {@code \ud800},
 * long messages are cut with a marker that says how much was cut, and short identifiers are cut
 * to their column's size.
 */
public final class StoredText {
  /** The longest message stored; the rest is cut. */
  public static final int MAX_MESSAGE_CHARS = 8_000;
  /** The size of the columns holding codes and step names. */
  public static final int MAX_CODE_CHARS = 200;
  /** The size of the columns holding class names. */
  public static final int MAX_TYPE_CHARS = 500;

  /** The most characters of a value that an error message echoes ({@link #echo}). */
  public static final int ECHO_CHARS = 60;

  /** Room for the marker of a cut: "... [2147483647 more characters cut]" is 37 characters. */
  private static final int MARKER_ROOM = 40;

  private StoredText() {}

  /** {@code text} escaped and cut to {@link #MAX_MESSAGE_CHARS}; null stays null. */
  public static String message(String text) {
    return bounded(text, MAX_MESSAGE_CHARS);
  }

  /** {@code text} escaped and cut to at most {@code maxChars} characters; null stays null. */
  public static String bounded(String text, int maxChars) {
    if (text == null) {
      return null;
    }
    String escaped = escaped(text);
    if (escaped.length() <= maxChars) {
      return escaped;
    }
    int keep = maxChars - MARKER_ROOM;
    if (Character.isHighSurrogate(escaped.charAt(keep - 1))) {
      keep--; // never cut a pair in two
    }
    return escaped.substring(0, keep) + "... [" + (escaped.length() - keep)
        + " more characters cut]";
  }

  /**
   * {@code value} as an error message quotes it, so that a huge value (a 100,000-character run id)
   * makes no huge message: escaped, and, if longer than {@link #ECHO_CHARS}, its first {@value
   * #ECHO_CHARS} characters followed by {@code ... (<length> characters)}; {@code null} as is.
   * Every error that echoes what a caller gave goes through it.
   */
  public static String echo(String value) {
    if (value == null) {
      return "null";
    }
    if (value.length() <= ECHO_CHARS) {
      return escaped(value);
    }
    int keep = Character.isHighSurrogate(value.charAt(ECHO_CHARS - 1)) ? ECHO_CHARS - 1
        : ECHO_CHARS; // never cut a pair in two
    return escaped(value.substring(0, keep)) + "... (" + value.length() + " characters)";
  }

  /**
   * {@code value}, if it can name what the engine stores under a key (a partition key, a
   * deduplication id, an event's or a stream's key): 1 to {@code maxLength} characters, not blank,
   * with no control character (PostgreSQL refuses a NUL in text, so a key holding one would fail
   * the write that stores it, and a newline or an escape would garble the logs and tables that
   * show it) and no lone surrogate (no UTF-8 form). Checked where the key is given, before
   * anything is stored.
   *
   * @param what the key, as the error's subject: {@code "a partitionKey"}, {@code "the key of an
   *     event"}
   * @throws IllegalArgumentException saying which rule the key broke, echoing it ({@link #echo})
   */
  public static String requireKey(String value, int maxLength, String what) {
    if (value == null || value.isBlank() || value.length() > maxLength) {
      throw new IllegalArgumentException(what + " must be 1 to " + maxLength
          + " characters, not blank; was " + (value == null ? "null" : "'" + echo(value) + "'"));
    }
    for (int i = 0; i < value.length(); i++) {
      if (Character.isISOControl(value.charAt(i))) {
        throw new IllegalArgumentException(what + " must not contain control characters, but '"
            + echo(value) + "' has U+" + String.format("%04X", (int) value.charAt(i))
            + " at index " + i + "; use printable characters");
      }
    }
    if (needsEscaping(value)) {
      throw new IllegalArgumentException(what + " must be valid UTF-16, but '" + echo(value)
          + "' has a lone surrogate, which no database can store");
    }
    return value;
  }

  /** Whether {@code text} holds a NUL character or a lone surrogate. */
  public static boolean needsEscaping(String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == 0) {
        return true;
      }
      if (Character.isSurrogate(c)) {
        if (Character.isHighSurrogate(c) && i + 1 < text.length()
            && Character.isLowSurrogate(text.charAt(i + 1))) {
          i++;
        } else {
          return true;
        }
      }
    }
    return false;
  }

  /** {@code text} with each NUL and each lone surrogate written as its escape, {@code \u0000}. */
  public static String escaped(String text) {
    if (!needsEscaping(text)) {
      return text;
    }
    StringBuilder out = new StringBuilder(text.length() + 16);
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (Character.isHighSurrogate(c) && i + 1 < text.length()
          && Character.isLowSurrogate(text.charAt(i + 1))) {
        out.append(c).append(text.charAt(++i));
      } else if (c == 0 || Character.isSurrogate(c)) {
        out.append(String.format("\\u%04x", (int) c));
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }
}
