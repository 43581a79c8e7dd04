package dev.durable.runtime.internal.common;

import java.util.Comparator;

/**
 * The order of a workflow's versions, to start new runs on the highest one registered: runs of
 * digits compare as numbers ({@code "10"} after {@code "9"}, {@code "2.10"} after {@code "2.9"}),
 * the rest as text, piece by piece; a version that is a prefix of another comes first.
 */
public final class Versions {
  public static final Comparator<String> ORDER = Versions::compare;

  private Versions() {}

  public static int compare(String a, String b) {
    int i = 0;
    int j = 0;
    while (i < a.length() && j < b.length()) {
      char x = a.charAt(i);
      char y = b.charAt(j);
      if (Character.isDigit(x) && Character.isDigit(y)) {
        int endA = digitsEnd(a, i);
        int endB = digitsEnd(b, j);
        int byNumber = compareNumbers(a, i, endA, b, j, endB);
        if (byNumber != 0) {
          return byNumber;
        }
        i = endA;
        j = endB;
      } else {
        if (x != y) {
          return Character.compare(x, y);
        }
        i++;
        j++;
      }
    }
    return Integer.compare(a.length() - i, b.length() - j);
  }

  private static int digitsEnd(String s, int from) {
    int end = from;
    while (end < s.length() && Character.isDigit(s.charAt(end))) {
      end++;
    }
    return end;
  }

  /**
   * Two runs of digits, {@code a[i, endA)} and {@code b[j, endB)}, by value, of any length: leading
   * zeros aside, the longer is larger. (Called on every start: no regular expression, no copy.)
   */
  private static int compareNumbers(String a, int i, int endA, String b, int j, int endB) {
    i = significant(a, i, endA);
    j = significant(b, j, endB);
    if (endA - i != endB - j) {
      return Integer.compare(endA - i, endB - j);
    }
    for (; i < endA; i++, j++) {
      if (a.charAt(i) != b.charAt(j)) {
        return Character.compare(a.charAt(i), b.charAt(j));
      }
    }
    return 0;
  }

  /** Where the digits {@code s[from, end)} start once leading zeros are skipped, one kept. */
  private static int significant(String s, int from, int end) {
    while (from < end - 1 && s.charAt(from) == '0') {
      from++;
    }
    return from;
  }
}
