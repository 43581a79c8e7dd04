package dev.durable.runtime.internal.store.sql;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Consumer;

/**
 * The database's notifications, which tell the engines, workers and readers of other processes of
 * work and wake them at once, and the listening for them: the one component that sends and hears
 * them, each dialect's ({@link Dialect#notifications}). PostgreSQL's are {@code NOTIFY} and {@code
 * LISTEN} on the schema's channels ({@code PostgresNotifications}); H2's, which one process owns,
 * and a poll-only store's (a pooler in transaction mode keeps no listener's session) are {@link
 * #NONE}. What is sent is decided in one place, {@link Announcements}, the only caller of the
 * sending methods: at the commit of the work it tells of, alone in the caller's transaction, or
 * as a statement appended to a text the algorithm sends, so that it costs no round trip.
 */
public interface Notifications {
  /** Nothing sent, nothing heard: the poll finds the work. */
  Notifications NONE = new None();

  /** How a wake-up origin begins: {@code wake:} and a UUID. */
  String WAKE_PREFIX = "wake:";

  /**
   * The wake-ups' origin of one process: {@link #WAKE_PREFIX} and a UUID, never a run's id. Its
   * {@code NOTIFY}s carry it, and its listeners leave those to the in-process wake-up.
   */
  static String wakeOrigin(UUID id) {
    return WAKE_PREFIX + id;
  }

  /** Whether anything is sent: readers of other processes are told of values. */
  boolean sent();

  /**
   * An engine's one listener, on one connection: calls {@code onRuns} whenever runs become due
   * through another process, are queued or cancelled, with the payloads that name something (a
   * run's id, a queue: {@link Announcements#readRuns}); {@code onValues} whenever runs write events
   * or stream values, or end or are cancelled having written some, with the ids of the runs named;
   * and {@code onListening} as the listener starts or stops listening ({@code PostgresListener}).
   */
  AutoCloseable listenForEngine(Consumer<List<String>> onRuns, Consumer<List<String>> onValues,
      Consumer<Boolean> onListening, String threadName);

  /** Calls {@code onNewTasks} whenever a task is queued through another process. */
  AutoCloseable listenForTasks(Runnable onNewTasks, String threadName);

  /** Tells the other engines that runs became due, at the commit of {@code connection}'s work. */
  void wakeEngines(Connection connection) throws SQLException;

  /**
   * Tells the other engines that run {@code runId} was cancelled (one may be executing it), and
   * the readers of its events and streams, which end with it.
   */
  void announceCancelled(Connection connection, String runId) throws SQLException;

  /** Tells the workers that tasks were queued. */
  void wakeWorkers(Connection connection) throws SQLException;

  /**
   * Tells the readers listening in other processes that runs {@code runIds} wrote events or stream
   * values, or ended, at the commit of {@code connection}'s work.
   */
  void announceValues(Connection connection, Collection<String> runIds) throws SQLException;

  /** A statement to append to a text that leaves run {@code :runId} due: tells the engines. */
  Optional<Sql> announceRun();

  /**
   * A statement to append to a text that queues tasks: tells the workers, with {@code :origin}
   * ({@code Notifications#wakeOrigin}), as this process's workers are woken in process already.
   */
  Optional<Sql> wakeWorkersFrom();

  /** A statement to append to a text in which run {@code :runId} wrote values, or ended. */
  Optional<Sql> announceValuesOf();

  /**
   * An expression for the select list of a statement whose rows are the runs it woke: tells the
   * engines, with {@code :origin}, once per row; a constant where nothing is sent, so that the
   * statement returns the same rows either way.
   */
  String enginesTold();

  /** {@link #NONE}. */
  final class None implements Notifications {
    private None() {}

    @Override
    public boolean sent() {
      return false;
    }

    @Override
    public AutoCloseable listenForEngine(Consumer<List<String>> onRuns,
        Consumer<List<String>> onValues, Consumer<Boolean> onListening, String threadName) {
      return () -> {};
    }

    @Override
    public AutoCloseable listenForTasks(Runnable onNewTasks, String threadName) {
      return () -> {};
    }

    @Override
    public void wakeEngines(Connection connection) {}

    @Override
    public void announceCancelled(Connection connection, String runId) {}

    @Override
    public void wakeWorkers(Connection connection) {}

    @Override
    public void announceValues(Connection connection, Collection<String> runIds) {}

    @Override
    public Optional<Sql> announceRun() {
      return Optional.empty();
    }

    @Override
    public Optional<Sql> wakeWorkersFrom() {
      return Optional.empty();
    }

    @Override
    public Optional<Sql> announceValuesOf() {
      return Optional.empty();
    }

    @Override
    public String enginesTold() {
      return "1";
    }
  }
}
