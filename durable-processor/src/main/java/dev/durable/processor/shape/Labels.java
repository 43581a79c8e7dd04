package dev.durable.processor.shape;

import com.sun.source.tree.Tree;

/** How the shape shows source text: a condition, a loop header, an argument, on one line. */
final class Labels {
  /** The longest label (a condition, a loop header, an argument) kept, in characters. */
  static final int LABEL_MAX = 80;

  private Labels() {}

  /** The source text of {@code tree}, on one line, cut to {@value #LABEL_MAX} characters. */
  static String text(Tree tree) {
    return cut(tree.toString().replaceAll("\\s+", " ").trim());
  }

  /** {@code text} cut to {@value #LABEL_MAX} characters. */
  static String cut(String text) {
    return text.length() <= LABEL_MAX ? text : text.substring(0, LABEL_MAX - 1) + "…";
  }
}
