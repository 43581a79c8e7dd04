package dev.durable.runtime.internal.engine;

import dev.durable.runtime.InvalidInputException;
import dev.durable.runtime.RunEndedException;
import dev.durable.runtime.UnknownRunException;
import dev.durable.runtime.codec.PayloadException;
import dev.durable.runtime.internal.store.SignalQueue;
import dev.durable.runtime.internal.store.WorkflowKey;
import dev.durable.runtime.spi.SignalType;
import dev.durable.runtime.spi.WorkflowType;
import java.util.List;

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
