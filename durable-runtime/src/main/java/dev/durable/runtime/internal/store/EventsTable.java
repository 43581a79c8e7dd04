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
  private static final String SELECT_EVENTS =
      "SELECT id, run_id, at, type, step, attempt, detail FROM durable_events"
          + " WHERE run_id = ? ORDER BY id";

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

  /** The run's events, oldest first. */
  static List<HistoryEvent> read(Connection connection, String runId) throws SQLException {
    try (PreparedStatement select = connection.prepareStatement(SELECT_EVENTS)) {
      select.setString(1, runId);
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
