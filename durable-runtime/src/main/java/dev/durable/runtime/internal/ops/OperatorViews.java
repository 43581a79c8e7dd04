package dev.durable.runtime.internal.ops;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.Overview;
import dev.durable.runtime.Queue;
import dev.durable.runtime.QueueInfo;
import dev.durable.runtime.StoredSchedule;
import dev.durable.runtime.TaskInfo;
import dev.durable.runtime.TaskQueueInfo;
import dev.durable.runtime.TaskState;
import dev.durable.runtime.WorkerInfo;
import dev.durable.runtime.internal.common.Errors;
import dev.durable.runtime.internal.model.ListedRun;
import dev.durable.runtime.internal.model.TaskRecord;
import dev.durable.runtime.internal.schedule.CronSchedule;
import dev.durable.runtime.internal.store.flow.QueueAdmissions;
import dev.durable.runtime.internal.store.ops.StoredOverview;
import dev.durable.runtime.internal.store.schedule.StoredSchedules;
import dev.durable.runtime.internal.store.task.TaskQueue;
import dev.durable.runtime.internal.time.Time;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What operator tools read of the dispatched tasks, the workers and the stored schedules: the
 * store's rows as the public records of {@link DurableEngine#tasks}, {@link
 * DurableEngine#taskQueues}, {@link DurableEngine#queues}, {@link DurableEngine#workers}, {@link
 * DurableEngine#overview}, {@link DurableEngine#silentTasks} and {@link
 * DurableEngine#storedSchedules}. Needs no workflow registered.
 */
public final class OperatorViews {
  /** How recently a worker must have finished a task to be listed without holding one. */
  private static final Duration WORKERS_SEEN_WITHIN = Duration.ofHours(1);

  /** {@link Queue#toString()}: {@code Queue[llm, concurrency=4, perEngine=2, rateLimit=10/PT1S]}. */
  private static final Pattern DECLARATION = Pattern.compile(
      "Queue\\[([^,]+), concurrency=(\\d+), perEngine=(\\d+),"
          + " rateLimit=(?:none|(\\d+)/(\\S+))\\]");

  private final TaskQueue tasks;
  private final QueueAdmissions queues;
  private final StoredOverview overview;
  private final StoredSchedules schedules;
  private final Time time;

  public OperatorViews(TaskQueue tasks, QueueAdmissions queues, StoredOverview overview,
      StoredSchedules schedules, Time time) {
    this.tasks = tasks;
    this.queues = queues;
    this.overview = overview;
    this.schedules = schedules;
    this.time = time;
  }

  public List<TaskInfo> tasks(String runId) {
    return tasks.ofRun(runId).stream().map(OperatorViews::taskInfo).toList();
  }

  public List<TaskQueueInfo> taskQueues() {
    return tasks.queues();
  }

  public List<QueueInfo> queues() {
    return queues.rows().stream()
        .map(row -> new QueueInfo(row.name(), declaration(row.name(), row.declaration()),
            Optional.ofNullable(row.declaredBy()), row.depth(), row.running(),
            Optional.ofNullable(row.oldestWaitingAt()), row.paused()))
        .toList();
  }

  /**
   * The queue a stored declaration ({@link Queue#toString()}) names; empty if there is none or it
   * does not read as one of this version (written by hand, or by a newer version).
   */
  static Optional<Queue> declaration(String name, String text) {
    if (text == null) {
      return Optional.empty();
    }
    Matcher m = DECLARATION.matcher(text);
    if (!m.matches() || !m.group(1).equals(name)) {
      return Optional.empty();
    }
    try {
      Queue queue = Queue.named(name).concurrency(Integer.parseInt(m.group(2)))
          .perEngine(Integer.parseInt(m.group(3)));
      if (m.group(4) != null) {
        queue = queue.rateLimit(Integer.parseInt(m.group(4)), Duration.parse(m.group(5)));
      }
      return Optional.of(queue);
    } catch (RuntimeException e) { // numbers out of range, a period this version refuses
      return Optional.empty();
    }
  }

  public Overview overview(Instant from, Duration bucket) {
    Objects.requireNonNull(from, "from");
    if (bucket.compareTo(Duration.ofSeconds(1)) < 0 || bucket.getNano() % 1_000_000 != 0) {
      throw new IllegalArgumentException(
          "bucket must be whole milliseconds and a second or more, but was " + bucket);
    }
    Instant now = time.now();
    long periods = now.isBefore(from) ? 0 : Duration.between(from, now).toMillis()
        / bucket.toMillis() + 1;
    if (periods < 1 || periods > Overview.MAX_BUCKETS) {
      throw new IllegalArgumentException("from " + from + " to now (" + now + ") must hold 1 to "
          + Overview.MAX_BUCKETS + " periods of " + bucket + ", but holds " + periods);
    }
    List<Overview.Stuck> stuck = overview
        .waiting(now.minus(Overview.OVERDUE), Overview.STUCK_LISTED).stream()
        .map(w -> new Overview.Stuck(
            RunStatuses.info(w.run().run(), w.run().scheduledAt(), Map.of()), w.since()))
        .toList();
    return new Overview(from, bucket, overview.counts(from, bucket, (int) periods), stuck,
        overview.paused());
  }

  /**
   * Run {@code runId}, and since when, if it waits past its time by more than {@link
   * Overview#OVERDUE}: by the rule {@link #overview} lists stuck runs by ({@link
   * StoredOverview#waitingSince}).
   */
  public Optional<Overview.Stuck> stuck(String runId) {
    ListedRun run = overview.run(runId).orElseThrow(() -> Errors.unknownRun(runId));
    Instant cutoff = time.now().minus(Overview.OVERDUE);
    return StoredOverview.waitingSince(run.run()).filter(since -> since.isBefore(cutoff))
        .map(since -> new Overview.Stuck(
            RunStatuses.info(run.run(), run.scheduledAt(), Map.of()), since));
  }

  public List<WorkerInfo> workers() {
    return tasks.workers(time.now().minus(WORKERS_SEEN_WITHIN));
  }

  public List<TaskInfo> silentTasks(Duration silence) {
    if (silence.isNegative()) {
      throw new IllegalArgumentException("silence must not be negative, but was " + silence);
    }
    return tasks.silent(time.now().minus(silence)).stream()
        .map(OperatorViews::taskInfo).toList();
  }

  public List<StoredSchedule> storedSchedules() {
    Instant now = time.now();
    return schedules.all().stream()
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
