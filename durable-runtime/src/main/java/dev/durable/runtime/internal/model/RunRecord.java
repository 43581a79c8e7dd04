package dev.durable.runtime.internal.model;

import dev.durable.runtime.RunError;
import dev.durable.runtime.RunState;
import java.time.Instant;

/**
 * A row of the runs' table ({@code RunsTable}). Nullable fields are null where the column is;
 * {@code deadlineAt} is when the run's timeout ends it, null if it has none; {@code parentRunId} is
 * the run that started it as a child, null if none did; {@code fingerprint} is the fingerprint of
 * the step graph it started with, null if it has none; {@code traceContext} is the W3C {@code
 * traceparent} of the span of its start, null when the engine that started it did not trace;
 * {@code queue}, {@code priority} and {@code partitionKey} are its place in the queue it was
 * started through, null (0) without one; {@code lineage} its generation and the run it was forked
 * from, if any.
 */
public record RunRecord(
    String runId,
    WorkflowKey workflow,
    RunState status,
    String input,
    String output,
    RunError error,
    Instant createdAt,
    Instant updatedAt,
    Instant wakeAt,
    Instant dueAt,
    String leaseOwner,
    Instant leaseUntil,
    long epoch,
    Instant deadlineAt,
    String parentRunId,
    String fingerprint,
    String traceContext,
    String queue,
    int priority,
    String partitionKey,
    Lineage lineage) {

  /** A run in its first generation, not forked. */
  public RunRecord(
      String runId, WorkflowKey workflow, RunState status, String input, String output,
      RunError error, Instant createdAt, Instant updatedAt, Instant wakeAt, Instant dueAt,
      String leaseOwner, Instant leaseUntil, long epoch, Instant deadlineAt, String parentRunId,
      String fingerprint, String traceContext, String queue, int priority, String partitionKey) {
    this(runId, workflow, status, input, output, error, createdAt, updatedAt, wakeAt, dueAt,
        leaseOwner, leaseUntil, epoch, deadlineAt, parentRunId, fingerprint, traceContext, queue,
        priority, partitionKey, Lineage.FIRST);
  }

  /** A run started without a queue. */
  public RunRecord(
      String runId, WorkflowKey workflow, RunState status, String input, String output,
      RunError error, Instant createdAt, Instant updatedAt, Instant wakeAt, Instant dueAt,
      String leaseOwner, Instant leaseUntil, long epoch, Instant deadlineAt, String parentRunId,
      String fingerprint, String traceContext) {
    this(runId, workflow, status, input, output, error, createdAt, updatedAt, wakeAt, dueAt,
        leaseOwner, leaseUntil, epoch, deadlineAt, parentRunId, fingerprint, traceContext, null, 0,
        null);
  }

  /** The fence for writes made under the lease this record was read with. */
  public Fence fence() {
    return new Fence(runId, epoch);
  }
}
