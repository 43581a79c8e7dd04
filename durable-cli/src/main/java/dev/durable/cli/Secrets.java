package dev.durable.cli;

import java.util.regex.Pattern;

/**
 * Keeps the database password out of what durable-cli prints: error messages may quote the JDBC
 * URL (which may carry it) or, from some drivers, the credentials.
 */
final class Secrets {
  static final String MASK = "********";

  /**
   * PostgreSQL's {@code ?password=} or {@code &sslpassword=}, any case: the value runs to the next
   * {@code &}, since a {@code ;} is part of it in such a URL.
   */
  private static final Pattern QUERY_PASSWORD =
      Pattern.compile("(?i)([?&][^=?&;\\s]*(?:password|pwd)[^=?&;\\s]*=)[^&\\s]*");

  /** H2's {@code ;PASSWORD=}, any case: the value runs to the next {@code ;}. */
  private static final Pattern SETTING_PASSWORD =
      Pattern.compile("(?i)(;[^=?&;\\s]*(?:password|pwd)[^=?&;\\s]*=)[^;\\s]*");

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
    masked = QUERY_PASSWORD.matcher(masked).replaceAll("$1" + MASK);
    masked = SETTING_PASSWORD.matcher(masked).replaceAll("$1" + MASK);
    return USER_INFO.matcher(masked).replaceAll("$1:" + MASK + "@");
  }

  /**
   * A usage error's {@code message} with the value of every {@code --option=value} argument of
   * {@code args} masked: picocli quotes a mistyped option whole ({@code --pasword=S3cret}), and
   * the value of an option it does not know may be a secret.
   */
  static String maskArguments(String message, String[] args) {
    String masked = message;
    for (String arg : args) {
      int equals = arg.indexOf('=');
      if (arg.startsWith("-") && equals > 0 && equals < arg.length() - 1) {
        masked = masked.replace(arg, arg.substring(0, equals + 1) + MASK);
      }
    }
    return masked;
  }
}
