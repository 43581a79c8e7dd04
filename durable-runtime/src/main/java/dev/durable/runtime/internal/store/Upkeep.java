package dev.durable.runtime.internal.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;

/** What PostgreSQL's own upkeep leaves undone that the engine's speed depends on. */
final class Upkeep {
  /**
   * The server's autovacuum setting, the Durable tables of the current schema on which it is
   * disabled (null if none), and where the server and database are.
   */
  private static final String UPKEEP =
      "SELECT current_setting('autovacuum'), (" + RunsTable.AUTOVACUUM_DISABLED + "),"
          + " coalesce(host(inet_server_addr()), 'a local socket') || ':'"
          + " || current_setting('port') || ', database ' || current_database()";

  private Upkeep() {}

  /**
   * Warns where autovacuum is off on the server, or disabled on Durable's busiest tables: their
   * rows are updated at every step, claim and answer, and unvacuumed the dead row versions pile up
   * behind the claims, while tables never analyzed keep the plans chosen for empty ones. The
   * warning names the server and database, so that a process warns once for each.
   */
  static Optional<String> warning(Connection connection) throws SQLException {
    try (PreparedStatement read = connection.prepareStatement(UPKEEP);
        ResultSet row = read.executeQuery()) {
      row.next();
      boolean serverOff = "off".equals(row.getString(1));
      String tablesOff = row.getString(2);
      if (!serverOff && tablesOff == null) {
        return Optional.empty();
      }
      String server = "the server at " + row.getString(3);
      String where = serverOff && tablesOff != null
          ? "on " + server + ", and disabled on Durable's tables " + tablesOff
          : serverOff ? "on " + server : "on Durable's tables " + tablesOff + " (" + server + ")";
      return Optional.of("PostgreSQL's autovacuum is off " + where + ": Durable updates a run's"
          + " row at every step and a task's at its claim and answer, and unvacuumed, the dead"
          + " row versions pile up in the claims' way and the planner keeps the plans it chose"
          + " for empty tables (a dispatched step's round trip grew from 5 to 12 ms over 4,000"
          + " runs); turn autovacuum on, or run VACUUM (ANALYZE) on Durable's tables regularly");
    }
  }
}
