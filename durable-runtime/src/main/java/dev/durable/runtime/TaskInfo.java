package dev.durable.runtime;

import java.time.Instant;
import java.util.Optional;

/**
 * A dispatched step's task: one delivery of one attempt to the workers.
 *
 * @param taskId the task's id
 * @param runId the run waiting for it
 * @param position the position of the step's checkpoint in the run
 * @param step the step's name, which workers serve
 * @param attempt the attempt it delivers, from 1
 * @param status where it stands
 * @param workerId the worker that claimed it, if one did
 * @param createdAt when it was queued
 * @param claimedAt when a worker claimed it
 * @param heartbeatAt the worker's last heartbeat for it
 * @param finishedAt when its outcome was stored, or it was given up
 * @param error what its worker reported, when it failed
 */
public record TaskInfo(
    String taskId,
    String runId,
    int position,
    String step,
    int attempt,
    TaskState status,
    Optional<String> workerId,
    Instant createdAt,
    Optional<Instant> claimedAt,
    Optional<Instant> heartbeatAt,
    Optional<Instant> finishedAt,
    Optional<String> error) {}
