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
 * of new work with {@code NOTIFY} and listen with {@code LISTEN} ({@link Listener}), on the
 * {@link Channels} of the schema.
 */
final class PostgresDialect implements Dialect {
  private final Transactions transactions;
  private final String origin;
  private final boolean pollOnly;

  /**
   * @param origin what this process's wake-ups carry ({@link Store#wakeOrigin})
   * @param pollOnly listens for nothing: a listener holds a session of its own, which a pooler in
   *     transaction mode does not keep (nor is anything sent: {@link #notifies})
   */
  PostgresDialect(Transactions transactions, String origin, boolean pollOnly) {
    this.transactions = transactions;
    this.origin = origin;
    this.pollOnly = pollOnly;
  }

  @Override
  public Form form() {
    return Form.ONE_TEXT;
  }

  @Override
  public Upsert upsert() {
    return Upsert.ON_CONFLICT;
  }

  /** Unless poll-only: a pooler in transaction mode keeps no listener's session. */
  @Override
  public boolean notifies() {
    return !pollOnly;
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
    return pollOnly ? () -> {}
        : new Listener(transactions.dataSource(), Channels.RUNS, origin, onRuns, threadName);
  }

  @Override
  public AutoCloseable listenForTasks(Runnable onNewTasks, String threadName) {
    return pollOnly ? () -> {} : new Listener(
        transactions.dataSource(), Channels.TASKS, origin, ids -> onNewTasks.run(), threadName);
  }

  @Override
  public void wakeEngines(Connection connection) throws SQLException {
    if (pollOnly) {
      return;
    }
    try (Statement notify = connection.createStatement()) {
      notify.execute(Channels.NOTIFY_RUNS);
    }
  }

  /** Tells the engines, and the readers of the run's events and streams, which end with it. */
  @Override
  public void announceCancelled(Connection connection, String runId) throws SQLException {
    if (pollOnly) {
      return;
    }
    try (PreparedStatement notify =
        Channels.ANNOUNCE_RUN.prepare(connection, new Values().string("runId", runId))) {
      notify.execute();
    }
    announceValues(connection, List.of(runId));
  }

  @Override
  public void wakeWorkers(Connection connection) throws SQLException {
    if (pollOnly) {
      return;
    }
    try (Statement notify = connection.createStatement()) {
      notify.execute(Channels.NOTIFY_TASKS);
    }
  }

  @Override
  public AutoCloseable listenForValues(
      Consumer<List<String>> onRuns, Consumer<Boolean> onListening, String threadName) {
    return pollOnly ? () -> {} : new Listener(
        transactions.dataSource(), Channels.VALUES, origin, onRuns, onListening, threadName);
  }

  @Override
  public void announceValues(Connection connection, Collection<String> runIds)
      throws SQLException {
    if (pollOnly || runIds.isEmpty()) {
      return;
    }
    try (PreparedStatement notify =
        Channels.ANNOUNCE_VALUES_OF.prepare(connection, new Values().strings("runIds", runIds))) {
      notify.execute();
    }
  }
}
