package dev.durable.runtime.internal.engine;

import dev.durable.runtime.InvalidInputException;
import dev.durable.runtime.RunEndedException;
import dev.durable.runtime.UnknownRunException;
import dev.durable.runtime.codec.PayloadException;
import dev.durable.runtime.internal.store.RunRecord;
import dev.durable.runtime.internal.store.SignalQueue;
import dev.durable.runtime.internal.store.WorkflowKey;
import dev.durable.runtime.spi.DurableWorkflow;
import dev.durable.runtime.spi.SignalType;
import dev.durable.runtime.spi.WorkflowType;
import java.util.List;
import java.util.Optional;

/**
 * Sends typed signals: validates and encodes the value as a start does its input, then stores the
 * signal and wakes its run in one commit ({@link SignalQueue#send}), and wakes the engines of this
 * process at once (those of other processes are notified by the store, on PostgreSQL).
 */
final class SignalSender {
  private final Services services;

  SignalSender(Services services) {
    this.services = services;
  }

  /**
   * Sends {@code signal} with {@code value} to run {@code runId} of {@code workflow}.
   *
   * @throws InvalidInputException if the value is invalid or cannot be stored; nothing is stored
   * @throws UnknownRunException if no run of {@code workflow} has that id
   * @throws RunEndedException if the run has ended
   */
  <T> void send(WorkflowType<?> workflow, String runId, SignalType<T> signal, T value) {
    String payload = encode(workflow, signal, value);
    requireFitsRunsVersion(workflow, runId, signal, payload);
    WorkflowKey key = new WorkflowKey(workflow.name(), workflow.version());
    SignalQueue.Sent sent = services.store().signals()
        .send(runId, key, signal.name(), payload, services.time().now())
        .orElseThrow(() -> new UnknownRunException(
            "cannot send " + signal + ": no run with id '" + runId + "' is stored in this"
                + " engine's database; nothing was stored"));
    if (!sent.workflow().name().equals(key.name())) { // any version of the workflow
      throw new UnknownRunException(
          "cannot send " + signal + " of " + key + " to run " + runId + ": it is a run of "
              + sent.workflow() + "; nothing was stored");
    }
    if (!sent.stored()) {
      throw new RunEndedException(
          "cannot send " + signal + " to run " + runId + ": the run has ended ("
              + sent.status() + ") and will never wait for it; nothing was stored",
          sent.status());
    }
    services.wakeups().runDue();
  }

  /**
   * Refuses a value, encoded by {@code workflow}'s client, that the run's version would not decode,
   * when the run is of another version of the workflow registered here whose signal of that name
   * carries another type: else the run would take it and fail. A version not registered here
   * cannot be checked.
   *
   * @throws InvalidInputException if it does not fit; nothing is stored
   */
  private void requireFitsRunsVersion(
      WorkflowType<?> workflow, String runId, SignalType<?> signal, String payload) {
    List<DurableWorkflow<?>> others = services.registry().workflows().stream()
        .filter(other -> other.workflowType().name().equals(workflow.name())
            && !other.workflowType().version().equals(workflow.version()))
        .toList();
    if (others.isEmpty()) {
      return;
    }
    Optional<RunRecord> run = services.store().findRun(runId);
    if (run.isEmpty()) {
      return; // the send says so
    }
    WorkflowKey runs = run.get().workflow();
    Optional<SignalType<?>> theirs = others.stream()
        .filter(other -> other.workflowType().version().equals(runs.version())
            && other.workflowType().name().equals(runs.name()))
        .flatMap(other -> other.signals().stream())
        .filter(candidate -> candidate.name().equals(signal.name()))
        .findFirst();
    if (theirs.isEmpty()) {
      return;
    }
    try {
      services.payloads().decode(theirs.get().value(), payload);
    } catch (PayloadException e) {
      throw new InvalidInputException(
          "cannot send " + signal + " of " + workflow + " to run " + runId + ": it is a run of"
              + " version '" + runs.version() + "', whose " + signal + " carries another type ("
              + e.getMessage() + "); send it with the client generated for version "
              + runs.version() + ". Nothing was stored.",
          List.of(e.getMessage()));
    }
  }

  private String encode(WorkflowType<?> workflow, SignalType<?> signal, Object value) {
    List<String> violations = services.payloads().violations(signal.value(), value);
    if (!violations.isEmpty()) {
      throw new InvalidInputException(
          "cannot send " + signal + " of " + workflow + ": its value is invalid: "
              + String.join("; ", violations) + ". Nothing was stored.",
          violations);
    }
    try {
      return services.payloads().encode(signal.value(), value);
    } catch (PayloadException e) {
      throw new InvalidInputException(
          "cannot send " + signal + " of " + workflow + ": its value cannot be stored: "
              + e.getMessage() + ". Nothing was stored.",
          List.of(e.getMessage()));
    }
  }
}
