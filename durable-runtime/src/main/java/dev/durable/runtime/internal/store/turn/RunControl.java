package dev.durable.runtime.internal.store.turn;

import dev.durable.runtime.RunState;
import dev.durable.runtime.internal.model.EventType;
import dev.durable.runtime.internal.model.RunRecord;
import dev.durable.runtime.internal.store.run.EventsTable;
import dev.durable.runtime.internal.store.run.RunsTable;
import dev.durable.runtime.internal.store.run.StepsTable;
import dev.durable.runtime.internal.store.sql.Announcements;
import dev.durable.runtime.internal.store.task.TasksTable;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An operator's changes to a run's course, each in the caller's transaction: cancelling it (and
 * the runs it started), and requeueing a failed run.
 */
public final class RunControl {
  private final RunsTable runs;
  private final StepsTable steps;
  private final TasksTable tasks;
  private final EventsTable events;
  private final Announcements announcements;

  public RunControl(RunsTable runs, StepsTable steps, TasksTable tasks, EventsTable events,
      Announcements announcements) {
    this.runs = runs;
    this.steps = steps;
    this.tasks = tasks;
    this.events = events;
    this.announcements = announcements;
  }

  /**
   * Cancels a run that has not ended, moving its epoch on so that a turn in flight cannot write
   * again. On PostgreSQL the engines listening are told the run's id (see {@code
   * RunStore#listenForEngine}), so that the one executing it, if another, stops its step at once.
   * Its dispatched steps' open tasks are given up, as a timeout gives one up: no worker claims them
   * any more, and one serving a task learns it at its next heartbeat.
   *
   * @return the ids of the runs cancelled now: the run, then its children, depth first
   */
  public List<String> cancel(Connection connection, String runId, Instant now) throws SQLException {
    List<String> cancelled = new ArrayList<>();
    cancelWithChildren(connection, runId, null, now, cancelled);
    if (!cancelled.isEmpty()) {
      // a parent awaiting it learns that it ended
      String parent = runs.select(connection, runId).map(RunRecord::parentRunId).orElse(null);
      if (parent != null) {
        runs.wake(connection, parent, now);
        announcements.runsDue(connection);
      }
    }
    return cancelled;
  }

  /**
   * Pauses a run that has not ended and is not paused, and logs it; on PostgreSQL the engines
   * listening are told its id, so that the one executing it, if another, stops its turn after the
   * step in flight (the others learn it at their next lease renewal).
   *
   * @return whether it was paused now
   */
  public boolean pause(Connection connection, String runId, Instant now) throws SQLException {
    Optional<RunRecord> run = runs.select(connection, runId);
    if (run.isEmpty() || !runs.steering.pause(connection, runId, now)) {
      return false;
    }
    events.append(connection, runId, List.of(EventType.RUN_PAUSED.run(
        "was " + run.get().status().name(), now)));
    announcements.cancelled(connection, runId); // the engine executing it stops its turn
    return true;
  }

  /**
   * Pauses those of {@code runIds} that have not ended and are not paused, in one transaction,
   * and logs each; the engines are told of those that were running, whose turns stop.
   *
   * @return the ids of the runs paused now
   */
  public List<String> pauseAll(Connection connection, Collection<String> runIds, Instant now)
      throws SQLException {
    Map<String, RunState> paused = runs.steering.pauseAll(connection, runIds, now);
    List<EventsTable.Entry> logged = new ArrayList<>(paused.size());
    for (Map.Entry<String, RunState> run : paused.entrySet()) {
      logged.add(new EventsTable.Entry(run.getKey(),
          EventType.RUN_PAUSED.run("was " + run.getValue().name(), now)));
      if (run.getValue() == RunState.RUNNING) {
        announcements.cancelled(connection, run.getKey()); // its engine stops its turn
      }
    }
    events.append(connection, logged);
    return List.copyOf(paused.keySet());
  }

  /**
   * Resumes a paused run, and logs it: due at once, or waiting for its queue's admission, or, if
   * its turn still holds its lease, going on under it.
   *
   * @return whether it was paused
   */
  public boolean resume(Connection connection, String runId, Instant now) throws SQLException {
    if (!runs.steering.resume(connection, runId, now)) {
      return false;
    }
    events.append(connection, runId, List.of(EventType.RUN_RESUMED.run(null, now)));
    announcements.runsDue(connection);
    return true;
  }

  /**
   * Cancels the runs that {@code parentRunId} started and that have not ended, with theirs: its
   * run timeout ended it.
   *
   * @return the ids of the runs cancelled
   */
  public List<String> cancelChildren(Connection connection, String parentRunId, Instant now)
      throws SQLException {
    List<String> cancelled = new ArrayList<>();
    for (String child : runs.openChildren(connection, parentRunId)) {
      cancelWithChildren(connection, child, parentRunId, now, cancelled);
    }
    return cancelled;
  }

  /** Cancels run {@code runId} if it has not ended, and then its open children, depth first. */
  private void cancelWithChildren(Connection connection, String runId, String because,
      Instant now, List<String> cancelled) throws SQLException {
    if (!runs.cancel(connection, runId, now)) {
      return;
    }
    cancelled.add(runId);
    tasks.giveUpOpen(connection, runId, now);
    events.append(connection, runId, List.of(EventType.RUN_CANCELLED.run(
        because == null ? null : "its parent run " + because + " ended", now)));
    announcements.cancelled(connection, runId);
    for (String child : runs.openChildren(connection, runId)) {
      cancelWithChildren(connection, child, runId, now, cancelled);
    }
  }

  /**
   * Makes a failed run due again, deleting the failed checkpoints at its end so that those steps
   * get a fresh retry budget; earlier checkpoints, completed or failed-and-caught, stay.
   *
   * @param dropFrom if not null, the checkpoints from this position on are deleted first: those of
   *     a failure's handling, which the retry must not replay
   * @param deadlineAt the end of its fresh run timeout; null if it has none
   * @return whether the run had failed and was requeued
   */
  /**
   * Makes a run set aside for its payloads (a key an engine lacked) due now, for an engine whose
   * codec can read them: it goes on where it was, nothing reset.
   *
   * @return whether the run was set aside
   */
  public boolean takeUpSetAside(Connection connection, String runId, Instant now)
      throws SQLException {
    if (!runs.steering.takeUpSetAside(connection, runId, now)) {
      return false;
    }
    events.append(connection, runId, List.of(EventType.RUN_REQUEUED.run(
        "set aside for its payloads; taken up again", now)));
    announcements.runsDue(connection);
    return true;
  }

  public boolean requeue(Connection connection, String runId, Integer dropFrom, Instant deadlineAt,
      Instant now) throws SQLException {
    if (!runs.requeue(connection, runId, deadlineAt, now)) {
      return false;
    }
    if (dropFrom != null) {
      steps.deleteFrom(connection, runId, dropFrom);
    }
    int reset = steps.resetFailed(connection, runId, now);
    tasks.deleteReset(connection, runId);
    events.append(connection, runId,
        List.of(EventType.RUN_REQUEUED.run(reset + " failed step(s) reset", now)));
    announcements.runsDue(connection);
    return true;
  }
}
