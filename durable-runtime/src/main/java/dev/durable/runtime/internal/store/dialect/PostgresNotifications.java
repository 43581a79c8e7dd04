package dev.durable.runtime.internal.store.dialect;

import dev.durable.runtime.internal.store.run.RunsTable;
import dev.durable.runtime.internal.store.sql.Notifications;
import dev.durable.runtime.internal.store.sql.Schema;
import dev.durable.runtime.internal.store.sql.Sql;
import dev.durable.runtime.internal.store.sql.Values;
import dev.durable.runtime.internal.store.task.TasksTable;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import javax.sql.DataSource;

/**
 * PostgreSQL's notifications ({@link Notifications}): {@code NOTIFY} on the channels of the Durable
 * tables of the store's schema, and {@code LISTEN} on a connection of its own ({@link
 * PostgresListener}). The only place that writes a notification: each channel's name is an SQL
 * expression the server evaluates where it is used, so that installations in different schemas
 * of one database do not wake each other.
 */
public final class PostgresNotifications implements Notifications {
  /**
   * The longest schema name a channel's name carries as it is: with the longer of the two bases
   * of the runs' and the tasks' channels ({@code durable_tasks.}, 14 bytes) it makes 63, the most
   * PostgreSQL allows.
   */
  private static final int SCHEMA_IN_CHANNEL = 49;

  private final DataSource dataSource;
  private final String origin;
  /**
   * The channel engines listen on ({@link #channel}); a payload is the id of a run started or
   * cancelled.
   */
  private final String runs;
  /** The channel workers listen on ({@link #channel}): tasks were queued. */
  private final String tasks;
  /**
   * The channel readers of runs' events and streams listen on ({@link #channel}); a payload is the
   * id of a run that wrote some, or ended or was cancelled. Its base is one byte longer than the
   * tasks' channel's, so one byte less of a schema's name fits.
   */
  private final String values;
  private final String notifyRuns;
  private final String notifyTasks;
  /** Names a run to the engines listening. */
  private final Sql announceRun;
  /** Tells the workers of tasks queued, with the origin of this process's wake-ups. */
  private final Sql wakeWorkersFrom;
  /** Names a run that wrote events or stream values, or ended, to the readers listening. */
  private final Sql announceValuesOf;
  /** {@link #announceValuesOf} for each of several runs. */
  private final Sql announceValuesOfAll;

  /**
   * @param origin what this process's notifications carry where it wakes its own engines and
   * workers in process besides ({@code Notifications#wakeOrigin}): its listeners leave those alone
   */
  public PostgresNotifications(DataSource dataSource, Schema schema, String origin) {
    this.dataSource = dataSource;
    this.origin = origin;
    String current = schema.expression();
    runs = channel(current, RunsTable.NAME, SCHEMA_IN_CHANNEL);
    tasks = channel(current, TasksTable.NAME, SCHEMA_IN_CHANNEL);
    values = channel(current, "durable_values", SCHEMA_IN_CHANNEL - 1);
    notifyRuns = "SELECT pg_notify(" + runs + ", '')";
    notifyTasks = "SELECT pg_notify(" + tasks + ", '')";
    announceRun = Sql.of("SELECT pg_notify(" + runs + ", :runId)");
    wakeWorkersFrom = Sql.of("SELECT pg_notify(" + tasks + ", :origin)");
    announceValuesOf = Sql.of("SELECT pg_notify(" + values + ", :runId)");
    announceValuesOfAll = Sql.of(
        "SELECT pg_notify(" + values + ", r) FROM unnest(:runIds::varchar[]) AS r");
  }

  /**
   * The name of one of the channels of the Durable tables in the schema {@code current} (an SQL
   * expression of its name), as an SQL expression that the server evaluates where a notification
   * is sent or listened for: {@code base} in the schema {@code public} (the name the channels have
   * always had), {@code base.<schema>} in any other, so that installations in different schemas
   * of one database do not wake each other's polls for nothing. A schema name longer than {@code
   * schemaInChannel} bytes, which with the base would make more than 63, is replaced by its md5.
   */
  private static String channel(String current, String base, int schemaInChannel) {
    return "(CASE " + current + " WHEN 'public' THEN '" + base + "' ELSE '" + base + ".' ||"
        + " CASE WHEN octet_length(" + current + ") <= " + schemaInChannel
        + " THEN " + current + " ELSE md5(" + current + ") END END)";
  }

  @Override
  public boolean sent() {
    return true;
  }

  @Override
  public AutoCloseable listenForEngine(Consumer<List<String>> onRuns,
      Consumer<List<String>> onValues, Consumer<Boolean> onListening, String threadName) {
    return new PostgresListener(dataSource, Map.of(runs, onRuns, values, onValues), origin,
        onListening, threadName);
  }

  @Override
  public AutoCloseable listenForTasks(Runnable onNewTasks, String threadName) {
    return new PostgresListener(dataSource, Map.of(tasks, ids -> onNewTasks.run()), origin,
        listening -> {}, threadName);
  }

  @Override
  public void wakeEngines(Connection connection) throws SQLException {
    try (Statement notify = connection.createStatement()) {
      notify.execute(notifyRuns);
    }
  }

  @Override
  public void announceCancelled(Connection connection, String runId) throws SQLException {
    try (PreparedStatement notify =
        announceRun.prepare(connection, new Values().string("runId", runId))) {
      notify.execute();
    }
    announceValues(connection, List.of(runId));
  }

  @Override
  public void wakeWorkers(Connection connection) throws SQLException {
    try (Statement notify = connection.createStatement()) {
      notify.execute(notifyTasks);
    }
  }

  @Override
  public void announceValues(Connection connection, Collection<String> runIds)
      throws SQLException {
    if (runIds.isEmpty()) {
      return;
    }
    try (PreparedStatement notify =
        announceValuesOfAll.prepare(connection, new Values().strings("runIds", runIds))) {
      notify.execute();
    }
  }

  @Override
  public Optional<Sql> announceRun() {
    return Optional.of(announceRun);
  }

  @Override
  public Optional<Sql> wakeWorkersFrom() {
    return Optional.of(wakeWorkersFrom);
  }

  @Override
  public Optional<Sql> announceValuesOf() {
    return Optional.of(announceValuesOf);
  }

  @Override
  public String enginesTold() {
    return "pg_notify(" + runs + ", :origin)";
  }
}
