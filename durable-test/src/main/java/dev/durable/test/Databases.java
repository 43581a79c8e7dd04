package dev.durable.test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * The envs' in-memory H2 databases. Creating Durable's tables in a new database is most of what a
 * test of a small workflow costs (about a second on a busy two-core machine; starting an engine on
 * tables already made takes a fraction of it), so an env that closes empties its database's
 * tables, identities restarted, and leaves it here for the next env of this JVM, which finds it as
 * a new one would be: the schema made, every table empty. A database that cannot be emptied is
 * dropped instead.
 *
 * <p>The one static state of the kit: a cache, shared by the envs of one JVM, each database held
 * by one env at a time.
 */
final class Databases {
  private static final String SCHEMA_HISTORY = "durable_schema_history";
  private static final Queue<String> EMPTY = new ConcurrentLinkedQueue<>();

  private Databases() {}

  /** The URL of an empty database that no other env holds: one given back, or a new one. */
  static String take() {
    String url = EMPTY.poll();
    return url != null ? url : "jdbc:h2:mem:durable-test-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1";
  }

  /**
   * Takes back the database at {@code url}, whose engine and workers are closed: empties it for the
   * next env, or drops it if that fails.
   */
  static void giveBack(String url) throws SQLException {
    try (Connection connection = DriverManager.getConnection(url);
        Statement statement = connection.createStatement()) {
      try {
        empty(connection, statement);
      } catch (SQLException e) {
        statement.execute("SHUTDOWN");
        return;
      }
    }
    EMPTY.add(url);
  }

  /** Empties every table but the schema history, restarting their identities. */
  private static void empty(Connection connection, Statement statement) throws SQLException {
    List<String> tables = new ArrayList<>();
    try (ResultSet rows = connection.getMetaData()
        .getTables(null, "PUBLIC", null, new String[] {"TABLE"})) {
      while (rows.next()) {
        tables.add(rows.getString("TABLE_NAME"));
      }
    }
    statement.execute("SET REFERENTIAL_INTEGRITY FALSE");
    try {
      for (String table : tables) {
        if (!table.equalsIgnoreCase(SCHEMA_HISTORY)) {
          statement.execute("TRUNCATE TABLE \"" + table + "\" RESTART IDENTITY");
        }
      }
    } finally {
      statement.execute("SET REFERENTIAL_INTEGRITY TRUE");
    }
  }
}
