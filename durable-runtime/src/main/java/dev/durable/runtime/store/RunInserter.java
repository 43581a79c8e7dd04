package dev.durable.runtime.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

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
   * One round trip and one commit for the batch: per run, one statement that inserts it (nothing
   * on a taken id) and logs its start, and for a run no engine took at once a {@code NOTIFY} that
   * wakes the engines listening; joined into one multi-statement text, which PostgreSQL runs in
   * one implicit transaction. Runs are ordered by shape, so that recurring texts are prepared and
   * planned once.
   */
  final class Postgres implements RunInserter {
    /** The channel engines listen on; the payload is the run's id. */
    static final String CHANNEL = "durable_runs";

    private static final String INSERT_RUN =
        "WITH inserted AS ("
            + " INSERT INTO durable_runs (" + RUN_INSERT_COLUMNS + ")"
            + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            + " ON CONFLICT (run_id) DO NOTHING RETURNING run_id"
            + ") INSERT INTO durable_events (run_id, at, type, attempt, detail)"
            + " SELECT i.run_id, v.at, v.type, 0, v.detail FROM inserted i CROSS JOIN (VALUES ";
    private static final String EVENT_ROW = "(?::timestamptz, ?, ?, ";
    private static final String NOTIFY = "SELECT pg_notify('" + CHANNEL + "', ?);\n";

    @Override
    public boolean isSingleStatement() {
      return true;
    }

    @Override
    public boolean[] insert(Connection connection, List<NewRun> runs) throws SQLException {
      Integer[] order = new Integer[runs.size()];
      for (int i = 0; i < order.length; i++) {
        order[i] = i;
      }
      Arrays.sort(order, Comparator.comparing((Integer i) -> runs.get(i).leased())
          .thenComparing(i -> runs.get(i).events().size()));
      StringBuilder sql = new StringBuilder();
      for (int i : order) {
        NewRun run = runs.get(i);
        sql.append(INSERT_RUN);
        for (int e = 0; e < run.events().size(); e++) {
          sql.append(e == 0 ? "" : ", ").append(EVENT_ROW).append(e).append(')');
        }
        sql.append(") AS v(at, type, detail, ord) ORDER BY v.ord;\n");
        if (!run.leased()) {
          sql.append(NOTIFY);
        }
      }
      boolean[] inserted = new boolean[runs.size()];
      try (PreparedStatement insert = connection.prepareStatement(sql.toString())) {
        int p = 1;
        for (int i : order) {
          NewRun run = runs.get(i);
          insert.setString(p++, run.runId());
          insert.setString(p++, run.workflow().name());
          insert.setString(p++, run.workflow().version());
          insert.setString(p++, run.status());
          insert.setString(p++, run.input());
          Rows.setInstant(insert, p++, run.now());
          Rows.setInstant(insert, p++, run.now());
          Rows.setInstant(insert, p++, run.dueAt());
          insert.setString(p++, run.owner());
          Rows.setInstant(insert, p++, run.storedLeaseUntil());
          insert.setLong(p++, run.epoch());
          for (NewEvent event : run.events()) {
            Rows.setInstant(insert, p++, event.at());
            insert.setString(p++, event.type());
            insert.setString(p++, event.detail());
          }
          if (!run.leased()) {
            insert.setString(p++, run.runId());
          }
        }
        // the update counts, in order: each run's logged events (none where its id was taken)
        boolean resultSet = insert.execute();
        int next = 0;
        while (true) {
          if (!resultSet) {
            int count = insert.getUpdateCount();
            if (count == -1) {
              break;
            }
            inserted[order[next++]] = count > 0;
          }
          resultSet = insert.getMoreResults();
        }
        if (next != runs.size()) {
          throw new SQLException("expected " + runs.size() + " run inserts, got " + next);
        }
      }
      return inserted;
    }
  }
}
