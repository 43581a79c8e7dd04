package dev.durable.runtime.store;

import dev.durable.runtime.HistoryEvent;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Appending to and reading {@code durable_events}. */
final class EventLog {
  private static final String INSERT_EVENT =
      "INSERT INTO durable_events (run_id, at, type, step, attempt, detail)"
          + " VALUES (?, ?, ?, ?, ?, ?)";
  private static final String SELECT_EVENTS =
      "SELECT id, run_id, at, type, step, attempt, detail FROM durable_events"
          + " WHERE run_id = ? ORDER BY id";

  private EventLog() {}

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
    try (PreparedStatement insert = connection.prepareStatement(INSERT_EVENT)) {
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
