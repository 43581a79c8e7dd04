package dev.durable.runtime.internal.store.sql;

import dev.durable.runtime.internal.model.NewRun;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The one place of the store that decides which of the database's notifications ({@link
 * Notifications}) a write sends, from what the write made ready: runs due, a run queued in a
 * flow-control queue, a run cancelled, tasks queued, runs' values written. Every notification is
 * sent at the commit of the work it tells of, inside the writing transaction: as a statement of
 * its own in the caller's transaction, or appended to the text an algorithm sends on PostgreSQL
 * (a start, a turn's progress, a worker's outcomes), so that it costs no round trip. Nothing else
 * in the store calls the notifications' sending methods. What this process's own engines and
 * workers are told is the engine's wake-up component's concern, not the store's: these tell the
 * other processes (and, for a run's values or id, this process's listener too).
 *
 * <p>On the runs' channel, a payload is a run's id (started, woken or cancelled: an engine
 * executing it checks whether it was cancelled), a process's wake-up origin ({@link
 * Notifications#wakeOrigin}), nothing, or {@link #QUEUED} and a queue's name: a run was queued
 * there, so that an engine that declares the queue admits it at once ({@link #readRuns}).
 */
public final class Announcements {
  /** Nothing sent: H2, which one process owns, and a poll-only store. */
  public static final Announcements NONE = new Announcements(Notifications.NONE, "");

  /** How a payload on the runs' channel that names a queue begins. */
  public static final String QUEUED = "queue:";

  private final Notifications notifications;
  private final String origin;
  private final Optional<Sql> announceRun;
  private final Optional<Sql> wakeWorkersFrom;
  private final Optional<Sql> announceValuesOf;

  /** @param origin what this process's wake-ups carry ({@link Notifications#wakeOrigin}) */
  public Announcements(Notifications notifications, String origin) {
    this.notifications = notifications;
    this.origin = origin;
    this.announceRun = notifications.announceRun();
    this.wakeWorkersFrom = notifications.wakeWorkersFrom();
    this.announceValuesOf = notifications.announceValuesOf();
  }

  /** Whether nothing is ever sent: a text that would carry notifications is another text then. */
  public boolean silent() {
    return announceRun.isEmpty();
  }

  // ---- sent as statements of their own, in the caller's transaction

  /** Runs became due (a signal, a requeue, a schedule's fire, an admission, a released lease). */
  public void runsDue(Connection connection) throws SQLException {
    notifications.wakeEngines(connection);
  }

  /** Run {@code runId} was cancelled: the engine executing it stops it; its readers end. */
  public void cancelled(Connection connection, String runId) throws SQLException {
    notifications.announceCancelled(connection, runId);
  }

  /** Tasks were queued for any worker to claim. */
  public void tasksQueued(Connection connection) throws SQLException {
    notifications.wakeWorkers(connection);
  }

  /**
   * What the turns written as plain statements made ready ({@code ProgressStatements}): the tasks
   * they queue for workers, and the runs whose readers of values are told ({@link
   * TurnProgress#announcing}).
   */
  public void progress(Connection connection, List<TurnProgress> turns) throws SQLException {
    if (TurnProgress.queuesTasks(turns)) {
      notifications.wakeWorkers(connection);
    }
    notifications.announceValues(connection, TurnProgress.announcing(turns));
  }

  // ---- appended to a text the algorithm sends (PostgreSQL): no round trip of their own

  /**
   * After the statement that starts {@code run} in a text: the engines are told of a run that no
   * engine took at its start, by its id, or by its queue's name where it is queued in one.
   *
   * @param values the start's values, which hold the run's id
   */
  public void afterStart(ShapedText sql, Params params, NewRun run, Values values) {
    if (run.leased() || announceRun.isEmpty()) {
      return;
    }
    String queue = run.place() == null ? null : run.place().queue();
    sql.append(announceRun.get().text()).append(";\n");
    announceRun.get().bind(params,
        queue == null ? values : new Values().string("runId", QUEUED + queue));
  }

  /**
   * After the turns' statements in a text ({@link PostgresProgress}): the workers are told of the
   * tasks queued (with this process's origin, as its workers are told in process), the engines of
   * the runs the turns wake (a parent), the readers of the runs' values.
   */
  public void afterProgress(ShapedText sql, Params params, List<TurnProgress> turns) {
    if (wakeWorkersFrom.isPresent() && TurnProgress.queuesTasks(turns)) {
      append(sql, params, wakeWorkersFrom.get(), new Values().string("origin", origin));
    }
    if (announceRun.isPresent()) {
      for (TurnProgress turn : turns) {
        if (turn.commit().wakes() != null) {
          append(sql, params, announceRun.get(),
              new Values().string("runId", turn.commit().wakes()));
        }
      }
    }
    if (announceValuesOf.isPresent()) {
      for (String runId : TurnProgress.announcing(turns)) {
        append(sql, params, announceValuesOf.get(), new Values().string("runId", runId));
      }
    }
  }

  private static void append(ShapedText sql, Params params, Sql statement, Values values) {
    sql.append(statement.text()).append(";\n");
    statement.bind(params, values);
  }

  /**
   * An expression for the select list of a statement whose rows are the runs it woke (a worker's
   * answers): tells the engines, with {@code :origin}, once per row ({@link
   * Notifications#enginesTold}).
   */
  public String enginesTold() {
    return notifications.enginesTold();
  }

  /**
   * What a batch of the runs' channel's payloads names, the echoes of this process's own
   * wake-ups left out already ({@link PostgresListener#runIdsNamed}): runs by id, and queues.
   */
  public static RunsNotified readRuns(List<String> payloads) {
    List<String> runIds = new ArrayList<>(payloads.size());
    List<String> queues = List.of();
    for (String payload : payloads) {
      if (payload.startsWith(QUEUED)) {
        if (queues.isEmpty()) {
          queues = new ArrayList<>();
        }
        queues.add(payload.substring(QUEUED.length()));
      } else {
        runIds.add(payload);
      }
    }
    return new RunsNotified(runIds, queues);
  }
}
