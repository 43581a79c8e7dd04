package dev.durable.runtime.internal.worker;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.durable.runtime.DurableWorker;
import dev.durable.runtime.FatalError;
import dev.durable.runtime.NonRetryable;
import dev.durable.runtime.StepHandler;
import dev.durable.runtime.StoreException;
import dev.durable.runtime.TaskContext;
import dev.durable.runtime.internal.common.Errors;
import dev.durable.runtime.internal.common.InjectedFaults;
import dev.durable.runtime.internal.common.RunMdc;
import dev.durable.runtime.internal.model.FinishedTask;
import dev.durable.runtime.internal.model.TaskOutcome;
import dev.durable.runtime.internal.model.TaskRecord;
import dev.durable.runtime.internal.observe.Observer;
import dev.durable.runtime.internal.observe.TraceSpan;
import dev.durable.runtime.internal.store.task.TaskQueue;
import dev.durable.runtime.internal.time.Time;
import dev.durable.runtime.internal.wake.DatabaseKey;
import dev.durable.runtime.internal.wake.HandBackTarget;
import dev.durable.runtime.internal.wake.PollLoop;
import dev.durable.runtime.internal.wake.ProcessWakeups;
import dev.durable.runtime.internal.wake.WorkerWakeups;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A worker: a poller that claims queued tasks of the served steps for its free slots, and a pool
 * that runs their handlers and stores their outcomes ({@link TaskAnswers}). Its free slots are also
 * offered to the engines of this process on the same database, which hand it tasks claimed for it
 * as they queue them ({@code EagerDispatch}); the answer to such a task hands its run back.
 */
public final class DefaultWorker implements DurableWorker {
  private static final Logger LOG = LoggerFactory.getLogger(DefaultWorker.class);

  private final String workerId;
  private final Map<String, StepHandler> handlers;
  private final List<String> steps;
  private final Duration shutdownTimeout;
  private final TaskQueue tasks;
  private final DatabaseKey database;
  private final ObjectMapper mapper;
  private final Time time;
  private final AutoCloseable pool;
  private final WorkerWakeups wakeups;
  private final Semaphore slots;
  private final PollLoop poll;
  private final ExecutorService executor;
  private final Observer observer;
  private final TaskAnswers answers;
  /** The faults a test kit injects ({@code TestHooks}) into the handlers; none outside tests. */
  public final InjectedFaults faults;

  /**
   * Whether the last poll may have left queued tasks behind for want of a free slot: a slot freed
   * then polls again. Set before the poll counts free slots, so that a slot freed meanwhile sees
   * it.
   */
  private volatile boolean limited;

  /**
   * @param executor serves the tasks, at most {@code concurrency} at once (the worker's slots
   *     bound them): a platform thread or a virtual one each
   * @param database the database {@code store} opened, which an engine of this process may share
   */
  DefaultWorker(
      String workerId, Map<String, StepHandler> handlers, InjectedFaults faults, int concurrency,
      ExecutorService executor, Duration pollInterval,
      Duration shutdownTimeout, TaskQueue tasks, DatabaseKey database, ObjectMapper mapper,
      Time time,
      ProcessWakeups process, AutoCloseable pool, Observer observer) {
    this.workerId = workerId;
    this.handlers = Collections.unmodifiableMap(new LinkedHashMap<>(handlers));
    this.faults = faults;
    this.steps = List.copyOf(handlers.keySet());
    this.shutdownTimeout = shutdownTimeout;
    this.tasks = tasks;
    this.database = database;
    this.mapper = mapper;
    this.time = time;
    this.pool = pool;
    this.poll = new PollLoop(
        workerId + "-poller", pollInterval, LOG, "worker " + workerId + " cannot claim tasks");
    this.wakeups = new WorkerWakeups(tasks, time, poll, process);
    this.slots = new Semaphore(concurrency);
    this.executor = executor;
    this.observer = observer;
    this.answers = new TaskAnswers(workerId, tasks, time, wakeups);
  }

  @Override
  public String workerId() {
    return workerId;
  }

  @Override
  public synchronized void start() {
    if (poll.isStopped()) {
      throw new IllegalStateException("the worker is closed");
    }
    if (poll.isStarted()) {
      return;
    }
    wakeups.listen(workerId + "-listener");
    poll.start(this::pollOnce);
    wakeups.offer(new FreeSlots());
    LOG.info("worker {} serves {}", workerId, steps);
  }

  @Override
  public int tick() {
    return poll.tick(
        () -> tasks.claim(steps, 1, workerId, time.now()), task -> serve(task, null));
  }

  /**
   * Claims queued tasks for the free slots and hands them to the pool; returns whether more may be
   * queued and a slot is still free. The free slots are taken before the claim, so that an engine
   * handing this worker a task meanwhile finds none of them free.
   */
  private boolean pollOnce() {
    limited = true;
    int free = slots.drainPermits();
    if (free == 0) {
      return false;
    }
    List<TaskRecord> claimed = List.of();
    try {
      claimed = tasks.claim(steps, free, workerId, time.now());
    } finally {
      slots.release(free - claimed.size()); // each task claimed keeps one
    }
    limited = claimed.size() == free;
    for (TaskRecord task : claimed) {
      execute(task, null);
    }
    return claimed.size() == free && slots.availablePermits() > 0;
  }

  /**
   * Serves a task claimed for this worker in the pool, in a slot taken for it; its answer may hand
   * the run back to {@code engine} (null: none).
   */
  private void execute(TaskRecord task, HandBackTarget engine) {
    try {
      executor.execute(() -> {
        try {
          serve(task, engine);
        } finally {
          releaseSlot();
        }
      });
    } catch (RejectedExecutionException closing) {
      releaseSlot();
      LOG.warn("worker {} closed before it could serve task {}; the task is delivered again when"
          + " its lease ends", workerId, task.taskId());
    }
  }

  private void releaseSlot() {
    slots.release();
    if (limited) {
      wakeups.slotFree();
    }
  }

  /** This worker's free slots, offered to the engines of this process ({@code EagerDispatch}). */
  private final class FreeSlots implements ProcessWakeups.TaskTaker {
    @Override
    public DatabaseKey database() {
      return database;
    }

    @Override
    public String workerId() {
      return workerId;
    }

    @Override
    public boolean serves(String step) {
      return handlers.containsKey(step);
    }

    @Override
    public boolean tryReserve() {
      return !poll.isStopped() && slots.tryAcquire();
    }

    @Override
    public void take(TaskRecord task, HandBackTarget engine) {
      execute(task, engine);
    }

    @Override
    public void release() {
      releaseSlot();
    }
  }

  /**
   * Runs the task's handler and stores its outcome, with the task's run and step in the MDC (a
   * task does not carry its run's workflow, and reading it would cost a query per task).
   */
  private void serve(TaskRecord task, HandBackTarget engine) {
    try (RunMdc.Scope mdc = RunMdc.task(task.runId(), task.step())) {
      serveInScope(task, engine);
    }
  }

  private void serveInScope(TaskRecord task, HandBackTarget engine) {
    StepHandler handler = handlers.get(task.step());
    TaskOutcome outcome;
    ServedTask context = new ServedTask(task, tasks, workerId, mapper, time);
    if (handler == null) {
      // claims ask only for the served steps; a row renamed by hand after its claim ends here
      outcome = TaskOutcome.failed("no handler for " + task.step(), "no_handler", null, false);
    } else {
      try (TraceSpan span =
          observer.task(task.traceContext(), task.runId(), task.step(), task.attempt())) {
        outcome = TaskContext.Current.with(context, () -> run(handler, context));
        if (!outcome.succeeded()) {
          span.failed(outcome.errorCode() == null ? Errors.STEP_FAILED : outcome.errorCode());
        }
      } catch (Exception e) {
        throw new IllegalStateException("unreachable: run() reports every error as an outcome", e);
      }
    }
    if (context.isCancelled()) {
      LOG.warn("worker {}: task {} was given up while it ran (timed out or lost); its outcome is"
          + " not stored", workerId, task.taskId());
      return;
    }
    try {
      finish(task, outcome, engine);
    } catch (StoreException e) {
      if (!e.isPermanent() || !outcome.succeeded()) {
        // the task stays RUNNING under this worker; it is given up when its window or lease ends
        LOG.warn("worker {} could not store the outcome of task {}: {}", workerId,
            task.taskId(), e.getMessage());
        return;
      }
      // the database refuses this result and always would: the step fails instead of waiting
      LOG.warn("worker {}: the database refused the result of task {}; the step fails: {}",
          workerId, task.taskId(), e.getMessage());
      try {
        finish(task, TaskOutcome.failed(
            "the database refused to store the result of task " + task.taskId() + ": "
                + e.getMessage(), Errors.STORAGE_REFUSED, e.getClass().getName(), false), engine);
      } catch (StoreException again) {
        LOG.warn("worker {} could not store the failure of task {} either: {}", workerId,
            task.taskId(), again.getMessage());
      }
    }
  }

  private void finish(TaskRecord task, TaskOutcome outcome, HandBackTarget engine) {
    if (!answers.write(new FinishedTask(task, outcome), engine)) {
      LOG.warn("worker {} no longer holds task {} (it timed out or was lost); its outcome was"
          + " not stored", workerId, task.taskId());
    }
  }

  /** A FatalError, or any NonRetryable exception, fails the step at once; others may be retried. */
  private static TaskOutcome run(StepHandler handler, ServedTask task) {
    try {
      return TaskOutcome.succeeded(handler.handle(task, task.record().input()));
    } catch (FatalError e) {
      return TaskOutcome.failed(e.getMessage(), e.code(), e.getClass().getName(), false);
    } catch (TypedHandler.StepFailure e) {
      Throwable cause = e.getCause();
      String code = cause instanceof FatalError fatal ? fatal.code() : null;
      return TaskOutcome.failed(
          cause.getMessage(), code, cause.getClass().getName(), e.retryable());
    } catch (Exception e) {
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      return TaskOutcome.failed(
          e.getMessage(), null, e.getClass().getName(), !(e instanceof NonRetryable));
    }
  }

  @Override
  public void close() {
    synchronized (this) {
      if (!poll.stop()) {
        return;
      }
    }
    poll.awaitEnd(shutdownTimeout); // its claim under way ends before the pool closes
    wakeups.close(workerId);
    executor.shutdown();
    try {
      if (!executor.awaitTermination(shutdownTimeout.toMillis(), TimeUnit.MILLISECONDS)) {
        LOG.warn("worker {} closed with tasks still being served; they stay RUNNING",
            workerId);
        executor.shutdownNow();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    answers.close();
    if (pool != null) {
      try {
        pool.close();
      } catch (Exception e) {
        LOG.warn("worker {}: closing its connection pool failed: {}", workerId,
            e.toString());
      }
    }
  }
}
