package dev.durable.runtime.internal.store.sql;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The text of a statement whose text depends only on its shape (a key the caller derives from
 * exactly what the text depends on): written while its parameters are bound the first time that
 * shape comes, then taken as known, the same string each time, and the appends skipped. The
 * caller runs the same code either way, so the parameters are bound in the same order. A recurring
 * text is not rebuilt (kilobytes of appends), and the driver finds the same string in its
 * statement cache without hashing or comparing it.
 */
public final class ShapedText {
  private final Known known;
  private final String shape;
  private final String text;
  private final StringBuilder sql;

  private ShapedText(Known known, String shape, String text) {
    this.known = known;
    this.shape = shape;
    this.text = text;
    this.sql = text == null ? new StringBuilder(4096) : null;
  }

  /**
   * The texts known by shape, at most {@code MAX_SHAPES}; the shapes after are written each time.
   * One per store and kind of text, as the texts name the store's tables.
   */
  public static final class Known {
    private static final int MAX_SHAPES = 1_024;
    private final Map<String, String> texts = new ConcurrentHashMap<>();

    /** The text of statements of {@code shape}: known, or to be written. */
    public ShapedText of(String shape) {
      return new ShapedText(this, shape, texts.get(shape));
    }
  }

  /** Whether the text is being written: an append costs something only then. */
  boolean isWritten() {
    return sql != null;
  }

  public ShapedText append(String part) {
    if (sql != null) {
      sql.append(part);
    }
    return this;
  }

  public ShapedText append(int number) {
    if (sql != null) {
      sql.append(number);
    }
    return this;
  }

  public ShapedText append(char character) {
    if (sql != null) {
      sql.append(character);
    }
    return this;
  }

  /** The whole text; a text written now is known for its shape from now on, while there is room. */
  public String text() {
    if (text != null) {
      return text;
    }
    String written = sql.toString();
    if (known.texts.size() < Known.MAX_SHAPES) {
      known.texts.putIfAbsent(shape, written);
    }
    return written;
  }
}
