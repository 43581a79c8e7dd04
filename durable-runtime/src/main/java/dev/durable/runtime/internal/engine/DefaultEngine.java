package dev.durable.runtime.internal.engine;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.HistoryEvent;
import dev.durable.runtime.Overview;
import dev.durable.runtime.PayloadReencoding;
import dev.durable.runtime.QueueInfo;
import dev.durable.runtime.RunExport;
import dev.durable.runtime.RunFilter;
import dev.durable.runtime.RunInfo;
import dev.durable.runtime.RunStatus;
import dev.durable.runtime.ScheduleInfo;
import dev.durable.runtime.StartOptions;
import dev.durable.runtime.StoredSchedule;
import dev.durable.runtime.TaskInfo;
import dev.durable.runtime.TaskQueueInfo;
import dev.durable.runtime.TriggerInfo;
import dev.durable.runtime.UnknownRunException;
import dev.durable.runtime.WorkerInfo;
import dev.durable.runtime.WorkflowShape;
import dev.durable.runtime.codec.Payloads;
import dev.durable.runtime.internal.common.Errors;
import dev.durable.runtime.internal.common.InjectedFaults;
import dev.durable.runtime.internal.common.Registry;
import dev.durable.runtime.internal.lineage.RunForks;
import dev.durable.runtime.internal.model.EventType;
import dev.durable.runtime.internal.model.RunRecord;
import dev.durable.runtime.internal.ops.OperatorViews;
import dev.durable.runtime.internal.ops.Reencoding;
import dev.durable.runtime.internal.ops.Retention;
import dev.durable.runtime.internal.ops.RunExports;
import dev.durable.runtime.internal.ops.RunStatuses;
import dev.durable.runtime.internal.ops.Steering;
import dev.durable.runtime.internal.run.InFlight;
import dev.durable.runtime.internal.run.RunAwaits;
import dev.durable.runtime.internal.run.RunStarts;
import dev.durable.runtime.internal.run.Scheduler;
import dev.durable.runtime.internal.run.Waiters;
import dev.durable.runtime.internal.schedule.Schedules;
import dev.durable.runtime.internal.signal.SignalSender;
import dev.durable.runtime.internal.store.RunStore;
import dev.durable.runtime.internal.store.ops.StoredShapes;
import dev.durable.runtime.internal.time.Time;
import dev.durable.runtime.internal.trigger.Triggers;
import dev.durable.runtime.internal.values.RunValueReads;
import dev.durable.runtime.internal.wake.EngineWakeups;
import dev.durable.runtime.spi.WorkflowRuns;
import dev.durable.runtime.spi.WorkflowType;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The engine behind {@link DurableEngine}: the public API over the store and the scheduler. */
public final class DefaultEngine implements DurableEngine, WorkflowRuns.Access, ClientCalls {
  private static final Logger LOG = LoggerFactory.getLogger(DefaultEngine.class);

  private final String engineId;
  private final RunStore store;
  private final StoredShapes shapes;
  private final Time time;
  private final Waiters waiters;
  private final Steering steering;
  private final Scheduler scheduler;
  private final OperatorViews views;
  private final RunExports exports;
  private final Reencoding reencoding;
  private final RunStatuses statuses;
  private final Schedules schedules;
  private final List<AutoCloseable> resources;
  private final ClientStarts clientStarts;
  private final Triggers triggers;
  private final SignalSender signals;
  private final Retention retention;
  private final RunForks forks;
  private final RunValueReads values;
  private final RunAwaits awaits;
  /** The faults a test kit injects ({@link TestHooks}); none outside tests. */
  final InjectedFaults faults;

  /**
   * The parts are made by the composition root ({@code Engines}); the ones the engine makes itself
   * need the runs' store alone.
   */
  DefaultEngine(
      String engineId, RunStore store, StoredShapes shapes, Time time,
      Payloads payloads, EngineWakeups wakeups, InFlight inFlight, Waiters waiters,
      Registry registry, Scheduler scheduler,
      RunStarts starts, RunStatuses statuses, Schedules schedules, Retention retention,
      RunValueReads values, OperatorViews views, Steering steering, SignalSender signals,
      RunForks forks, InjectedFaults faults, Reencoding reencoding, Triggers triggers,
      List<AutoCloseable> resources) {
    this.triggers = triggers;
    this.reencoding = reencoding;
    this.engineId = engineId;
    this.store = store;
    this.shapes = shapes;
    this.time = time;
    this.waiters = waiters;
    this.steering = steering;
    this.scheduler = scheduler;
    this.clientStarts = new ClientStarts(engineId, starts, registry, scheduler, wakeups, time);
    this.views = views;
    this.exports = new RunExports(store, time, payloads.form());
    this.statuses = statuses;
    this.schedules = schedules;
    this.signals = signals;
    this.retention = retention;
    this.forks = forks;
    this.values = values;
    this.awaits = new RunAwaits(store, waiters, inFlight, payloads, scheduler);
    this.faults = faults;
    this.resources = resources;
  }

  @Override
  public void start() {
    scheduler.start();
    retention.start();
    triggers.start(this); // once the poll is up: the runs they store are taken at once
  }

  @Override
  public int tick() {
    return scheduler.tick();
  }

  @Override
  public String engineId() {
    return engineId;
  }

  // ---- starting and finding runs

  @Override
  public <R> WorkflowRuns<R> runs(WorkflowType<R> type) {
    return new WorkflowRunsImpl<>(this, type, values);
  }

  @Override
  public SignalSender signals() {
    return signals;
  }

  /** Starts a run: {@link ClientStarts#start}. */
  @Override
  public Started startRun(WorkflowType<?> client, String runId, StartOptions options,
      Object[] input) {
    return clientStarts.start(client, runId, options, input);
  }

  @Override
  public void requireRun(WorkflowType<?> type, String runId) {
    RunRecord run = find(runId);
    if (!run.workflow().name().equals(type.name())) {
      throw new UnknownRunException(
          "run " + runId + " is a run of " + run.workflow() + ", not of workflow '" + type.name()
              + "'");
    }
  }

  private RunRecord find(String runId) {
    return store.findRun(runId).orElseThrow(() -> Errors.unknownRun(runId));
  }

  /** Waits for the run to end: {@link RunAwaits#await}. */
  @Override
  public <R> R await(String runId, WorkflowType<R> type, Duration timeout) {
    return awaits.await(runId, type, timeout);
  }

  // ---- operating runs

  @Override
  public void signal(String runId, String signalName, String json) {
    signals.sendJson(runId, signalName, json);
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
  public List<TriggerInfo> triggers() {
    return triggers.infos();
  }

  @Override
  public Overview overview(Instant from, Duration bucket) {
    return views.overview(from, bucket);
  }

  @Override
  public Optional<Overview.Stuck> stuck(String runId) {
    return views.stuck(Objects.requireNonNull(runId, "runId"));
  }

  @Override
  public List<TaskInfo> silentTasks(Duration silence) {
    return views.silentTasks(silence);
  }

  @Override
  public List<StoredSchedule> storedSchedules() {
    return views.storedSchedules();
  }

  @Override
  public List<WorkflowShape> workflowShapes(String workflowName) {
    return shapes.of(Objects.requireNonNull(workflowName, "workflowName"));
  }

  @Override
  public List<RunInfo> listRuns(RunFilter filter) {
    return store.listRuns(filter).stream()
        .map(listed -> RunStatuses.info(listed.run(), listed.scheduledAt(), listed.attributes()))
        .toList();
  }

  @Override
  public void requeue(String runId) {
    steering.requeue(runId);
  }

  @Override
  public int redispatchPending(String runId) {
    return steering.redispatchPending(runId);
  }

  @Override
  public boolean cancel(String runId) {
    return steering.cancel(runId);
  }

  @Override
  public boolean pause(String runId) {
    return steering.pause(runId);
  }

  @Override
  public int pause(RunFilter filter) {
    return steering.pause(Objects.requireNonNull(filter, "filter"));
  }

  @Override
  public boolean resume(String runId) {
    return steering.resume(runId);
  }

  @Override
  public void signalWithToken(String token, String json) {
    signals.sendWithToken(Objects.requireNonNull(token, "token"), json);
  }

  @Override
  public boolean pauseQueue(String queue) {
    return steering.pauseQueue(queue);
  }

  @Override
  public boolean resumeQueue(String queue) {
    return steering.resumeQueue(queue);
  }

  @Override
  public String fork(String runId, int position) {
    return forks.fork(runId, position);
  }

  @Override
  public RunStatus getRunStatus(String runId) {
    return statuses.of(runId).orElseThrow(() -> Errors.unknownRun(runId));
  }

  @Override
  public List<ScheduleInfo> schedules() {
    return schedules.list();
  }

  @Override
  public RunExport export(Collection<String> runIds) {
    return exports.of(runIds);
  }

  @Override
  public RunExport export(RunFilter filter) {
    return exports.of(Objects.requireNonNull(filter, "filter"));
  }

  @Override
  public List<HistoryEvent> history(String runId) {
    find(runId);
    return store.history(runId);
  }

  @Override
  public int purge(Instant endedBefore) {
    return retention.purge(Objects.requireNonNull(endedBefore, "endedBefore"));
  }

  @Override
  public Map<String, Long> payloadEncodings() {
    return reencoding.encodings();
  }

  @Override
  public PayloadReencoding reencodePayloads(int batchSize) {
    return reencoding.reencode(batchSize);
  }

  @Override
  public void close() {
    if (scheduler.isClosed()) {
      return;
    }
    triggers.close(); // first, while the store is open: the message in hand is stored and acked
    scheduler.close();
    try {
      int released = store.releaseLeases(engineId, EventType.RUN_RELEASED, time.now());
      if (released > 0) {
        LOG.info("released {} run(s) still in flight for another engine to pick up", released);
      }
    } catch (RuntimeException e) {
      LOG.warn("could not release this engine's leases on close: {}; other engines take its runs"
          + " over when the leases expire", e.getMessage());
    }
    for (AutoCloseable resource : resources) {
      try {
        resource.close();
      } catch (Exception e) {
        LOG.warn("closing {} failed", resource, e);
      }
    }
  }
}
