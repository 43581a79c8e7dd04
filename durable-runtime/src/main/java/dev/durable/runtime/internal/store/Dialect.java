package dev.durable.runtime.internal.store;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * What differs between H2 and PostgreSQL besides the algorithms, which are the store's own and
 * shared ({@link Claims}, {@link RunInserts}, {@link ProgressWriter}, {@link OutcomeWriter},
 * {@link Resumption#read}): the {@link Form} in which an algorithm's statements are sent, the
 * setting that makes commits durable, the warning about the database's upkeep, and the
 * notifications that tell engines and workers in other processes of new work.
 */
sealed interface Dialect permits H2Dialect, PostgresDialect {

  /**
   * How the statements of one step of an algorithm are sent.
   *
   * <p>{@link #STATEMENTS} (H2, embedded): one by one in a transaction, as each is an in-process
   * call. A claim reads its candidates and compare-and-sets each row: H2 accepts {@code FOR UPDATE
   * SKIP LOCKED}, but with a limit on a non-key order it skips free rows (2.3.232), and it has no
   * {@code UPDATE} in a {@code WITH}.
   *
   * <p>{@link #ONE_TEXT} (PostgreSQL, over the network): the statements joined into one
   * multi-statement text, which the driver sends together and PostgreSQL runs in one implicit
   * transaction: one round trip and, autocommitted, one commit. Claims take the rows no other
   * engine holds locked ({@code FOR UPDATE SKIP LOCKED}).
   */
  enum Form {
    STATEMENTS,
    ONE_TEXT
  }

  /**
   * The dialect of the database {@code connection} is to.
   *
   * @param origin what the notifications that this process's in-process wake-ups also give carry
   *     ({@link Store#wakeOrigin})
   * @param pollOnly whether nothing is listened for, nor sent ({@link #notifies})
   */
  static Dialect of(
      Connection connection, Transactions transactions, String origin, boolean pollOnly)
      throws SQLException {
    String product = connection.getMetaData().getDatabaseProductName();
    return switch (product) {
      case "H2" -> new H2Dialect(transactions);
      case "PostgreSQL" -> new PostgresDialect(transactions, origin, pollOnly);
      default -> throw new SQLException(
          "Durable stores runs in H2 or PostgreSQL, but this database is " + product);
    };
  }

  /** How the statements of an algorithm's step are sent. */
  Form form();

  /**
   * How one statement inserts a row or, where its key is stored already, updates it.
   *
   * <p>{@link #ON_CONFLICT} (PostgreSQL): {@code INSERT ... ON CONFLICT (key) DO UPDATE}, atomic
   * against a concurrent insert of the same key.
   *
   * <p>{@link #MERGE} (H2, which has no {@code DO UPDATE}): {@code MERGE INTO ... USING ...}; a
   * concurrent insert of the same key can fail it with a unique violation, after which the same
   * statement updates.
   */
  enum Upsert {
    ON_CONFLICT,
    MERGE
  }

  /** How a table's statement inserts or updates a row. */
  Upsert upsert();

  /**
   * Whether the store's statements tell other processes of work as they commit ({@code
   * pg_notify} on the {@link Channels}): PostgreSQL's do, unless the store is poll-only (a pooler
   * in transaction mode, where nobody listens); H2's never, as one process owns the database. The
   * texts that carry notifications ({@link ProgressText}, {@link RunInserts}, {@link
   * OutcomeWriter}) leave them out where it is false, and so do the methods below.
   */
  boolean notifies();

  /**
   * Makes every commit durable before it returns. On H2 this turns off the write delay: by default
   * H2 acknowledges a commit up to half a second before writing it, and a killed process loses it,
   * which would let a completed step run again. PostgreSQL commits durably already.
   */
  void requireDurableCommits();

  /**
   * What the database's own upkeep leaves undone that the engine's speed depends on, as a warning
   * to log once, or empty: nothing on H2.
   */
  default Optional<String> upkeepWarning() {
    return Optional.empty();
  }

  /**
   * Calls {@code onRuns} whenever runs become due through another process, or are cancelled, with
   * the ids of the runs named; a no-op where no other process can share the database.
   */
  AutoCloseable listenForRuns(Consumer<List<String>> onRuns, String threadName);

  /** Calls {@code onNewTasks} whenever a task is queued through another process. */
  AutoCloseable listenForTasks(Runnable onNewTasks, String threadName);

  /** Tells the other engines that runs became due, at the commit of {@code connection}'s work. */
  void wakeEngines(Connection connection) throws SQLException;

  /** Tells the other engines that run {@code runId} was cancelled: one may be executing it. */
  void announceCancelled(Connection connection, String runId) throws SQLException;

  /** Tells the workers that tasks were queued. */
  void wakeWorkers(Connection connection) throws SQLException;

  // ---- runs that talk back: events and streams

  /**
   * Calls {@code onRuns} whenever runs write events or stream values, or end or are cancelled
   * having written some, with the ids of the runs named, and {@code onListening} as the listener
   * starts or stops listening ({@link Listener}); a no-op where no other process can share the
   * database.
   */
  AutoCloseable listenForValues(
      Consumer<List<String>> onRuns, Consumer<Boolean> onListening, String threadName);

  /**
   * Tells the readers listening in other processes that runs {@code runIds} wrote events or stream
   * values, or ended, at the commit of {@code connection}'s work.
   */
  void announceValues(Connection connection, Collection<String> runIds) throws SQLException;
}
