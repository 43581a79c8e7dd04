package dev.durable.runtime.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;

/** Stores new runs; one implementation per dialect. */
interface RunInserter {

  /** Inserts the run and logs its start; false, writing nothing, if its id is taken. */
  boolean insert(Connection connection, NewRun run) throws SQLException;

  /** Whether {@link #insert} is one statement that can run in autocommit mode. */
  boolean isSingleStatement();

  /** Binds the run's columns, the same for both dialects, from parameter {@code first}. */
  static int bindRun(PreparedStatement insert, int first, NewRun run) throws SQLException {
    boolean leased = run.owner() != null;
    int p = first;
    insert.setString(p++, run.runId());
    insert.setString(p++, run.workflow().name());
    insert.setString(p++, run.workflow().version());
    insert.setString(p++, leased ? "RUNNING" : "PENDING");
    insert.setString(p++, run.input());
    Rows.setInstant(insert, p++, run.now());
    Rows.setInstant(insert, p++, run.now());
    Rows.setInstant(insert, p++, leased ? run.leaseUntil() : run.now());
    insert.setString(p++, run.owner());
    Rows.setInstant(insert, p++, leased ? run.leaseUntil() : null);
    insert.setLong(p++, leased ? NewRun.LEASED_EPOCH : 0);
    return p;
  }

  String RUN_INSERT_COLUMNS =
      "run_id, workflow_name, workflow_version, status, input, created_at, updated_at, due_at,"
          + " lease_owner, lease_until, epoch";

  /** An insert, then the events, in the caller's transaction; for H2. */
  final class Portable implements RunInserter {
    private static final String INSERT_RUN =
        "INSERT INTO durable_runs (" + RUN_INSERT_COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?,"
            + " ?, ?)";

    @Override
    public boolean isSingleStatement() {
      return false;
    }

    @Override
    public boolean insert(Connection connection, NewRun run) throws SQLException {
      try (PreparedStatement insert = connection.prepareStatement(INSERT_RUN)) {
        bindRun(insert, 1, run);
        insert.executeUpdate();
      } catch (SQLException e) {
        if ("23505".equals(e.getSQLState())) {
          return false;
        }
        throw e;
      }
      EventLog.append(connection, run.runId(), run.events());
      return true;
    }
  }

  /**
   * One statement: the insert (nothing on a taken id), the events, and a {@code NOTIFY} that wakes
   * the engines listening when no engine took the run at once.
   */
  final class Postgres implements RunInserter {
    /** The channel engines listen on; the payload is the run's id. */
    static final String CHANNEL = "durable_runs";

    private static final String INSERT_RUN =
        "WITH run AS ("
            + "  INSERT INTO durable_runs (" + RUN_INSERT_COLUMNS + ")"
            + "  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (run_id) DO NOTHING"
            + "  RETURNING run_id"
            + "), logged AS ("
            + "  INSERT INTO durable_events (run_id, at, type, attempt, detail)"
            + "  SELECT run.run_id, e.at, e.type, 0, e.detail FROM run,"
            + "    unnest(?::text[]::timestamptz[], ?::varchar[], ?::text[]) WITH ORDINALITY"
            + "    AS e(at, type, detail, ord) ORDER BY e.ord"
            + "), woken AS ("
            + "  SELECT pg_notify('" + CHANNEL + "', run.run_id) FROM run WHERE ?"
            + ") SELECT (SELECT count(*) FROM run), (SELECT count(*) FROM woken)";

    @Override
    public boolean isSingleStatement() {
      return true;
    }

    @Override
    public boolean insert(Connection connection, NewRun run) throws SQLException {
      List<NewEvent> events = run.events();
      String[] ats = events.stream().map(e -> Rows.text(e.at())).toArray(String[]::new);
      String[] types = events.stream().map(NewEvent::type).toArray(String[]::new);
      String[] details = events.stream().map(NewEvent::detail).toArray(String[]::new);
      try (PreparedStatement insert = connection.prepareStatement(INSERT_RUN)) {
        int p = bindRun(insert, 1, run);
        insert.setArray(p++, connection.createArrayOf("text", ats));
        insert.setArray(p++, connection.createArrayOf("varchar", types));
        insert.setArray(p++, connection.createArrayOf("text", details));
        insert.setBoolean(p, run.owner() == null);
        try (ResultSet rows = insert.executeQuery()) {
          rows.next();
          return rows.getLong(1) == 1;
        }
      }
    }
  }
}
