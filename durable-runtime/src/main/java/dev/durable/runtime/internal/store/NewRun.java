package dev.durable.runtime.internal.store;

import dev.durable.runtime.RunState;
import java.time.Instant;
import java.util.List;

/**
 * A run to store, with the events of its start.
 *
 * @param runId its id
 * @param workflow its workflow
 * @param input its encoded input
 * @param now when it starts
 * @param owner the engine that executes it at once, holding its lease; null to leave it due for
 *     any engine (which is then woken)
 * @param leaseUntil when that lease ends; ignored without an owner
 * @param deadlineAt when its run timeout ends it; null if it has none
 * @param parentRunId the run that starts it as a child; null if none does
 * @param fingerprint the fingerprint of its class's step graph; null if it has none
 * @param events what to log
 * @param traceContext the W3C {@code traceparent} of the span of its start, which its turns join;
 *     null when the engine does not trace
 */
public record NewRun(
    String runId,
    WorkflowKey workflow,
    String input,
    Instant now,
    String owner,
    Instant leaseUntil,
    Instant deadlineAt,
    String parentRunId,
    String fingerprint,
    List<NewEvent> events,
    String traceContext) {

  /** The epoch of a run leased at its start. */
  public static final long LEASED_EPOCH = 1;

  boolean leased() {
    return owner != null;
  }

  /** Leased runs start running at once; the others wait for an engine. */
  String status() {
    return leased() ? "RUNNING" : "PENDING";
  }

  /** When it next needs an engine: when its lease ends, or now. */
  Instant dueAt() {
    return leased() ? leaseUntil : now;
  }

  /** Its lease's end, or null. */
  Instant storedLeaseUntil() {
    return leased() ? leaseUntil : null;
  }

  long epoch() {
    return leased() ? LEASED_EPOCH : 0;
  }

  /** The row it is stored as, read back: leased to its owner, or pending. */
  public RunRecord asStored() {
    return new RunRecord(runId, workflow, leased() ? RunState.RUNNING : RunState.PENDING, input,
        null, null, now, now, null, dueAt(), owner, storedLeaseUntil(), epoch(), deadlineAt,
        parentRunId, fingerprint, traceContext);
  }
}
