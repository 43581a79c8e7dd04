package dev.durable.runtime.internal.store;

import dev.durable.runtime.HistoryEvent;
import dev.durable.runtime.RunFilter;
import dev.durable.runtime.RunState;
import dev.durable.runtime.internal.model.CheckpointRecord;
import dev.durable.runtime.internal.model.ClaimedRun;
import dev.durable.runtime.internal.model.Commit;
import dev.durable.runtime.internal.model.EventType;
import dev.durable.runtime.internal.model.ListedRun;
import dev.durable.runtime.internal.model.NewRun;
import dev.durable.runtime.internal.model.Resumption;
import dev.durable.runtime.internal.model.RunRecord;
import dev.durable.runtime.internal.model.RunSnapshot;
import dev.durable.runtime.internal.model.WorkflowKey;
import dev.durable.runtime.internal.model.WrittenProgress;
import dev.durable.runtime.internal.store.ops.FinishedRuns;
import dev.durable.runtime.internal.store.ops.RunSearch;
import dev.durable.runtime.internal.store.run.Claims;
import dev.durable.runtime.internal.store.run.EventsTable;
import dev.durable.runtime.internal.store.run.RunInserts;
import dev.durable.runtime.internal.store.run.RunLeases;
import dev.durable.runtime.internal.store.run.RunsTable;
import dev.durable.runtime.internal.store.run.StepsTable;
import dev.durable.runtime.internal.store.sql.Announcements;
import dev.durable.runtime.internal.store.sql.Dialect;
import dev.durable.runtime.internal.store.sql.Notifications;
import dev.durable.runtime.internal.store.sql.RunsNotified;
import dev.durable.runtime.internal.store.sql.Transactions;
import dev.durable.runtime.internal.store.turn.ProgressWriter;
import dev.durable.runtime.internal.store.turn.Resumptions;
import dev.durable.runtime.internal.store.turn.RunControl;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * The runs' own storage: starting, claiming and leasing runs, a turn's resumption and its
 * progress, cancelling and requeueing, the run's history, and the listener of the notifications
 * that make runs ready. Each table's SQL is in its catalogue ({@link RunsTable}, {@link
 * StepsTable}, ...); the algorithms that span tables are one each for both databases ({@link
 * Claims}, {@link RunInserts}, and, across the tables of a run's other concerns, {@link
 * ProgressWriter}, {@link Resumptions}, {@link RunControl}); what H2 and PostgreSQL do
 * differently is in the {@link Dialect}. Writes made on behalf of a turn are fenced by the run's epoch ({@code Fence})
 * so that an engine that lost a run cannot write over its new owner's progress. Built by {@link
 * Stores}, beside the stores of the other concerns.
 */
public final class RunStore {
  /**
   * The most runs a lease renewal, or a look at whether runs were steered elsewhere, names in one
   * statement: an engine may hold 100,000 runs in flight, and one statement over all of them took
   * longer than the pool's socket timeout on PostgreSQL (10 s), while the renewal's row locks held
   * up the progress writes of the runs whose steps ended meanwhile. A batch of a thousand takes a
   * few milliseconds, in a transaction of its own.
   */
  static final int RUNS_PER_STATEMENT = 1_000;

  private final Transactions transactions;
  private final Dialect dialect;
  private final RunsTable runs;
  private final RunLeases leases;
  private final StepsTable steps;
  private final EventsTable events;
  private final Claims claims;
  private final RunInserts inserts;
  private final Resumptions resumptions;
  private final ProgressWriter progress;
  private final RunControl control;
  private final RunSearch search;
  private final FinishedRuns retention;

  /**
   * The runs' store over the catalogues of the runs' own tables, and the parts that span the
   * tables of a run's other concerns too (its tasks, signals, values), each built once by {@link
   * Stores}.
   */
  RunStore(Transactions transactions, Dialect dialect, RunsTable runs, RunLeases leases,
      StepsTable steps, EventsTable events, Claims claims, RunInserts inserts,
      Resumptions resumptions, ProgressWriter progress, RunControl control, RunSearch search,
      FinishedRuns retention) {
    this.transactions = transactions;
    this.dialect = dialect;
    this.runs = runs;
    this.leases = leases;
    this.steps = steps;
    this.events = events;
    this.claims = claims;
    this.inserts = inserts;
    this.resumptions = resumptions;
    this.progress = progress;
    this.control = control;
    this.search = search;
    this.retention = retention;
  }

  /**
   * An engine's one listener, on the runs' and the values' channels: see {@link
   * Notifications#listenForEngine}; on H2 it never calls back.
   */
  public AutoCloseable listenForEngine(Consumer<RunsNotified> onRuns,
      Consumer<List<String>> onValues, Consumer<Boolean> onListening, String threadName) {
    return dialect.notifications().listenForEngine(
        payloads -> onRuns.accept(Announcements.readRuns(payloads)), onValues, onListening,
        threadName);
  }

  /**
   * Inserts new runs and logs their starts, in one commit.
   *
   * @return for each run, whether it was inserted; false if a run with its id exists already, or
   *     comes earlier in the same batch (nothing of it is written)
   */
  public boolean[] insertRuns(List<NewRun> runs) {
    return inserts.insert(runs);
  }

  /** The run with this id. */
  public Optional<RunRecord> findRun(String runId) {
    return transactions.autocommit("read run " + runId, c -> runs.select(c, runId));
  }

  /**
   * Leases up to {@link #claimBatch}{@code (limit)} due runs of the given workflows to {@code
   * owner}, earliest first, and logs it; of engines racing for a run, one gets it. This is the
   * poll: its search is an index range scan on {@code due_at}, whose cost does not grow with the
   * number of sleeping runs.
   */
  public List<RunRecord> claimDue(
      Instant now, List<WorkflowKey> workflows, int limit, String owner, Instant leaseUntil) {
    return claim(now, workflows, limit, owner, leaseUntil).stream().map(ClaimedRun::run).toList();
  }

  /**
   * The most runs a claim for {@code limit} takes: a power of two up to {@code limit}, since the
   * claim's statement holds its limit in its text (a poll that fills a batch polls again).
   */
  public static int claimBatch(int limit) {
    return Claims.batch(limit);
  }

  /** {@link #claimDue}, telling of each run when it was due and whether it was taken over. */
  public List<ClaimedRun> claim(
      Instant now, List<WorkflowKey> workflows, int limit, String owner, Instant leaseUntil) {
    if (workflows.isEmpty() || limit <= 0) {
      return List.of();
    }
    return claims.due(now, workflows, limit, owner, leaseUntil);
  }

  /**
   * Leases to {@code owner} those of {@code runIds} that sleep until {@code dueBy} at the latest,
   * and logs it: see {@link Claims#ahead}.
   */
  public List<ClaimedRun> claimAhead(
      List<String> runIds, Instant dueBy, Instant now, String owner, Instant leaseUntil) {
    if (runIds.isEmpty()) {
      return List.of();
    }
    return transactions.inTransaction(
        "claim runs ahead of their due time",
        connection -> claims.ahead(connection, runIds, dueBy, now, owner, leaseUntil));
  }

  /** How many runs of each workflow are due at {@code now}, registered here or not. */
  public Map<WorkflowKey, Long> countDueByWorkflow(Instant now) {
    return transactions.autocommit("count due runs", c -> runs.countDueByWorkflow(c, now));
  }

  /**
   * Extends {@code owner}'s lease on the runs it still holds ({@code RunLeases#renew}), in
   * statements of at most {@link #RUNS_PER_STATEMENT} runs, each committed alone.
   */
  public void renewLeases(String owner, List<String> runIds, Instant leaseUntil) {
    for (List<String> batch : batches(runIds)) {
      dialect.inOneCommit("renew leases",
          connection -> leases.renew(connection, dialect, owner, batch, leaseUntil));
    }
  }

  /** {@code runIds} cut into lists of at most {@link #RUNS_PER_STATEMENT}. */
  static List<List<String>> batches(List<String> runIds) {
    List<List<String>> batches = new ArrayList<>();
    for (int from = 0; from < runIds.size(); from += RUNS_PER_STATEMENT) {
      batches.add(runIds.subList(from, Math.min(runIds.size(), from + RUNS_PER_STATEMENT)));
    }
    return batches;
  }

  /** Ends every lease now (an H2 file's previous process is gone): {@code RunLeases#expire}. */
  public int expireLeases(EventType eventType, Instant now) {
    return transactions.inTransaction("end the leases of a previous process",
        connection -> leases.expire(connection, eventType.stored(), now));
  }

  /** Gives up the runs {@code owner} leases, due at once for any engine; wakes the others. */
  public int releaseLeases(String owner, EventType eventType, Instant now) {
    return transactions.inTransaction("release leases", connection -> {
      int released = leases.release(connection, owner, eventType.stored(), now);
      if (released > 0) {
        dialect.announcements().runsDue(connection);
      }
      return released;
    });
  }

  /**
   * What a turn of a claimed run reads before it replays: its checkpoints and the tasks its
   * dispatched steps wait for, in one round trip on PostgreSQL.
   */
  public Resumption resumption(String runId) {
    return transactions.autocommit("read checkpoints of run " + runId,
        connection -> resumptions.read(connection, runId));
  }

  /** The run's checkpoints and timers, in order. */
  public List<CheckpointRecord> checkpoints(String runId) {
    return transactions.autocommit("read checkpoints of run " + runId,
        c -> steps.select(c, runId));
  }

  /**
   * The run and its checkpoints as of one moment: one statement, so that a step and the run it
   * belongs to are never seen at different points of a transition.
   */
  public Optional<RunSnapshot> snapshot(String runId) {
    return transactions.autocommit("read run " + runId, c -> steps.snapshot(c, runId));
  }

  /**
   * Writes the progress of several turns, each fenced by its run's epoch: the change to the run,
   * the checkpoints and the events. Every turn's writes commit together (on PostgreSQL a large
   * batch commits in chunks: see {@link ProgressWriter#write}).
   *
   * @return which commits were written, and what they made ready
   */
  public WrittenProgress commit(List<Commit> commits, Instant now) {
    return progress.write(commits, now);
  }

  /**
   * Cancels a run that has not ended, and its open children: see {@link RunControl#cancel}.
   *
   * @return the ids of the runs cancelled now
   */
  public List<String> cancel(String runId, Instant now) {
    return transactions.inTransaction("cancel run " + runId,
        connection -> control.cancel(connection, runId, now));
  }

  /**
   * Cancels the runs that {@code parentRunId} started and that have not ended, with theirs: its
   * run timeout ended it.
   *
   * @return the ids of the runs cancelled
   */
  public List<String> cancelChildren(String parentRunId, Instant now) {
    return transactions.inTransaction("cancel the child runs of run " + parentRunId,
        connection -> control.cancelChildren(connection, parentRunId, now));
  }

  /** The runs that {@code parentRunId} started, oldest first. */
  public List<RunRecord> children(String parentRunId) {
    return transactions.autocommit("read the child runs of run " + parentRunId,
        connection -> runs.children(connection, parentRunId));
  }

  /** The runs {@code filter} matches, newest first, at most its limit. */
  public List<ListedRun> listRuns(RunFilter filter) {
    return transactions.autocommit("list runs " + filter, c -> search.select(c, filter));
  }

  /**
   * Which of {@code runIds} are cancelled or paused, with which; read in statements of at most
   * {@link #RUNS_PER_STATEMENT} runs.
   */
  public Map<String, RunState> steered(List<String> runIds) {
    Map<String, RunState> steered = new LinkedHashMap<>();
    for (List<String> batch : batches(runIds)) {
      steered.putAll(transactions.autocommit("read whether " + batch.size() + " run(s) were"
          + " cancelled or paused", connection -> runs.steering.steered(connection, batch)));
    }
    return steered;
  }

  /**
   * Pauses a run that has not ended; see {@link RunControl#pause}.
   *
   * @return whether it was paused now
   */
  public boolean pause(String runId, Instant now) {
    return transactions.inTransaction("pause run " + runId,
        connection -> control.pause(connection, runId, now));
  }

  /**
   * Pauses those of {@code runIds} that have not ended and are not paused, in one transaction;
   * see {@link RunControl#pauseAll}.
   *
   * @return the ids of the runs paused now
   */
  public List<String> pauseAll(Collection<String> runIds, Instant now) {
    return transactions.inTransaction("pause " + runIds.size() + " run(s)",
        connection -> control.pauseAll(connection, runIds, now));
  }

  /**
   * Resumes a paused run; see {@link RunControl#resume}.
   *
   * @return whether it was paused
   */
  public boolean resume(String runId, Instant now) {
    return transactions.inTransaction("resume run " + runId,
        connection -> control.resume(connection, runId, now));
  }

  /** Makes a run set aside for its payloads due now; whether it was set aside. */
  public boolean takeUpSetAside(String runId, Instant now) {
    return transactions.inTransaction("take up run " + runId,
        connection -> control.takeUpSetAside(connection, runId, now));
  }

  /**
   * Makes a failed run due again: see {@link RunControl#requeue}.
   *
   * @return whether the run had failed and was requeued
   */
  public boolean requeue(String runId, Integer dropFrom, Instant deadlineAt, Instant now) {
    return transactions.inTransaction("requeue run " + runId,
        connection -> control.requeue(connection, runId, dropFrom, deadlineAt, now));
  }

  /**
   * Makes a sleeping run due now, ending its sleep early (a run parked for a queue slot, when a
   * slot frees), or marks an executing one woken, so that its suspension makes it due. A run that
   * sleeps for another reason finds its deadline not reached and sleeps on.
   */
  public void wakeRun(String runId, Instant now) {
    transactions.autocommit("wake run " + runId, connection -> {
      runs.wake(connection, runId, now);
      return null;
    });
  }

  /** The run's event log, oldest first. */
  public List<HistoryEvent> history(String runId) {
    return transactions.autocommit("read history of run " + runId,
        c -> events.read(c, runId));
  }

  /**
   * Deletes the runs that ended (completed, failed or cancelled) before {@code before}, with all
   * their rows, {@code batchSize} runs per transaction, until none is left or {@code stop} says to
   * stop between batches; see {@link FinishedRuns}. Safe to call from several engines at once.
   *
   * @return how many runs were deleted
   */
  public int deleteEndedRuns(Instant before, int batchSize, BooleanSupplier stop) {
    return retention.deleteAll(before, batchSize, stop);
  }
}
