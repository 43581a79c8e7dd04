package dev.durable.runtime.internal.store;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Everything the store does differently on H2 and on PostgreSQL; the rest of the store sends the
 * same SQL to both. H2 is embedded: every statement is an in-process call, so it gets plain
 * statements in a transaction, and one process owns the database, so there is nobody to notify.
 * PostgreSQL is over the network: a batch of work is one statement (one round trip, autocommitted),
 * claims skip the rows others hold locked, and engines and workers in other processes are told of
 * new work with {@code NOTIFY}.
 *
 * <p>The methods that choose how to commit take no connection: a dialect runs them through its
 * {@link Transactions}. The others run on the caller's connection, in the caller's transaction.
 */
sealed interface Dialect permits H2Dialect, PostgresDialect {

  /**
   * The dialect of the database {@code connection} is to.
   *
   * @param origin what the notifications that this process's in-process wake-ups also give carry
   *     ({@link Store#wakeOrigin})
   */
  static Dialect of(Connection connection, Transactions transactions, String origin)
      throws SQLException {
    String product = connection.getMetaData().getDatabaseProductName();
    return switch (product) {
      case "H2" -> new H2Dialect(transactions);
      case "PostgreSQL" -> new PostgresDialect(transactions, origin);
      default -> throw new SQLException(
          "Durable stores runs in H2 or PostgreSQL, but this database is " + product);
    };
  }

  /** Makes every commit durable before it returns. */
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

  /**
   * Inserts the runs, whose ids differ, and logs their starts, in one commit, waking the engines
   * for those no engine took at once.
   *
   * @return for each run, whether it was inserted (false: its id was taken)
   */
  boolean[] insertRuns(List<NewRun> runs);

  /**
   * Inserts a run due for any engine, in the caller's transaction, unless a run with its id exists;
   * does not log its start.
   *
   * @return whether it was inserted
   */
  boolean insertRunIfAbsent(Connection connection, NewRun run) throws SQLException;

  /**
   * Claims up to {@code limit} due runs of the given workflows, earliest first, and logs it, in
   * one commit.
   */
  List<ClaimedRun> claimDue(
      Instant now, List<WorkflowKey> workflows, int limit, String owner, Instant leaseUntil);

  /**
   * Claims those of {@code runIds} that sleep until {@code dueBy} at the latest, earliest first,
   * and logs it: a run suspended by a timer or a backoff of its own, claimed back a little ahead
   * of its due time by the engine that suspended it (its turn waits out the rest in process). Only
   * sleeping runs: a run still leased is never taken over early.
   */
  List<ClaimedRun> claimAhead(
      Connection connection, List<String> runIds, Instant dueBy, Instant now, String owner,
      Instant leaseUntil) throws SQLException;

  /**
   * Writes the progress of several turns, each fenced by its run's epoch; every turn's writes
   * commit together.
   *
   * @return for each commit, whether its fence held and it was written
   */
  boolean[] writeProgress(List<Commit> commits, Instant now);

  /** Claims up to {@code limit} queued tasks of {@code steps} for a worker, oldest first. */
  List<TaskRecord> claimTasks(List<String> steps, int limit, String workerId, Instant now);

  /**
   * Stores the outcomes of tasks {@code workerId} holds, wakes the runs that have no task left open
   * (or whose task failed; {@link TasksTable#ANSWERED}) and tells the engines: all in one commit.
   * Where it can, it leases the runs of {@code handBack} (null: none) that this leaves due to its
   * engine instead ({@link TaskQueue#finish}).
   */
  StoredOutcomes finishTasks(
      List<FinishedTask> finished, String workerId, Instant now, HandBack handBack);

  /** The run's checkpoints and waiting tasks ({@link Resumption}), in one round trip. */
  Resumption resumption(Connection connection, String runId) throws SQLException;
}
