package dev.durable.runtime.internal.store.dialect;

import dev.durable.runtime.internal.store.run.RunsTable;
import dev.durable.runtime.internal.store.run.StepsTable;
import dev.durable.runtime.internal.store.sql.Schema;
import dev.durable.runtime.internal.store.task.TasksTable;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;

/** What PostgreSQL's own upkeep leaves undone that the engine's speed depends on. */
final class PostgresUpkeep {
  /**
   * The server's autovacuum setting, the Durable tables of the store's schema on which it is
   * disabled (in a list, or null if none), and where the server and database are.
   */
  private final String upkeep;

  PostgresUpkeep(Schema schema) {
    upkeep = "SELECT current_setting('autovacuum'), (SELECT string_agg(c.relname, ', '"
        + " ORDER BY c.relname) FROM pg_class c WHERE c.relnamespace = " + schema.expression()
        + "::regnamespace AND c.relname IN ('" + RunsTable.NAME + "', '" + StepsTable.NAME
        + "', '" + TasksTable.NAME + "') AND c.reloptions @> ARRAY['autovacuum_enabled=false']),"
        + " coalesce(host(inet_server_addr()), 'a local socket') || ':'"
        + " || current_setting('port') || ', database ' || current_database()";
  }

  /**
   * Warns where autovacuum is off on the server, or disabled on Durable's busiest tables: their
   * rows are updated at every step, claim and answer, and unvacuumed the dead row versions pile up
   * behind the claims, while tables never analyzed keep the plans chosen for empty ones. The
   * warning names the server and database, so that a process warns once for each.
   */
  Optional<String> warning(Connection connection) throws SQLException {
    try (PreparedStatement read = connection.prepareStatement(upkeep);
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
