package dev.durable.runtime.internal.engine;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.Overview;
import dev.durable.runtime.QueueInfo;
import dev.durable.runtime.StoredSchedule;
import dev.durable.runtime.TaskInfo;
import dev.durable.runtime.TaskQueueInfo;
import dev.durable.runtime.WorkerInfo;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * The operators' reads of an engine ({@link OperatorViews}): what tools show of tasks, workers,
 * queues, schedules and the runs at a glance. Apart from {@link DefaultEngine}, which runs
 * workflows, as these read the store and touch nothing the engine executes.
 */
abstract class OperatorReads implements DurableEngine {
  private final OperatorViews views;

  OperatorReads(OperatorViews views) {
    this.views = views;
  }

  @Override
  public List<TaskInfo> tasks(String runId) {
    return views.tasks(runId);
  }

  @Override
  public List<TaskQueueInfo> taskQueues() {
    return views.taskQueues();
  }

  @Override
  public List<QueueInfo> queues() {
    return views.queues();
  }

  @Override
  public List<WorkerInfo> workers() {
    return views.workers();
  }

  @Override
  public Overview overview(Instant from, Duration bucket) {
    return views.overview(from, bucket);
  }

  @Override
  public List<TaskInfo> silentTasks(Duration silence) {
    return views.silentTasks(silence);
  }

  @Override
  public List<StoredSchedule> storedSchedules() {
    return views.storedSchedules();
  }
}
