package dev.durable.runtime.internal.model;

import java.time.Instant;

/**
 * A row of {@code durable_tasks}: one attempt of one dispatched step.
 *
 * @param taskId the row's key: {@link #attemptId()}, and {@code /r<n>} for the n-th re-delivery
 * @param runId the run that waits for it
 * @param seq the position of the step's checkpoint in the run
 * @param step the step's name, which workers serve
 * @param attempt 1 for the first attempt
 * @param input the arguments, a JSON array
 * @param status where it stands; LOST when given up (and maybe queued again)
 * @param output the result as JSON, when SUCCEEDED
 * @param errorMessage when FAILED
 * @param errorCode when FAILED: the code of a {@code FatalError}, or null
 * @param errorType when FAILED: the class of the worker's exception
 * @param retryable when FAILED: whether another attempt may help
 * @param workerId the worker that claimed it, or null
 * @param createdAt when it was queued
 * @param claimedAt when a worker claimed it, or null
 * @param finishedAt when its outcome was stored, or null
 * @param heartbeatAt the worker's last heartbeat, or null
 * @param progress the progress the worker reported with it (JSON), or null
 * @param windowMs the longest silence before the task is given up (timed out, or lost and
 *     delivered again); 0 = none
 * @param traceContext the W3C {@code traceparent} of the span that queued it, or null when the
 *     engine does not trace
 */
public record TaskRecord(
    String taskId,
    String runId,
    int seq,
    String step,
    int attempt,
    String input,
    TaskStatus status,
    String output,
    String errorMessage,
    String errorCode,
    String errorType,
    Boolean retryable,
    String workerId,
    Instant createdAt,
    Instant claimedAt,
    Instant finishedAt,
    Instant heartbeatAt,
    String progress,
    long windowMs,
    String traceContext) {

  /** A task queued now: no worker has claimed it yet. */
  public static TaskRecord queued(
      String taskId, String runId, int seq, String step, int attempt, String input, long windowMs,
      Instant now) {
    return new TaskRecord(taskId, runId, seq, step, attempt, input, TaskStatus.QUEUED, null, null, null,
        null, null, null, now, null, null, null, null, windowMs, null);
  }

  /** This task, queued already claimed by worker {@code workerId} at {@code now}. */
  public TaskRecord claimedBy(String workerId, Instant now) {
    return new TaskRecord(taskId, runId, seq, step, attempt, input, TaskStatus.RUNNING, output,
        errorMessage, errorCode, errorType, retryable, workerId, createdAt, now, finishedAt,
        heartbeatAt, progress, windowMs, traceContext);
  }

  /** This task, carrying {@code traceContext} to its worker. */
  public TaskRecord withTraceContext(String traceContext) {
    return new TaskRecord(taskId, runId, seq, step, attempt, input, status, output, errorMessage,
        errorCode, errorType, retryable, workerId, createdAt, claimedAt, finishedAt, heartbeatAt,
        progress, windowMs, traceContext);
  }

  /** Whether it waits for a worker: queued, or claimed by a worker that has not answered. */
  public boolean isOpen() {
    return status.isOpen();
  }

  /** When the worker was last heard from: its last heartbeat, its claim, or else the queueing. */
  public Instant lastHeard() {
    if (heartbeatAt != null) {
      return heartbeatAt;
    }
    return claimedAt != null ? claimedAt : createdAt;
  }

  /**
   * {@code <runId>/<seq>/<attempt>}: the same for every delivery of this attempt, the key a handler
   * makes its effects idempotent with.
   */
  public String attemptId() {
    return id(runId, seq, attempt);
  }

  /**
   * How many times this attempt was delivered again before this delivery: 0 for the first, {@code
   * n} for {@code <id>/r<n>}. Each re-delivery gives the one before up, so the open delivery of an
   * attempt is its latest.
   */
  public int redeliveries() {
    String first = attemptId();
    return taskId.equals(first) ? 0 : Integer.parseInt(taskId.substring(first.length() + 2));
  }

  /** The next delivery of this attempt, queued now. */
  public TaskRecord redelivered(Instant now) {
    return queued(attemptId() + "/r" + (redeliveries() + 1), runId, seq, step, attempt,
        input, windowMs, now).withTraceContext(traceContext);
  }

  /** The task id of an attempt of the step at {@code seq} of {@code runId}. */
  public static String id(String runId, int seq, int attempt) {
    return runId + "/" + seq + "/" + attempt;
  }
}
