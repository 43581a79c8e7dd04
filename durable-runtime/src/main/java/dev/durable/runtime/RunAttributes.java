package dev.durable.runtime;

import java.util.Objects;

/**
 * The rules of a run's searchable attributes: string keys and values that a start gives ({@link
 * StartOptions.Builder#attribute}) or the run sets ({@link WorkflowContext#attribute}), and that
 * {@link RunFilter.Builder#attribute} finds runs by. A key holds one value per run; a later value
 * replaces the earlier.
 *
 * <p>The limits keep every attribute within one entry of the index that serves the search on every
 * database: PostgreSQL's B-tree refuses an entry over 2,704 bytes, and a key, a value and a run id
 * of characters that take three bytes in UTF-8 stay below it.
 */
public final class RunAttributes {
  /** The longest key, in characters. */
  public static final int MAX_KEY_LENGTH = 200;
  /** The longest value, in characters. */
  public static final int MAX_VALUE_LENGTH = 400;
  /** The most attributes (distinct keys) one run holds. */
  public static final int MAX_PER_RUN = 50;

  private RunAttributes() {}

  /**
   * Checks one attribute before anything is stored.
   *
   * @throws IllegalArgumentException if the key is blank, longer than {@link #MAX_KEY_LENGTH},
   *     holds {@code '='} or a control character; or the value is longer than {@link
   *     #MAX_VALUE_LENGTH}; or either is text no database can store (a NUL, a lone surrogate)
   * @throws NullPointerException if either is null
   */
  public static void check(String key, String value) {
    Objects.requireNonNull(key, "an attribute's key");
    Objects.requireNonNull(value, "the value of attribute '" + shown(key) + "'");
    if (key.isBlank() || key.length() > MAX_KEY_LENGTH) {
      throw new IllegalArgumentException("an attribute's key must be 1 to " + MAX_KEY_LENGTH
          + " characters, not blank; was '" + shown(key) + "'; nothing was stored");
    }
    for (int i = 0; i < key.length(); i++) {
      char c = key.charAt(i);
      if (c == '=' || Character.isISOControl(c)) {
        throw new IllegalArgumentException("an attribute's key must not hold "
            + (c == '=' ? "'=' (it parts key from value in key=value)" : "control characters")
            + ", but '" + shown(key) + "' has " + (c == '=' ? "one" : String.format("U+%04X",
            (int) c)) + " at index " + i + "; nothing was stored");
      }
    }
    if (value.length() > MAX_VALUE_LENGTH) {
      throw new IllegalArgumentException("the value of attribute '" + shown(key)
          + "' must be at most " + MAX_VALUE_LENGTH + " characters, but has " + value.length() + ": '" + shown(value)
          + "'; keep a short, searchable value (an id). Nothing was stored");
    }
    if (StoredText.needsEscaping(key) || StoredText.needsEscaping(value)) {
      throw new IllegalArgumentException("attribute '" + shown(key) + "' holds a NUL character"
          + " or a lone surrogate, which no database can store; nothing was stored");
    }
  }

  /** Checks that a run is not given more than {@link #MAX_PER_RUN} attributes. */
  static void checkCount(int count) {
    if (count > MAX_PER_RUN) {
      throw new IllegalArgumentException("a run holds at most " + MAX_PER_RUN
          + " attributes, but " + count + " were given; nothing was stored");
    }
  }

  private static String shown(String text) {
    return StoredText.echo(text);
  }
}
