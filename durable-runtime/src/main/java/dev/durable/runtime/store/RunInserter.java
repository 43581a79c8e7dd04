package dev.durable.runtime.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Stores new runs, a batch at a time; one implementation per dialect. */
interface RunInserter {

  /**
   * Inserts the runs and logs their starts; for each, whether it was inserted (false: its id was
   * taken, before or earlier in the same batch).
   */
  boolean[] insert(Connection connection, List<NewRun> runs) throws SQLException;

  /** Whether {@link #insert} is one statement that can run in autocommit mode. */
  boolean isSingleStatement();

  String RUN_INSERT_COLUMNS =
      "run_id, workflow_name, workflow_version, status, input, created_at, updated_at, due_at,"
          + " lease_owner, lease_until, epoch";

  /** One insert per run, then the events, in the caller's transaction; for H2. */
  final class Portable implements RunInserter {
    private static final String INSERT_RUN =
        "INSERT INTO durable_runs (" + RUN_INSERT_COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?,"
            + " ?, ?)";

    @Override
    public boolean isSingleStatement() {
      return false;
    }

    @Override
    public boolean[] insert(Connection connection, List<NewRun> runs) throws SQLException {
      boolean[] inserted = new boolean[runs.size()];
      List<EventLog.Entry> events = new ArrayList<>();
      try (PreparedStatement insert = connection.prepareStatement(INSERT_RUN)) {
        for (int i = 0; i < runs.size(); i++) {
          NewRun run = runs.get(i);
          insert.setString(1, run.runId());
          insert.setString(2, run.workflow().name());
          insert.setString(3, run.workflow().version());
          insert.setString(4, run.status());
          insert.setString(5, run.input());
          Rows.setInstant(insert, 6, run.now());
          Rows.setInstant(insert, 7, run.now());
          Rows.setInstant(insert, 8, run.dueAt());
          insert.setString(9, run.owner());
          Rows.setInstant(insert, 10, run.storedLeaseUntil());
          insert.setLong(11, run.epoch());
          try {
            insert.executeUpdate();
            inserted[i] = true;
            run.events().forEach(event -> events.add(new EventLog.Entry(run.runId(), event)));
          } catch (SQLException e) {
            // H2 rolls back the failed statement only; the transaction goes on
            if (!"23505".equals(e.getSQLState())) {
              throw e;
            }
          }
        }
      }
      EventLog.append(connection, events);
      return inserted;
    }
  }

  /**
   * One statement for the batch: the inserts (nothing on a taken id), the events, and a {@code
   * NOTIFY} that wakes the engines listening for each run no engine took at once.
   */
  final class Postgres implements RunInserter {
    /** The channel engines listen on; the payload is the run's id. */
    static final String CHANNEL = "durable_runs";

    private static final String INSERT_RUNS =
        "WITH new AS ("
            + "  SELECT * FROM unnest(?::varchar[], ?::varchar[], ?::varchar[], ?::varchar[],"
            + "    ?::text[], ?::text[]::timestamptz[], ?::text[]::timestamptz[], ?::varchar[],"
            + "    ?::text[]::timestamptz[], ?::int8[])"
            + "  AS n(run_id, workflow_name, workflow_version, status, input, created_at, due_at,"
            + "    lease_owner, lease_until, epoch)"
            + "), inserted AS ("
            + "  INSERT INTO durable_runs (" + RUN_INSERT_COLUMNS + ")"
            + "  SELECT run_id, workflow_name, workflow_version, status, input, created_at,"
            + "    created_at, due_at, lease_owner, lease_until, epoch FROM new"
            + "  ON CONFLICT (run_id) DO NOTHING RETURNING run_id, lease_owner"
            + "), logged AS ("
            + "  INSERT INTO durable_events (run_id, at, type, attempt, detail)"
            + "  SELECT e.run_id, e.at, e.type, 0, e.detail"
            + "  FROM unnest(?::varchar[], ?::text[]::timestamptz[], ?::varchar[], ?::text[])"
            + "    WITH ORDINALITY AS e(run_id, at, type, detail, ord)"
            + "  JOIN inserted i ON i.run_id = e.run_id ORDER BY e.ord"
            + "), woken AS ("
            + "  SELECT pg_notify('" + CHANNEL + "', run_id) FROM inserted"
            + "  WHERE lease_owner IS NULL"
            + ") SELECT run_id FROM inserted WHERE (SELECT count(*) FROM woken) >= 0";

    @Override
    public boolean isSingleStatement() {
      return true;
    }

    @Override
    public boolean[] insert(Connection connection, List<NewRun> runs) throws SQLException {
      int n = runs.size();
      String[] ids = new String[n];
      String[] names = new String[n];
      String[] versions = new String[n];
      String[] statuses = new String[n];
      String[] inputs = new String[n];
      String[] createdAts = new String[n];
      String[] dueAts = new String[n];
      String[] owners = new String[n];
      String[] leaseUntils = new String[n];
      Long[] epochs = new Long[n];
      List<String> eventRuns = new ArrayList<>();
      List<String> eventAts = new ArrayList<>();
      List<String> eventTypes = new ArrayList<>();
      List<String> eventDetails = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        NewRun run = runs.get(i);
        ids[i] = run.runId();
        names[i] = run.workflow().name();
        versions[i] = run.workflow().version();
        statuses[i] = run.status();
        inputs[i] = run.input();
        createdAts[i] = Rows.text(run.now());
        dueAts[i] = Rows.text(run.dueAt());
        owners[i] = run.owner();
        leaseUntils[i] = Rows.text(run.storedLeaseUntil());
        epochs[i] = run.epoch();
        for (NewEvent event : run.events()) {
          eventRuns.add(run.runId());
          eventAts.add(Rows.text(event.at()));
          eventTypes.add(event.type());
          eventDetails.add(event.detail());
        }
      }
      try (PreparedStatement insert = connection.prepareStatement(INSERT_RUNS)) {
        int p = 1;
        insert.setArray(p++, connection.createArrayOf("varchar", ids));
        insert.setArray(p++, connection.createArrayOf("varchar", names));
        insert.setArray(p++, connection.createArrayOf("varchar", versions));
        insert.setArray(p++, connection.createArrayOf("varchar", statuses));
        insert.setArray(p++, connection.createArrayOf("text", inputs));
        insert.setArray(p++, connection.createArrayOf("text", createdAts));
        insert.setArray(p++, connection.createArrayOf("text", dueAts));
        insert.setArray(p++, connection.createArrayOf("varchar", owners));
        insert.setArray(p++, connection.createArrayOf("text", leaseUntils));
        insert.setArray(p++, connection.createArrayOf("int8", epochs));
        insert.setArray(p++, connection.createArrayOf("varchar", eventRuns.toArray()));
        insert.setArray(p++, connection.createArrayOf("text", eventAts.toArray()));
        insert.setArray(p++, connection.createArrayOf("varchar", eventTypes.toArray()));
        insert.setArray(p, connection.createArrayOf("text", eventDetails.toArray()));
        Set<String> inserted = new HashSet<>();
        try (ResultSet rows = insert.executeQuery()) {
          while (rows.next()) {
            inserted.add(rows.getString(1));
          }
        }
        boolean[] result = new boolean[n];
        for (int i = 0; i < n; i++) {
          result[i] = inserted.contains(ids[i]);
        }
        return result;
      }
    }
  }
}
