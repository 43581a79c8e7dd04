package dev.durable.runtime.internal.store;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The SQL of {@code durable_schedules} (how far each schedule has handled its fire times) and
 * {@code durable_schedule_runs} (the fire time each scheduled run serves).
 */
final class SchedulesTable {
  /** The table of the fire time each scheduled run serves, for the run search's join. */
  static final String RUNS_TABLE = "durable_schedule_runs";
  private static final Sql REGISTER = Sql.of(
      "INSERT INTO durable_schedules (workflow_name, cron, zone, handled_until, created_at,"
          + " updated_at) VALUES (:workflowName, :cron, :zone, :now, :now, :now)");
  private static final Sql EXISTS = Sql.of(
      "SELECT 1 FROM durable_schedules WHERE workflow_name = :workflowName AND cron = :cron"
          + " AND zone = :zone");
  /** Holds the row until the commit: engines firing one schedule take turns. */
  private static final Sql LOCK = Sql.of(
      "SELECT handled_until FROM durable_schedules WHERE workflow_name = :workflowName"
          + " AND cron = :cron AND zone = :zone FOR UPDATE");
  /** Compare-and-set: moves on only from the instant read under the lock. */
  private static final Sql ADVANCE = Sql.of(
      "UPDATE durable_schedules SET handled_until = :to, updated_at = :now"
          + " WHERE workflow_name = :workflowName AND cron = :cron AND zone = :zone"
          + " AND handled_until = :from");
  private static final Sql INSERT_RUN = Sql.of(
      "INSERT INTO durable_schedule_runs (run_id, workflow_name, cron, zone, fire_at)"
          + " VALUES (:runId, :workflowName, :cron, :zone, :fireAt)");
  private static final Sql FIRE_OF_RUN = Sql.of(
      "SELECT fire_at FROM durable_schedule_runs WHERE run_id = :runId");
  private static final Sql ALL = Sql.of(
      "SELECT workflow_name, cron, zone, handled_until FROM durable_schedules"
          + " ORDER BY workflow_name, cron, zone");
  /** A deleted run's fire time ({@link FinishedRuns}). */
  static final Sql DELETE_RUN = Sql.of("DELETE FROM durable_schedule_runs WHERE run_id = :runId");

  private SchedulesTable() {}

  private static Values key(ScheduleKey key) {
    return new Values().string("workflowName", key.workflowName()).string("cron", key.cron())
        .string("zone", key.zone());
  }

  /** Every schedule's row, by workflow, cron and zone. */
  static List<ScheduleRow> all(Connection connection) throws SQLException {
    return ALL.list(connection, new Values(), rows -> new ScheduleRow(
        rows.getString(1), rows.getString(2), rows.getString(3), Rows.instant(rows, 4)));
  }

  /** Whether the schedule has a row. */
  static boolean exists(Connection connection, ScheduleKey key) throws SQLException {
    return EXISTS.first(connection, key(key), rows -> true).isPresent();
  }

  /** Inserts the schedule's row, handled up to {@code now}: nothing before it fires. */
  static void register(Connection connection, ScheduleKey key, Instant now) throws SQLException {
    REGISTER.update(connection, key(key).instant("now", now));
  }

  /** Locks the schedule's row and reads how far it is handled; empty if it has no row. */
  static Optional<Instant> lock(Connection connection, ScheduleKey key) throws SQLException {
    return LOCK.first(connection, key(key), rows -> Rows.instant(rows, 1));
  }

  /** Moves {@code handled_until} from {@code from} to {@code to}; false if it had moved. */
  static boolean advance(
      Connection connection, ScheduleKey key, Instant from, Instant to, Instant now)
      throws SQLException {
    return ADVANCE.update(connection,
        key(key).instant("to", to).instant("now", now).instant("from", from)) > 0;
  }

  /** Records that run {@code runId} serves fire time {@code fireAt} of the schedule. */
  static void insertRun(Connection connection, ScheduleKey key, String runId, Instant fireAt)
      throws SQLException {
    INSERT_RUN.update(connection, key(key).string("runId", runId).instant("fireAt", fireAt));
  }

  /** The fire time run {@code runId} serves, if a schedule started it. */
  static Optional<Instant> fireOf(Connection connection, String runId) throws SQLException {
    return FIRE_OF_RUN.first(
        connection, new Values().string("runId", runId), rows -> Rows.instant(rows, 1));
  }
}
