package dev.durable.runtime.internal.store;

import java.util.regex.Pattern;

/**
 * JDBC URLs as they may be shown: in the log and in error messages. A URL may carry the database
 * password, and logs travel further than the configuration they came from.
 */
public final class JdbcUrls {
  /** What stands in for a password; Flyway's own log line about the database shows the same. */
  static final String MASK = "********";

  /**
   * A parameter whose name says it holds a password: PostgreSQL's {@code ?password=} and
   * {@code &sslpassword=}, H2's {@code ;PASSWORD=} (which may hold two, space-separated), any case.
   * The value runs to the next parameter.
   */
  private static final Pattern PASSWORD_PARAMETER =
      Pattern.compile("(?i)([?&;][^=?&;]*(?:password|pwd)[^=?&;]*=)[^&;]*");

  /** The password of {@code //user:password@host}, which several drivers accept. */
  private static final Pattern USER_INFO = Pattern.compile("(//[^/@?;:]*):[^@/?;]*@");

  private JdbcUrls() {}

  /** {@code jdbcUrl} with every password in it replaced by {@link #MASK}. */
  public static String masked(String jdbcUrl) {
    String masked = PASSWORD_PARAMETER.matcher(jdbcUrl).replaceAll("$1" + MASK);
    return USER_INFO.matcher(masked).replaceAll("$1:" + MASK + "@");
  }
}
