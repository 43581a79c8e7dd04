package dev.durable.runtime.internal.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The SQL of {@code durable_schedules} (how far each schedule has handled its fire times) and
 * {@code durable_schedule_runs} (the fire time each scheduled run serves).
 */
final class SchedulesTable {
  private static final String KEY = "workflow_name = ? AND cron = ? AND zone = ?";
  private static final String REGISTER =
      "INSERT INTO durable_schedules (workflow_name, cron, zone, handled_until, created_at,"
          + " updated_at) VALUES (?, ?, ?, ?, ?, ?)";
  private static final String EXISTS = "SELECT 1 FROM durable_schedules WHERE " + KEY;
  /** Holds the row until the commit: engines firing one schedule take turns. */
  private static final String LOCK =
      "SELECT handled_until FROM durable_schedules WHERE " + KEY + " FOR UPDATE";
  /** Compare-and-set: moves on only from the instant read under the lock. */
  private static final String ADVANCE =
      "UPDATE durable_schedules SET handled_until = ?, updated_at = ? WHERE " + KEY
          + " AND handled_until = ?";
  private static final String INSERT_RUN =
      "INSERT INTO durable_schedule_runs (run_id, workflow_name, cron, zone, fire_at)"
          + " VALUES (?, ?, ?, ?, ?)";
  private static final String FIRE_OF_RUN =
      "SELECT fire_at FROM durable_schedule_runs WHERE run_id = ?";

  private static final String ALL =
      "SELECT workflow_name, cron, zone, handled_until FROM durable_schedules"
          + " ORDER BY workflow_name, cron, zone";

  private SchedulesTable() {}

  /** Every schedule's row, by workflow, cron and zone. */
  static List<ScheduleRow> all(Connection connection) throws SQLException {
    try (PreparedStatement select = connection.prepareStatement(ALL);
        ResultSet rows = select.executeQuery()) {
      List<ScheduleRow> all = new ArrayList<>();
      while (rows.next()) {
        all.add(new ScheduleRow(rows.getString(1), rows.getString(2), rows.getString(3),
            Rows.instant(rows, 4)));
      }
      return all;
    }
  }

  /** Whether the schedule has a row. */
  static boolean exists(Connection connection, ScheduleKey key) throws SQLException {
    try (PreparedStatement select = connection.prepareStatement(EXISTS)) {
      new Params().string(key.workflowName()).string(key.cron()).string(key.zone()).bind(select);
      try (ResultSet rows = select.executeQuery()) {
        return rows.next();
      }
    }
  }

  /** Inserts the schedule's row, handled up to {@code now}: nothing before it fires. */
  static void register(Connection connection, ScheduleKey key, Instant now) throws SQLException {
    try (PreparedStatement insert = connection.prepareStatement(REGISTER)) {
      new Params().string(key.workflowName()).string(key.cron()).string(key.zone()).instant(now)
          .instant(now).instant(now).bind(insert);
      insert.executeUpdate();
    }
  }

  /** Locks the schedule's row and reads how far it is handled; empty if it has no row. */
  static Optional<Instant> lock(Connection connection, ScheduleKey key) throws SQLException {
    try (PreparedStatement select = connection.prepareStatement(LOCK)) {
      new Params().string(key.workflowName()).string(key.cron()).string(key.zone()).bind(select);
      try (ResultSet rows = select.executeQuery()) {
        return rows.next() ? Optional.of(Rows.instant(rows, 1)) : Optional.empty();
      }
    }
  }

  /** Moves {@code handled_until} from {@code from} to {@code to}; false if it had moved. */
  static boolean advance(
      Connection connection, ScheduleKey key, Instant from, Instant to, Instant now)
      throws SQLException {
    try (PreparedStatement update = connection.prepareStatement(ADVANCE)) {
      new Params().instant(to).instant(now).string(key.workflowName()).string(key.cron())
          .string(key.zone()).instant(from).bind(update);
      return update.executeUpdate() > 0;
    }
  }

  /** Records that run {@code runId} serves fire time {@code fireAt} of the schedule. */
  static void insertRun(Connection connection, ScheduleKey key, String runId, Instant fireAt)
      throws SQLException {
    try (PreparedStatement insert = connection.prepareStatement(INSERT_RUN)) {
      new Params().string(runId).string(key.workflowName()).string(key.cron()).string(key.zone())
          .instant(fireAt).bind(insert);
      insert.executeUpdate();
    }
  }

  /** The fire time run {@code runId} serves, if a schedule started it. */
  static Optional<Instant> fireOf(Connection connection, String runId) throws SQLException {
    try (PreparedStatement select = connection.prepareStatement(FIRE_OF_RUN)) {
      select.setString(1, runId);
      try (ResultSet rows = select.executeQuery()) {
        return rows.next() ? Optional.of(Rows.instant(rows, 1)) : Optional.empty();
      }
    }
  }
}
