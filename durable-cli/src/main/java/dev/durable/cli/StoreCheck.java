package dev.durable.cli;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Locale;
import java.util.Properties;

/**
 * Checks that a database holds a Durable store before durable-cli opens an engine on it: an
 * engine migrates the schema it opens, so a mistyped URL (another database, the wrong schema)
 * would otherwise be given empty Durable tables and answer "no runs match".
 */
final class StoreCheck {
  /** The table every version of the store has. */
  private static final String RUNS_TABLE = "durable_runs";
  /** H2's error code for a database that does not exist, opened with {@code IFEXISTS=TRUE}. */
  private static final int H2_DATABASE_NOT_FOUND = 90146;
  /** How a store is made where there is none: every "no store" message ends with it. */
  static final String TO_CREATE_ONE = "To create the store there, run 'durable-cli migrate' with"
      + " the same URL (and --schema, if you use one), or start an engine of the application,"
      + " which creates it; no other command of durable-cli creates one";

  private StoreCheck() {}

  /**
   * Returns if the database at {@code url} has the store's runs table in {@code schema}, or in its
   * current schema when that is null.
   *
   * @throws CannotConnect if it cannot be reached, or holds no store
   */
  static void requireStore(String url, String user, String password, String named) {
    Properties properties = new Properties();
    if (user != null) {
      properties.setProperty("user", user);
    }
    if (password != null) {
      properties.setProperty("password", password);
    }
    try (Connection connection = DriverManager.getConnection(existingOnly(url), properties)) {
      DatabaseMetaData metadata = connection.getMetaData();
      String schema = named != null ? named : connection.getSchema();
      if (schema == null) {
        // PostgreSQL: no schema of the search path (the URL's currentSchema) exists
        throw new CannotConnect("no Durable store at " + url + ": the schema it names (its"
            + " currentSchema) does not exist; check the URL. " + TO_CREATE_ONE, null);
      }
      // H2 keeps unquoted names in upper case, PostgreSQL in lower case
      if (!hasTable(metadata, schema, RUNS_TABLE)
          && !hasTable(metadata, schema, RUNS_TABLE.toUpperCase(Locale.ROOT))) {
        throw new CannotConnect("no Durable store at " + url + ": schema " + schema + " has no "
            + RUNS_TABLE + " table; check the URL (and its currentSchema). " + TO_CREATE_ONE,
            null);
      }
    } catch (SQLException e) {
      if (e.getErrorCode() == H2_DATABASE_NOT_FOUND) {
        throw new CannotConnect("no Durable store at " + url + ": no H2 database is there; check"
            + " the URL's path. " + TO_CREATE_ONE, e);
      }
      throw new CannotConnect("cannot connect to " + url + ": " + e.getMessage()
          + "; check the JDBC URL, the credentials and that the database is running", e);
    }
  }

  /**
   * {@code url}, told not to create the database where it names an H2 database on disk or on a
   * server that does not exist yet (H2 would create an empty one, and leave its file behind).
   */
  static String existingOnly(String url) {
    String lower = url.toLowerCase(Locale.ROOT);
    if (!lower.startsWith("jdbc:h2:") || lower.startsWith("jdbc:h2:mem:")
        || lower.contains(";ifexists=")) {
      return url;
    }
    return url + ";IFEXISTS=TRUE";
  }

  private static boolean hasTable(DatabaseMetaData metadata, String schema, String table)
      throws SQLException {
    try (ResultSet tables = metadata.getTables(null, schema, table, null)) {
      return tables.next();
    }
  }
}
