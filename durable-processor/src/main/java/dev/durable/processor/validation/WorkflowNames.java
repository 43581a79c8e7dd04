package dev.durable.processor.validation;

import java.util.LinkedHashSet;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The rules for stored names: workflow names, versions and step names use ASCII letters, digits and
 * {@code . _ : -} only, and are not empty; workflow and step names have at most 200 characters,
 * versions at most 100. A workflow's name defaults to its class's simple name, its version to
 * {@code "1"}, a step's name to its method's name.
 */
public final class WorkflowNames {
  /** The longest workflow or step name. */
  public static final int MAX_NAME_LENGTH = 200;

  /** The longest workflow version. */
  public static final int MAX_VERSION_LENGTH = 100;

  private WorkflowNames() {}

  /** Whether {@code c} may appear in a name or version. */
  public static boolean isAllowed(char c) {
    return (c >= 'a' && c <= 'z')
        || (c >= 'A' && c <= 'Z')
        || (c >= '0' && c <= '9')
        || c == '.'
        || c == '_'
        || c == ':'
        || c == '-';
  }

  /**
   * The characters of {@code name} that are not allowed, each once, for a message: {@code ' ',
   * '/'}; invisible ones as {@code U+0009}. Empty when all are allowed.
   */
  static String disallowedCharacters(String name) {
    Set<Integer> seen = new LinkedHashSet<>();
    name.codePoints().filter(c -> c > 0xFFFF || !isAllowed((char) c)).forEach(seen::add);
    return seen.stream().map(WorkflowNames::quote).collect(Collectors.joining(", "));
  }

  /** {@code name} as shown in a message: at most 40 characters, then an ellipsis. */
  static String shorten(String name) {
    return name.length() <= 40 ? name : name.substring(0, 40) + "...";
  }

  private static String quote(int codePoint) {
    if (Character.isWhitespace(codePoint) && codePoint != ' '
        || Character.isISOControl(codePoint)
        || !Character.isDefined(codePoint)) {
      return String.format("U+%04X", codePoint);
    }
    return "'" + new String(Character.toChars(codePoint)) + "'";
  }
}
