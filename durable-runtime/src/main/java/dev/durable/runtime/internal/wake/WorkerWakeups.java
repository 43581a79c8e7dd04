package dev.durable.runtime.internal.wake;

import dev.durable.runtime.internal.store.task.TaskQueue;
import dev.durable.runtime.internal.time.Time;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A worker's wake-ups ({@link Wakeups}): what makes its poll for queued tasks look at once (a task
 * queued in this process, the database's notification of one queued elsewhere, a slot of its own
 * freed), and the runs its answers make due, which the engines of this process are told of. A
 * worker keeps no timers: a run due later is its engines' to wake. Its free slots are offered to
 * the engines of this process ({@link #offer}), which hand it tasks as they queue them ({@link
 * EagerDispatch}).
 */
public final class WorkerWakeups implements Wakeups {
  private static final Logger LOG = LoggerFactory.getLogger(WorkerWakeups.class);

  private final TaskQueue tasks;
  private final Time time;
  private final PollLoop poll;
  private final ProcessWakeups process;
  private ProcessWakeups.Registration queued;
  private ProcessWakeups.Registration offered;
  private AutoCloseable notifications;

  /** @param poll the worker's poll for queued tasks, which the wake-ups signal */
  public WorkerWakeups(TaskQueue tasks, Time time, PollLoop poll, ProcessWakeups process) {
    this.tasks = tasks;
    this.time = time;
    this.poll = poll;
    this.process = process;
  }

  @Override
  public void runDue(Instant at) {
    if (!at.isAfter(time.now())) {
      process.runDue();
    }
  }

  @Override
  public void runSleeps(String runId, Instant at) {
    runDue(at);
  }

  @Override
  public void tasksQueued() {
    process.taskQueued();
  }

  @Override
  public void runQueued(String queue, Instant at) {
    if (!at.isAfter(time.now())) {
      process.runQueued(queue);
    }
  }

  @Override
  public void slotFree() {
    poll.signal();
  }

  @Override
  public void valuesChanged(String runId) {
    process.valuesChanged(runId);
  }

  /**
   * Signals the poll when a task is queued in this process, or the database notifies one
   * (PostgreSQL), until {@link #close}d.
   */
  public synchronized void listen(String listenerName) {
    queued = process.onTaskQueued(poll::signal); // its WorkerSignals
    notifications = tasks.listenForTasks(poll::signal, listenerName);
  }

  /** Offers the worker's free slots to the engines of this process, until {@link #close}d. */
  public synchronized void offer(ProcessWakeups.TaskTaker freeSlots) {
    offered = process.onTaskOffered(freeSlots);
  }

  /** Stops the offer and the signals; {@code workerId} names the worker in a warning. */
  public synchronized void close(String workerId) {
    if (offered != null) {
      offered.close();
    }
    if (queued != null) {
      queued.close();
    }
    if (notifications != null) {
      try {
        notifications.close();
      } catch (Exception e) {
        LOG.warn("worker {}: closing its listener failed: {}", workerId, e.toString());
      }
    }
  }
}
