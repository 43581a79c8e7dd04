package dev.durable.runtime.internal.model;

import dev.durable.runtime.RunState;
import java.time.Instant;
import java.util.List;
import java.util.Map;

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
 * @param place the queue or delay it waits for ({@link RunState#ENQUEUED}: {@link
 *     QueuePlace#waits}) and the deduplication key it holds; null: none of them
 * @param attributes its searchable attributes, stored with it ({@code AttributesTable})
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
    String traceContext,
    QueuePlace place,
    Map<String, String> attributes) {

  /** The epoch of a run leased at its start. */
  public static final long LEASED_EPOCH = 1;

  /** A run that waits for no queue and no delay. */
  public NewRun(
      String runId, WorkflowKey workflow, String input, Instant now, String owner,
      Instant leaseUntil, Instant deadlineAt, String parentRunId, String fingerprint,
      List<NewEvent> events, String traceContext) {
    this(runId, workflow, input, now, owner, leaseUntil, deadlineAt, parentRunId, fingerprint,
        events, traceContext, null);
  }

  /** A run without attributes. */
  public NewRun(
      String runId, WorkflowKey workflow, String input, Instant now, String owner,
      Instant leaseUntil, Instant deadlineAt, String parentRunId, String fingerprint,
      List<NewEvent> events, String traceContext, QueuePlace place) {
    this(runId, workflow, input, now, owner, leaseUntil, deadlineAt, parentRunId, fingerprint,
        events, traceContext, place, Map.of());
  }

  /** This run, with {@code attributes} (checked already). */
  public NewRun withAttributes(Map<String, String> attributes) {
    return new NewRun(runId, workflow, input, now, owner, leaseUntil, deadlineAt, parentRunId,
        fingerprint, events, traceContext, place, attributes);
  }

  public NewRun {
    attributes = Map.copyOf(attributes);
    if (place != null && place.waits() && owner != null) {
      throw new IllegalArgumentException("run " + runId + " waits in a queue: it has no owner");
    }
  }

  /** Whether it waits for a queue's admission or a delay before it runs. */
  public boolean enqueued() {
    return place != null && place.waits();
  }

  public boolean leased() {
    return owner != null;
  }

  /** Leased runs start running at once; enqueued ones wait; the others wait for an engine. */
  RunState state() {
    return enqueued() ? RunState.ENQUEUED : leased() ? RunState.RUNNING : RunState.PENDING;
  }

  public String status() {
    return state().name();
  }

  /**
   * When it next needs an engine: when its lease ends, or now; a run waiting for a queue never
   * (admission makes it due), one waiting out a delay alone at the delay's end.
   */
  public Instant dueAt() {
    if (enqueued()) {
      return place.queue() == null ? place.notBefore() : null;
    }
    return leased() ? leaseUntil : now;
  }

  /** When its delay ends, for a run that has one. */
  public Instant wakeAt() {
    return enqueued() ? place.notBefore() : null;
  }

  /** Its lease's end, or null. */
  public Instant storedLeaseUntil() {
    return leased() ? leaseUntil : null;
  }

  public long epoch() {
    return leased() ? LEASED_EPOCH : 0;
  }

  /** The row it is stored as, read back: leased to its owner, or pending. */
  public RunRecord asStored() {
    return new RunRecord(runId, workflow, state(), input, null, null, now, now, wakeAt(), dueAt(),
        owner, storedLeaseUntil(), epoch(), deadlineAt, parentRunId, fingerprint, traceContext,
        place == null ? null : place.queue(), place == null ? 0 : place.priority(),
        place == null ? null : place.partitionKey());
  }
}
