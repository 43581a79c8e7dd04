package dev.durable.runtime.internal.store.task;

import dev.durable.runtime.TaskQueueInfo;
import dev.durable.runtime.WorkerInfo;
import dev.durable.runtime.internal.model.EventType;
import dev.durable.runtime.internal.model.FinishedTask;
import dev.durable.runtime.internal.model.HandBack;
import dev.durable.runtime.internal.model.NewEvent;
import dev.durable.runtime.internal.model.StoredOutcomes;
import dev.durable.runtime.internal.model.TaskRecord;
import dev.durable.runtime.internal.store.run.Claims;
import dev.durable.runtime.internal.store.run.EventsTable;
import dev.durable.runtime.internal.store.sql.Dialect;
import dev.durable.runtime.internal.store.sql.Transactions;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The store's side of dispatched steps: the queue of their tasks, which workers claim, heartbeat
 * and answer, and which engines watch, give up and deliver again. Queueing a task is part of a
 * turn's fenced commit ({@code Commit#tasks}), not of this class. The SQL is in {@link
 * TasksTable}.
 */
public final class TaskQueue {
  private final Transactions transactions;
  private final Dialect dialect;
  private final Claims claims;
  private final TasksTable tasks;
  private final EventsTable events;
  private final TaskViews views;

  public TaskQueue(Transactions transactions, Dialect dialect, Claims claims, TasksTable tasks,
      EventsTable events) {
    this.transactions = transactions;
    this.dialect = dialect;
    this.claims = claims;
    this.tasks = tasks;
    this.events = events;
    this.views = new TaskViews(tasks);
  }

  /**
   * Calls {@code onNewTasks} whenever a task is queued through another process (PostgreSQL's
   * {@code LISTEN}, on a connection of its own); never on H2, whose one process tells its workers
   * in process.
   */
  public AutoCloseable listenForTasks(Runnable onNewTasks, String threadName) {
    return dialect.notifications().listenForTasks(onNewTasks, threadName);
  }

  /** Claims up to {@code limit} queued tasks of {@code steps} for a worker, oldest first. */
  public List<TaskRecord> claim(List<String> steps, int limit, String workerId, Instant now) {
    return claims.tasks(steps, limit, workerId, now);
  }

  /**
   * Stores the outcomes of several tasks the worker holds in one commit, making due the runs that
   * they leave with no task open (or whose task failed), and waking the engines once ({@link
   * Dialect#storeOutcomes}). The runs of {@code handBack} (null: none) that this leaves due are
   * leased to its engine in the same commit instead, on PostgreSQL; H2 wakes them as the others.
   */
  public StoredOutcomes finish(
      List<FinishedTask> finished, String workerId, Instant now, HandBack handBack) {
    return dialect.inOneCommit("store the outcomes of " + finished.size() + " task(s)",
        connection -> dialect.storeOutcomes(connection, finished, workerId, now, handBack));
  }

  /**
   * Gives up the run's queued and claimed tasks as lost and queues each again, logging {@code
   * step.redispatched} and a {@code step.started} that says {@code redispatched: true}.
   *
   * @return the new deliveries
   */
  public List<TaskRecord> redispatch(String runId, Instant now) {
    return inTransaction("redispatch the tasks of run " + runId, connection -> {
      List<TaskRecord> queued = tasks.redispatch(connection, runId, now);
      logRedeliveries(connection, runId, queued, now);
      if (!queued.isEmpty()) {
        dialect.announcements().tasksQueued(connection);
      }
      return queued;
    });
  }

  /**
   * Gives {@code task} up as lost and queues its next delivery, logged as {@link #redispatch}
   * logs, unless the task changed since it was read: claimed, heard from or answered.
   *
   * @return the new delivery, or empty if the task had changed
   */
  public Optional<TaskRecord> redeliver(TaskRecord task, Instant now) {
    return inTransaction("deliver task " + task.taskId() + " again", connection -> {
      Optional<TaskRecord> again = tasks.redeliver(connection, task, now);
      logRedeliveries(connection, task.runId(), again.stream().toList(), now);
      if (again.isPresent()) {
        dialect.announcements().tasksQueued(connection);
      }
      return again;
    });
  }

  /**
   * Gives {@code task} up, so that its worker can no longer store an outcome, unless it changed
   * since it was read: claimed, heard from or answered.
   *
   * @return whether it was given up
   */
  public boolean giveUp(TaskRecord task, Instant now) {
    return autocommit("give up task " + task.taskId(),
        connection -> tasks.giveUp(connection, task, now));
  }

  /**
   * Records a heartbeat of the worker that holds a task, with the progress it reports.
   *
   * @return false if the worker no longer holds the task: it was given up, and its outcome will
   *     not be stored
   */
  public boolean heartbeat(String taskId, String workerId, String progress, Instant now) {
    return autocommit("record a heartbeat of task " + taskId,
        connection -> tasks.heartbeat(connection, taskId, workerId, progress, now));
  }

  private void logRedeliveries(
      Connection connection, String runId, List<TaskRecord> queued, Instant now)
      throws SQLException {
    List<NewEvent> redelivered = new ArrayList<>();
    for (TaskRecord task : queued) {
      redelivered.add(EventType.STEP_REDISPATCHED.step(task.step(), task.attempt(),
          "task " + task.taskId() + " queued again: the earlier delivery was given up as lost",
          now));
      redelivered.add(EventType.STEP_STARTED.step(task.step(), task.attempt(),
          "dispatched; redispatched: true", now));
    }
    events.append(connection, runId, redelivered);
  }

  /**
   * The tasks of the steps at positions {@code fromSeq} to {@code toSeq} of a run that were not
   * given up as lost, oldest first.
   */
  public List<TaskRecord> current(String runId, int fromSeq, int toSeq) {
    return autocommit("read the tasks of run " + runId,
        connection -> tasks.current(connection, runId, fromSeq, toSeq));
  }

  /** The run's tasks, in the order of its steps and attempts. */
  public List<TaskRecord> ofRun(String runId) {
    return autocommit("read the tasks of run " + runId,
        connection -> views.ofRun(connection, runId));
  }

  /** The open tasks per step. */
  public List<TaskQueueInfo> queues() {
    return autocommit("read the task queues", views::queues);
  }

  /** The workers holding a task, or that finished one since {@code since}. */
  public List<WorkerInfo> workers(Instant since) {
    return autocommit("read the workers", connection -> views.workers(connection, since));
  }

  /** The open tasks with no sign of life since {@code before}, oldest first. */
  public List<TaskRecord> silent(Instant before) {
    return autocommit("read the silent tasks", connection -> views.silent(connection, before));
  }

  private <T> T inTransaction(String what, Transactions.Work<T> work) {
    return transactions.inTransaction(what, work);
  }

  private <T> T autocommit(String what, Transactions.Work<T> work) {
    return transactions.autocommit(what, work);
  }
}
