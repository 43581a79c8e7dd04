package dev.durable.bench;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A short name for a SQL statement, telling the engine's statements apart in the per-statement
 * counts: {@code UPDATE durable_runs SET status = 'COMPLETED'}, {@code SELECT durable_runs WHERE
 * run_id = ?}, {@code INSERT durable_events}.
 */
final class StatementLabel {
  private static final Pattern INSERT =
      Pattern.compile("INSERT INTO (\\w+)", Pattern.CASE_INSENSITIVE);
  private static final Pattern UPDATE =
      Pattern.compile("UPDATE (\\w+) SET (.+?)(?:,| WHERE )", Pattern.CASE_INSENSITIVE);
  private static final Pattern DELETE =
      Pattern.compile("DELETE FROM (\\w+)", Pattern.CASE_INSENSITIVE);
  private static final Pattern SELECT =
      Pattern.compile(
          "SELECT (.+?) FROM (\\w+)(?: WHERE (.+?)(?= AND | ORDER BY | GROUP BY |$))?",
          Pattern.CASE_INSENSITIVE);
  private static final Pattern WITH =
      Pattern.compile("WITH (\\w+) AS \\( ?", Pattern.CASE_INSENSITIVE);
  private static final int MAX_OTHER = 48;

  private StatementLabel() {}

  /**
   * The label of {@code sql}; for a multi-statement text (the engine's batches on PostgreSQL),
   * {@code batch:} and the label of its first statement; for a statement that starts with a CTE,
   * the label of the CTE's statement.
   */
  static String of(String sql) {
    String s = sql.strip().replaceAll("\\s+", " ");
    int end = s.indexOf(';');
    if (end >= 0 && end < s.length() - 1) {
      return "batch: " + of(s.substring(0, end));
    }
    Matcher m;
    if ((m = WITH.matcher(s)).lookingAt()) {
      return of(s.substring(m.end()));
    }
    if ((m = INSERT.matcher(s)).lookingAt()) {
      return "INSERT " + m.group(1);
    }
    if ((m = UPDATE.matcher(s)).lookingAt()) {
      return "UPDATE " + m.group(1) + " SET " + m.group(2);
    }
    if ((m = DELETE.matcher(s)).lookingAt()) {
      return "DELETE " + m.group(1);
    }
    if ((m = SELECT.matcher(s)).lookingAt()) {
      boolean count = m.group(1).toUpperCase(Locale.ROOT).contains("COUNT(");
      String what = count ? "SELECT COUNT " : "SELECT ";
      return what + m.group(2) + (m.group(3) == null ? "" : " WHERE " + m.group(3));
    }
    return s.length() <= MAX_OTHER ? s : s.substring(0, MAX_OTHER - 3) + "...";
  }
}
