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

  private StoreCheck() {}

  /**
   * Returns if the database at {@code url} has the store's runs table in its current schema.
   *
   * @throws CannotConnect if it cannot be reached, or holds no store
   */
  static void requireStore(String url, String user, String password) {
    Properties properties = new Properties();
    if (user != null) {
      properties.setProperty("user", user);
    }
    if (password != null) {
      properties.setProperty("password", password);
    }
    try (Connection connection = DriverManager.getConnection(url, properties)) {
      DatabaseMetaData metadata = connection.getMetaData();
      String schema = connection.getSchema();
      // H2 keeps unquoted names in upper case, PostgreSQL in lower case
      if (!hasTable(metadata, schema, RUNS_TABLE)
          && !hasTable(metadata, schema, RUNS_TABLE.toUpperCase(Locale.ROOT))) {
        throw new CannotConnect("no Durable store at " + url + ": schema " + schema + " has no "
            + RUNS_TABLE + " table; check the URL (and its currentSchema). durable-cli does not"
            + " create a store: an engine of the application does when it starts", null);
      }
    } catch (SQLException e) {
      throw new CannotConnect("cannot connect to " + url + ": " + e.getMessage()
          + "; check the JDBC URL, the credentials and that the database is running", e);
    }
  }

  private static boolean hasTable(DatabaseMetaData metadata, String schema, String table)
      throws SQLException {
    try (ResultSet tables = metadata.getTables(null, schema, table, null)) {
      return tables.next();
    }
  }
}
