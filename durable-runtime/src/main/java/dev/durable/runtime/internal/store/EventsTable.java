package dev.durable.runtime.internal.store;

import dev.durable.runtime.HistoryEvent;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The SQL of {@code durable_events}, the runs' histories: appending events and reading them. The
 * PostgreSQL statements that log as they write (a claim, a start, a turn's progress) build their
 * inserts from {@link #INSERT_INTO} and {@link #INSERT_RUN_EVENT_INTO}.
 */
final class EventsTable {
  /** An insert of events, before its rows. */
  static final String INSERT_INTO =
      "INSERT INTO durable_events (run_id, at, type, step, attempt, detail)";
  /** An insert of events of a run itself, at no step: before its rows. */
  static final String INSERT_RUN_EVENT_INTO =
      "INSERT INTO durable_events (run_id, at, type, attempt, detail)";
  private static final String INSERT = INSERT_INTO + " VALUES (?, ?, ?, ?, ?, ?)";
  /** Logs the release of the runs an owner (any owner, when null) leases. */
  private static final String LOG_RELEASED =
      INSERT_RUN_EVENT_INTO + " SELECT run_id, ?, ?, 0, lease_owner FROM durable_runs"
          + " WHERE status = 'RUNNING' AND (lease_owner = ? OR ? IS NULL)";
  /**
   * The events that the checkpoints of a run from a position on carry ({@code
   * Commit.CheckpointWrite#carriesEvents}), as rows of the log: its run id and the position, twice.
   */
  private static final String CARRIED =
      "SELECT started_event, run_id, started_at, 'step.started', name, 1, '"
          + Commit.CheckpointWrite.LOCAL_DETAIL + "' FROM durable_steps"
          + " WHERE run_id = ? AND seq >= ? AND started_event IS NOT NULL"
          + " UNION ALL SELECT completed_event, run_id, updated_at, 'step.completed', name,"
          + " attempts, NULL FROM durable_steps"
          + " WHERE run_id = ? AND seq >= ? AND completed_event IS NOT NULL";
  private static final String SELECT_EVENTS =
      "SELECT id, run_id, at, type, step, attempt, detail FROM durable_events WHERE run_id = ?"
          + " UNION ALL " + CARRIED + " ORDER BY 1";
  /** Makes rows of the events carried by checkpoints about to be deleted, so the log keeps them. */
  private static final String KEEP_CARRIED =
      "INSERT INTO durable_events (id, run_id, at, type, step, attempt, detail) " + CARRIED;

  private EventsTable() {}

  /** Appends events of one run, in order, as one batch. */
  static void append(Connection connection, String runId, List<NewEvent> events)
      throws SQLException {
    append(connection, events.stream().map(e -> new Entry(runId, e)).toList());
  }

  /** An event of some run. */
  record Entry(String runId, NewEvent event) {}

  /** Appends events of several runs, in order, as one batch. */
  static void append(Connection connection, List<Entry> entries) throws SQLException {
    if (entries.isEmpty()) {
      return;
    }
    try (PreparedStatement insert = connection.prepareStatement(INSERT)) {
      for (Entry entry : entries) {
        NewEvent event = entry.event();
        insert.setString(1, entry.runId());
        Rows.setInstant(insert, 2, event.at());
        insert.setString(3, event.type());
        insert.setString(4, event.step());
        insert.setInt(5, event.attempt());
        insert.setString(6, event.detail());
        insert.addBatch();
      }
      insert.executeBatch();
    }
  }

  /** Logs {@code eventType} for each run {@code owner} leases (each leased run, when null). */
  static void logReleased(Connection connection, String owner, String eventType, Instant now)
      throws SQLException {
    try (PreparedStatement log = connection.prepareStatement(LOG_RELEASED)) {
      Rows.setInstant(log, 1, now);
      log.setString(2, eventType);
      log.setString(3, owner);
      log.setString(4, owner);
      log.executeUpdate();
    }
  }

  /**
   * Writes as rows of the log the events carried by the run's checkpoints from position {@code
   * seq} on, which are about to be deleted: the run's history keeps them.
   */
  static void keepCarried(Connection connection, String runId, int seq) throws SQLException {
    try (PreparedStatement keep = connection.prepareStatement(KEEP_CARRIED)) {
      bindCarried(keep, 1, runId, seq);
      keep.executeUpdate();
    }
  }

  private static void bindCarried(PreparedStatement statement, int first, String runId, int seq)
      throws SQLException {
    statement.setString(first, runId);
    statement.setInt(first + 1, seq);
    statement.setString(first + 2, runId);
    statement.setInt(first + 3, seq);
  }

  /** The run's events, oldest first: the log's rows and the events its checkpoints carry. */
  static List<HistoryEvent> read(Connection connection, String runId) throws SQLException {
    try (PreparedStatement select = connection.prepareStatement(SELECT_EVENTS)) {
      select.setString(1, runId);
      bindCarried(select, 2, runId, 0);
      List<HistoryEvent> events = new ArrayList<>();
      try (ResultSet rows = select.executeQuery()) {
        while (rows.next()) {
          events.add(
              new HistoryEvent(
                  rows.getLong(1),
                  rows.getString(2),
                  Rows.instant(rows, 3),
                  rows.getString(4),
                  Optional.ofNullable(rows.getString(5)),
                  rows.getInt(6),
                  rows.getString(7)));
        }
      }
      return events;
    }
  }
}
