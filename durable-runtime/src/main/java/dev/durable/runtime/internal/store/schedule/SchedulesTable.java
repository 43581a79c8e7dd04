package dev.durable.runtime.internal.store.schedule;

import dev.durable.runtime.internal.model.ScheduleKey;
import dev.durable.runtime.internal.model.ScheduleRow;
import dev.durable.runtime.internal.store.sql.Rows;
import dev.durable.runtime.internal.store.sql.Schema;
import dev.durable.runtime.internal.store.sql.Sql;
import dev.durable.runtime.internal.store.sql.Values;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The catalogue of {@code durable_schedules} (how far each schedule has handled its fire times)
 * and {@code durable_schedule_runs} (the fire time each scheduled run serves), built once per
 * store with its schema.
 */
public final class SchedulesTable {
  static final String NAME = "durable_schedules";
  /** The table of the fire time each scheduled run serves, for the run search's join. */
  public static final String RUNS_NAME = "durable_schedule_runs";

  private final Sql register;
  private final Sql exists;
  /** Holds the row until the commit: engines firing one schedule take turns. */
  private final Sql lock;
  /** Compare-and-set: moves on only from the instant read under the lock. */
  private final Sql advance;
  private final Sql insertRun;
  private final Sql fireOfRun;
  private final Sql all;
  /** A deleted run's fire time ({@code FinishedRuns}). */
  public final Sql deleteRun;

  public SchedulesTable(Schema schema) {
    String table = schema.table(NAME);
    String runs = schema.table(RUNS_NAME);
    register = Sql.of("INSERT INTO " + table + " (workflow_name, cron, zone, handled_until,"
        + " created_at, updated_at) VALUES (:workflowName, :cron, :zone, :now, :now, :now)");
    exists = Sql.of("SELECT 1 FROM " + table + " WHERE workflow_name = :workflowName"
        + " AND cron = :cron AND zone = :zone");
    lock = Sql.of("SELECT handled_until FROM " + table + " WHERE workflow_name = :workflowName"
        + " AND cron = :cron AND zone = :zone FOR UPDATE");
    advance = Sql.of("UPDATE " + table + " SET handled_until = :to, updated_at = :now"
        + " WHERE workflow_name = :workflowName AND cron = :cron AND zone = :zone"
        + " AND handled_until = :from");
    insertRun = Sql.of("INSERT INTO " + runs + " (run_id, workflow_name, cron, zone, fire_at)"
        + " VALUES (:runId, :workflowName, :cron, :zone, :fireAt)");
    fireOfRun = Sql.of("SELECT fire_at FROM " + runs + " WHERE run_id = :runId");
    all = Sql.of("SELECT workflow_name, cron, zone, handled_until FROM " + table
        + " ORDER BY workflow_name, cron, zone");
    deleteRun = Sql.of("DELETE FROM " + runs + " WHERE run_id = :runId");
  }

  private static Values key(ScheduleKey key) {
    return new Values().string("workflowName", key.workflowName()).string("cron", key.cron())
        .string("zone", key.zone());
  }

  /** Every schedule's row, by workflow, cron and zone. */
  List<ScheduleRow> all(Connection connection) throws SQLException {
    return all.list(connection, new Values(), rows -> new ScheduleRow(
        rows.getString(1), rows.getString(2), rows.getString(3), Rows.instant(rows, 4)));
  }

  /** Whether the schedule has a row. */
  boolean exists(Connection connection, ScheduleKey key) throws SQLException {
    return exists.first(connection, key(key), rows -> true).isPresent();
  }

  /** Inserts the schedule's row, handled up to {@code now}: nothing before it fires. */
  void register(Connection connection, ScheduleKey key, Instant now) throws SQLException {
    register.update(connection, key(key).instant("now", now));
  }

  /** Locks the schedule's row and reads how far it is handled; empty if it has no row. */
  Optional<Instant> lock(Connection connection, ScheduleKey key) throws SQLException {
    return lock.first(connection, key(key), rows -> Rows.instant(rows, 1));
  }

  /** Moves {@code handled_until} from {@code from} to {@code to}; false if it had moved. */
  boolean advance(
      Connection connection, ScheduleKey key, Instant from, Instant to, Instant now)
      throws SQLException {
    return advance.update(connection,
        key(key).instant("to", to).instant("now", now).instant("from", from)) > 0;
  }

  /** Records that run {@code runId} serves fire time {@code fireAt} of the schedule. */
  void insertRun(Connection connection, ScheduleKey key, String runId, Instant fireAt)
      throws SQLException {
    insertRun.update(connection, key(key).string("runId", runId).instant("fireAt", fireAt));
  }

  /** The fire time run {@code runId} serves, if a schedule started it. */
  Optional<Instant> fireOf(Connection connection, String runId) throws SQLException {
    return fireOfRun.first(
        connection, new Values().string("runId", runId), rows -> Rows.instant(rows, 1));
  }
}
