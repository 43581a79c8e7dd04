package dev.durable.cli;

import java.util.regex.Pattern;

/**
 * Keeps the database password out of what durable-cli prints: error messages may quote the JDBC
 * URL (which may carry it) or, from some drivers, the credentials.
 */
final class Secrets {
  static final String MASK = "********";

  /** PostgreSQL's {@code ?password=}, {@code &sslpassword=}, H2's {@code ;PASSWORD=}; any case. */
  private static final Pattern PASSWORD_PARAMETER =
      Pattern.compile("(?i)([?&;][^=?&;\\s]*(?:password|pwd)[^=?&;\\s]*=)[^&;\\s]*");

  /** The password of {@code //user:password@host}. */
  private static final Pattern USER_INFO = Pattern.compile("(//[^/@?;:\\s]*):[^@/?;\\s]*@");

  private Secrets() {}

  /** {@code text} with every password in a URL, and {@code password} itself, masked. */
  static String mask(String text, String password) {
    if (text == null) {
      return null;
    }
    String masked = text;
    if (password != null && !password.isEmpty()) {
      masked = masked.replace(password, MASK);
    }
    masked = PASSWORD_PARAMETER.matcher(masked).replaceAll("$1" + MASK);
    return USER_INFO.matcher(masked).replaceAll("$1:" + MASK + "@");
  }
}
