package dev.durable.runtime.internal.store.sql;

import dev.durable.runtime.Queue;
import dev.durable.runtime.internal.model.ClaimedRun;
import dev.durable.runtime.internal.model.FinishedTask;
import dev.durable.runtime.internal.model.HandBack;
import dev.durable.runtime.internal.model.NewRun;
import dev.durable.runtime.internal.model.SlotTake;
import dev.durable.runtime.internal.model.StoredOutcomes;
import dev.durable.runtime.internal.model.TaskRecord;
import dev.durable.runtime.internal.model.WorkflowKey;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Everything that differs between H2 and PostgreSQL, so that nothing else in the store asks which
 * database it is on: the store's algorithms are one each ({@code Claims}, {@code RunInserts},
 * {@code ProgressWriter}, {@code QueueAdmissions}, {@code Resumption}), and where the two databases
 * need different statements for one step of an algorithm, the dialect provides that step, named
 * the same on both. Chosen once, by the database's product name ({@code Dialects.of}).
 *
 * <p>PostgreSQL, over the network, sends a step's statements joined into one text, which it runs
 * in one implicit transaction: one round trip and, autocommitted, one commit; and it does in one
 * statement the steps H2 cannot (H2 has no {@code UPDATE} in a {@code WITH} nor {@code ON
 * CONFLICT}, and its {@code FOR UPDATE SKIP LOCKED} with a limit skips free rows). H2, embedded,
 * where a statement is an in-process call, sends them one by one in a transaction, and does those
 * steps with statements it runs correctly: a claim reads candidates and compare-and-sets each row,
 * an outcome is stored alone. Besides: the setting that makes commits durable, the warning about
 * the database's upkeep, and the notifications that tell engines and workers in other processes
 * of new work ({@link Notifications}).
 */
public interface Dialect {

  // ---- how the statements of a step are sent

  /**
   * Runs {@code work}, one step of an algorithm, in one commit: autocommitted on PostgreSQL,
   * where the step's statements are one text, which runs in one implicit transaction; in a
   * transaction on H2, where they go one by one.
   */
  <T> T inOneCommit(String what, Transactions.Work<T> work);

  /** Sends {@code statements}: joined into one text on PostgreSQL, one by one on H2. */
  Round send(Connection connection, Round.Statements statements, Values values)
      throws SQLException;

  // ---- the steps each database does its own way

  /**
   * Leases to {@code owner} until {@code leaseUntil} up to {@code batch} runs of {@code workflows}
   * due at {@code now} ({@code RunLeases#dueFilter}), earliest first, moving their epochs on and
   * logging the claims; of engines racing for a run, one gets it. Each run comes with the reads of
   * its turn ({@code Claims#reads}).
   */
  List<ClaimedRun> claimDue(Connection connection, List<WorkflowKey> workflows, int batch,
      Instant now, String owner, Instant leaseUntil) throws SQLException;

  /**
   * Leases to {@code owner} those of {@code runIds} that sleep until {@code dueBy} at the latest
   * ({@code RunLeases#AHEAD}), earliest first, and logs the claims; their turns read their
   * resumptions.
   */
  List<ClaimedRun> claimAhead(Connection connection, List<String> runIds, Instant dueBy,
      Instant now, String owner, Instant leaseUntil) throws SQLException;

  /** Claims up to {@code limit} queued tasks of {@code steps} for a worker, oldest first. */
  List<TaskRecord> claimTasks(Connection connection, List<String> steps, int limit,
      String workerId, Instant now) throws SQLException;

  /**
   * Inserts {@code run} unless its id, or its deduplication key, is taken, in the caller's
   * transaction, which goes on either way; does not log its start.
   *
   * @return whether it was inserted
   */
  boolean insertIfAbsent(Connection connection, NewRun run) throws SQLException;

  /**
   * Inserts runs whose ids differ, each unless its id is taken, logs the starts of those inserted
   * and stores their attributes; tells the engines of those no engine took.
   *
   * @return for each run, whether it was inserted
   */
  boolean[] startRuns(Connection connection, List<NewRun> runs) throws SQLException;

  /**
   * Stores workers' outcomes on the tasks the worker still holds, locks the runs of those stored
   * in the order of their ids (two workers' batches lock shared runs in the same order), then, in
   * a statement of its own with a fresh snapshot, wakes each run with no task left open (or whose
   * task failed) and tells the engines. Of two workers answering a run's last two tasks at once,
   * the second to lock sees the first's answer committed, so one of them wakes the run. Where it
   * saves a round trip (PostgreSQL), the runs of {@code handBack} (null: none) that this leaves
   * due are leased to its engine in the same text, with their turns' reads.
   */
  StoredOutcomes storeOutcomes(Connection connection, List<FinishedTask> finished,
      String workerId, Instant now, HandBack handBack) throws SQLException;

  /**
   * Takes a free slot of {@code queue} (if it limits concurrency) and a free rate permit (if it
   * limits the rate), each locked {@code FOR UPDATE SKIP LOCKED}, both or neither ({@link
   * QueueSlotsTable}; {@code values} binds them).
   */
  SlotTake takeSlot(Connection connection, Queue queue, Values values)
      throws SQLException;

  /**
   * Updates the rows that {@code inOne}, one statement, updates: those its subquery selects and
   * locks, skipping rows others hold locked ({@code FOR UPDATE SKIP LOCKED}). PostgreSQL sends
   * {@code inOne}. H2 evaluates such a subquery again for each row it updates, so it sends {@code
   * lock}, the subquery alone, and then {@code update} of the keys it returned ({@code
   * :locked}), in the caller's transaction ({@link #inOneCommit}).
   *
   * @return how many rows were updated
   */
  int updateLocked(Connection connection, Sql inOne, Sql lock, Sql update, Values values)
      throws SQLException;

  /**
   * The most parameters one write of progress binds ({@link #writeProgress}): a batch beyond is
   * written in several, and a single turn beyond in plain statements of its own.
   */
  int progressParameters();

  /**
   * Writes the progress of {@code turns} ({@code ProgressWriter}) on {@code connection}, in the
   * commit {@link #inOneCommit} makes, and tells the other processes what it queued, woke and
   * wrote.
   *
   * @param woken set for each turn that suspended its run but found it woken
   * @return for each turn, whether its fence held and it was written
   */
  boolean[] writeProgress(Connection connection, List<TurnProgress> turns, Instant now,
      boolean[] woken) throws SQLException;

  // ---- the statements each database writes its own way

  /**
   * Runs started per period of a window ({@code OverviewTable#window}), rows of (period,
   * count): a range of {@code durable_runs_created}.
   */
  Sql startedPerPeriod();

  /** Runs ended per period of a window and how, rows of (state, period, count). */
  Sql endedPerPeriod();

  /** Stores a workflow version's shape ({@code WorkflowShapesTable}), or replaces it. */
  Sql shapeUpsert();

  /**
   * Stores a workflow version's signal names ({@code WorkflowSignalsTable#declared}), or their
   * union ({@code WorkflowSignalsTable#UNION}) with those stored.
   */
  Sql signalNamesUpsert();

  /** Runs {@code upsert}, one of the dialect's; how many rows it wrote. */
  int upsert(Connection connection, Sql upsert, Values values) throws SQLException;

  /**
   * The bound of the range of a queue's partition keys above {@code key} ({@link
   * QueuesTable#nextKey}), which each step of an admission's loose scan of the keys starts at.
   */
  String keyAbove(String key);

  /**
   * A condition after a run search's {@code LIKE} on the run id's prefix, {@code :prefix} to
   * {@code :above}, that an index in byte order can seek; empty where there is none.
   */
  String runIdPrefixRange();

  // ---- the database

  /** Whether every process that writes runs' values is this one: embedded H2. */
  boolean oneProcess();

  /** The notifications that tell other processes of work, and the listening for them. */
  Notifications notifications();

  /** What a write tells other processes, decided from what it made ready ({@link Announcements}). */
  Announcements announcements();

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
  Optional<String> upkeepWarning();
}
