package dev.durable.runtime.internal.worker;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.durable.runtime.StoreException;
import dev.durable.runtime.TaskContext;
import dev.durable.runtime.internal.model.TaskRecord;
import dev.durable.runtime.internal.store.task.TaskQueue;
import dev.durable.runtime.internal.time.Time;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A task a worker serves, as its handler sees it ({@link TaskContext}). Its heartbeats are
 * written at most once per half of the task's window (once a second without one): enough to keep
 * the window armed, few enough not to load the database when a handler beats in a tight loop.
 */
final class ServedTask implements TaskContext {
  private static final Logger LOG = LoggerFactory.getLogger(ServedTask.class);

  private final TaskRecord record;
  private final TaskQueue tasks;
  private final String workerId;
  private final ObjectMapper mapper;
  private final Time time;
  private final Duration beatInterval;
  /**
   * Guards {@link #lastWrite} and the heartbeat's write: a lock, not {@code synchronized}, as it
   * is held across the store's write, which on Java 21 would pin a virtual thread to its carrier.
   */
  private final ReentrantLock beating = new ReentrantLock();
  private Instant lastWrite;
  private volatile boolean cancelled;

  ServedTask(
      TaskRecord record, TaskQueue tasks, String workerId, ObjectMapper mapper, Time time) {
    this.record = record;
    this.tasks = tasks;
    this.workerId = workerId;
    this.mapper = mapper;
    this.time = time;
    this.beatInterval = Duration.ofMillis(record.windowMs() > 0 ? record.windowMs() / 2 : 1000);
    this.lastWrite = record.claimedAt();
  }

  /** The attempt's id: a re-delivery's row carries {@code /r<n>} besides, which stays inside. */
  @Override
  public String taskId() {
    return record.attemptId();
  }

  @Override
  public String runId() {
    return record.runId();
  }

  @Override
  public String step() {
    return record.step();
  }

  @Override
  public int attempt() {
    return record.attempt();
  }

  @Override
  public void heartbeat(Object progress) {
    beating.lock();
    try {
      beat(progress);
    } finally {
      beating.unlock();
    }
  }

  private void beat(Object progress) {
    Instant now = time.now();
    if (cancelled || now.isBefore(lastWrite.plus(beatInterval))) {
      return;
    }
    String json;
    try {
      json = progress == null ? null : mapper.writeValueAsString(progress);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException(
          "the progress of task " + record.taskId() + " cannot be written as JSON: "
              + e.getOriginalMessage(), e);
    }
    try {
      if (!tasks.heartbeat(record.taskId(), workerId, json, now)) {
        cancelled = true;
      }
      lastWrite = now;
    } catch (StoreException e) {
      // the next beat tries again; the window is sized for a missed one
      LOG.warn("worker {} could not record a heartbeat of task {}: {}", workerId,
          record.taskId(), e.getMessage());
    }
  }

  /** The task as claimed. */
  TaskRecord record() {
    return record;
  }

  @Override
  public boolean isCancelled() {
    return cancelled;
  }
}
