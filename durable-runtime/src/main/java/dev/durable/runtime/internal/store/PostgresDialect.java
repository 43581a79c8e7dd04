package dev.durable.runtime.internal.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * PostgreSQL, over the network: a step of an algorithm is one text ({@link Dialect.Form#ONE_TEXT}):
 * one round trip and, autocommitted, one commit. Engines and workers in other processes are told
 * of new work with {@code NOTIFY} and listen with {@code LISTEN} ({@link Listener}), on channels
 * named for the schema.
 */
final class PostgresDialect implements Dialect {
  /**
   * The longest schema name a channel's name carries as it is: with the longer of the two bases
   * of the runs' and the tasks' channels ({@code durable_tasks.}, 14 bytes) it makes 63, the most
   * PostgreSQL allows.
   */
  private static final int SCHEMA_IN_CHANNEL = 49;
  /**
   * The channel engines listen on ({@link #channel}); a payload is the id of a run started or
   * cancelled.
   */
  private static final String RUNS_CHANNEL = channel(RunsTable.TABLE);
  /** The channel workers listen on ({@link #channel}): tasks were queued. */
  private static final String TASKS_CHANNEL = channel("durable_tasks");
  private static final String NOTIFY_RUNS = notifyRuns("''");
  private static final String NOTIFY_TASKS = "SELECT pg_notify(" + TASKS_CHANNEL + ", '')";
  /**
   * Tells the workers of tasks queued, with the origin of this process's wake-ups: its own workers
   * are woken in process already ({@link Listener}).
   */
  static final Sql NOTIFY_TASKS_FROM = Sql.of("SELECT pg_notify(" + TASKS_CHANNEL + ", :origin)");
  /** Names a run to the engines listening. */
  static final Sql ANNOUNCE_RUN = Sql.of(notifyRuns(":runId"));
  /**
   * The channel readers of runs' events and streams listen on ({@link #channel}); a payload is the
   * id of a run that wrote some, or ended or was cancelled. Its base is one byte longer than the
   * tasks' channel's, so one byte less of a schema's name fits.
   */
  private static final String VALUES_CHANNEL = channel("durable_values", SCHEMA_IN_CHANNEL - 1);
  /** Names a run that wrote events or stream values, or ended, to the readers listening. */
  static final Sql ANNOUNCE_VALUES =
      Sql.of("SELECT pg_notify(" + VALUES_CHANNEL + ", :runId)");
  /** {@link #ANNOUNCE_VALUES} for each of several runs. */
  private static final Sql ANNOUNCE_VALUES_OF = Sql.of("SELECT pg_notify(" + VALUES_CHANNEL
      + ", r) FROM unnest(:runIds::varchar[]) AS r");
  private final Transactions transactions;
  private final String origin;
  private final boolean pollOnly;

  /**
   * @param origin what this process's wake-ups carry ({@link Store#wakeOrigin})
   * @param pollOnly listens for nothing: a listener holds a session of its own, which a pooler in
   *     transaction mode does not keep (the store's texts send nothing either: {@link
   *     StatementTexts})
   */
  PostgresDialect(Transactions transactions, String origin, boolean pollOnly) {
    this.transactions = transactions;
    this.origin = origin;
    this.pollOnly = pollOnly;
  }

  /**
   * The name of one of the channels of the Durable tables in the current schema, as an SQL
   * expression that the server evaluates where a notification is sent or listened for: {@code
   * base} in the schema {@code public} (the name the channels have always had), {@code
   * base.<schema>} in any other, so that installations in different schemas of one database do not
   * wake each other's polls for nothing. A schema name too long to fit ({@link
   * #SCHEMA_IN_CHANNEL}) is replaced by its md5.
   */
  private static String channel(String base) {
    return channel(base, SCHEMA_IN_CHANNEL);
  }

  /** {@link #channel(String)} for a base with which {@code schemaInChannel} bytes make 63. */
  private static String channel(String base, int schemaInChannel) {
    return "(CASE current_schema() WHEN 'public' THEN '" + base + "' ELSE '" + base + ".' ||"
        + " CASE WHEN octet_length(current_schema()) <= " + schemaInChannel
        + " THEN current_schema() ELSE md5(current_schema()) END END)";
  }

  @Override
  public Form form() {
    return Form.ONE_TEXT;
  }

  /**
   * A notification to the engines listening, carrying {@code payload} (an SQL expression), for a
   * text that tells them of runs it leaves due.
   */
  static String notifyRuns(String payload) {
    return "SELECT pg_notify(" + RUNS_CHANNEL + ", " + payload + ")";
  }

  /** PostgreSQL commits durably already. */
  @Override
  public void requireDurableCommits() {}

  /** See {@link Upkeep}. */
  @Override
  public Optional<String> upkeepWarning() {
    return transactions.autocommit("read the autovacuum settings", Upkeep::warning);
  }

  @Override
  public AutoCloseable listenForRuns(Consumer<List<String>> onRuns, String threadName) {
    return pollOnly ? () -> {} : new Listener(transactions.dataSource(), RUNS_CHANNEL, origin, onRuns, threadName);
  }

  @Override
  public AutoCloseable listenForTasks(Runnable onNewTasks, String threadName) {
    return pollOnly ? () -> {} : new Listener(
        transactions.dataSource(), TASKS_CHANNEL, origin, ids -> onNewTasks.run(), threadName);
  }

  @Override
  public void wakeEngines(Connection connection) throws SQLException {
    try (Statement notify = connection.createStatement()) {
      notify.execute(NOTIFY_RUNS);
    }
  }

  /** Tells the engines, and the readers of the run's events and streams, which end with it. */
  @Override
  public void announceCancelled(Connection connection, String runId) throws SQLException {
    try (PreparedStatement notify =
        ANNOUNCE_RUN.prepare(connection, new Values().string("runId", runId))) {
      notify.execute();
    }
    announceValues(connection, List.of(runId));
  }

  @Override
  public void wakeWorkers(Connection connection) throws SQLException {
    try (Statement notify = connection.createStatement()) {
      notify.execute(NOTIFY_TASKS);
    }
  }

  @Override
  public AutoCloseable listenForValues(
      Consumer<List<String>> onRuns, Consumer<Boolean> onListening, String threadName) {
    return new Listener(
        transactions.dataSource(), VALUES_CHANNEL, origin, onRuns, onListening, threadName);
  }

  @Override
  public void announceValues(Connection connection, Collection<String> runIds)
      throws SQLException {
    if (runIds.isEmpty()) {
      return;
    }
    try (PreparedStatement notify =
        ANNOUNCE_VALUES_OF.prepare(connection, new Values().strings("runIds", runIds))) {
      notify.execute();
    }
  }
}
