package dev.durable.runtime.internal.store;

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
final class ShapedText {
  /** Texts by shape, at most {@link #MAX_SHAPES}; the shapes after are written each time. */
  private static final Map<String, String> KNOWN = new ConcurrentHashMap<>();
  private static final int MAX_SHAPES = 1_024;

  private final String shape;
  private final String known;
  private final StringBuilder sql;

  private ShapedText(String shape, String known) {
    this.shape = shape;
    this.known = known;
    this.sql = known == null ? new StringBuilder(4096) : null;
  }

  /** The text of statements of {@code shape}: known, or to be written. */
  static ShapedText of(String shape) {
    return new ShapedText(shape, KNOWN.get(shape));
  }

  /** Whether the text is being written: an append costs something only then. */
  boolean isWritten() {
    return sql != null;
  }

  ShapedText append(String text) {
    if (sql != null) {
      sql.append(text);
    }
    return this;
  }

  ShapedText append(int number) {
    if (sql != null) {
      sql.append(number);
    }
    return this;
  }

  ShapedText append(char character) {
    if (sql != null) {
      sql.append(character);
    }
    return this;
  }

  /** The whole text; a text written now is known for its shape from now on, while there is room. */
  String text() {
    if (known != null) {
      return known;
    }
    String text = sql.toString();
    if (KNOWN.size() < MAX_SHAPES) {
      KNOWN.putIfAbsent(shape, text);
    }
    return text;
  }
}
