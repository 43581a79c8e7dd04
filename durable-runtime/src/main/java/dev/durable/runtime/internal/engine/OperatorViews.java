package dev.durable.runtime.internal.engine;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.StoredSchedule;
import dev.durable.runtime.TaskInfo;
import dev.durable.runtime.TaskQueueInfo;
import dev.durable.runtime.TaskState;
import dev.durable.runtime.WorkerInfo;
import dev.durable.runtime.internal.store.Store;
import dev.durable.runtime.internal.store.TaskRecord;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Optional;

/**
 * What operator tools read of the dispatched tasks, the workers and the stored schedules: the
 * store's rows as the public records of {@link DurableEngine#tasks}, {@link
 * DurableEngine#taskQueues}, {@link DurableEngine#workers}, {@link DurableEngine#silentTasks} and
 * {@link DurableEngine#storedSchedules}. Needs no workflow registered.
 */
final class OperatorViews {
  /** How recently a worker must have finished a task to be listed without holding one. */
  private static final Duration WORKERS_SEEN_WITHIN = Duration.ofHours(1);

  private final Store store;
  private final Time time;

  OperatorViews(Store store, Time time) {
    this.store = store;
    this.time = time;
  }

  List<TaskInfo> tasks(String runId) {
    return store.tasks().ofRun(runId).stream().map(OperatorViews::taskInfo).toList();
  }

  List<TaskQueueInfo> taskQueues() {
    return store.tasks().queues();
  }

  List<WorkerInfo> workers() {
    return store.tasks().workers(time.now().minus(WORKERS_SEEN_WITHIN));
  }

  List<TaskInfo> silentTasks(Duration silence) {
    if (silence.isNegative()) {
      throw new IllegalArgumentException("silence must not be negative, but was " + silence);
    }
    return store.tasks().silent(time.now().minus(silence)).stream()
        .map(OperatorViews::taskInfo).toList();
  }

  List<StoredSchedule> storedSchedules() {
    Instant now = time.now();
    return store.storedSchedules().stream()
        .map(row -> {
          List<Instant> next;
          ZoneId zone;
          try {
            CronSchedule cron = CronSchedule.parse(row.cron(), row.zone());
            next = cron.next(now, DurableEngine.LISTED_FIRE_TIMES);
            zone = cron.zone();
          } catch (RuntimeException e) { // a row written by hand, or by a newer version
            next = List.of();
            zone = ZoneId.of("UTC");
          }
          return new StoredSchedule(row.workflowName(), row.cron(), zone, row.handledUntil(), next);
        })
        .toList();
  }

  private static TaskInfo taskInfo(TaskRecord task) {
    return new TaskInfo(task.taskId(), task.runId(), task.seq(), task.step(), task.attempt(),
        TaskState.valueOf(task.status().name()), Optional.ofNullable(task.workerId()),
        task.createdAt(), Optional.ofNullable(task.claimedAt()),
        Optional.ofNullable(task.heartbeatAt()), Optional.ofNullable(task.finishedAt()),
        Optional.ofNullable(task.errorMessage()));
  }
}
