package dev.durable.rabbitmq;

import com.rabbitmq.client.Delivery;
import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.trigger.MessageStarts;
import dev.durable.runtime.trigger.StartOutcome;
import dev.durable.runtime.trigger.TriggerSettings;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Decides what becomes of one delivered message: its run id derived from its identity, its body
 * decoded, its run started by the user's starter, and the outcome sorted ({@link
 * StartOutcome#attempt}) into a {@link Verdict} that {@link ConsumeLoop} carries out on the
 * channel. Used by the consuming thread alone.
 */
final class Deliveries<T> {
  /** How many messages whose start failed this keeps a count of; the oldest are forgotten. */
  private static final int FAILURES_KEPT = 10_000;

  private final RabbitTriggerSettings<T> settings;
  private final MessageStarts<Delivery, T> starts;
  /**
   * How often the start of each run id failed (not for an outage), for {@link
   * TriggerSettings#maxDeliveries}: RabbitMQ keeps no delivery count on a classic queue, so
   * the trigger counts; a restart starts the counts over.
   */
  private final Map<String, Integer> failures = new LinkedHashMap<>(16, 0.75f, true) {
    @Override
    protected boolean removeEldestEntry(Map.Entry<String, Integer> eldest) {
      return size() > FAILURES_KEPT;
    }
  };

  /**
   * What to do with a message: acknowledge it ({@code STARTED}, {@code DUPLICATE}), dead-letter it
   * ({@code REJECTED}), or hand it back after the retry delay ({@code UNAVAILABLE}, {@code
   * FAILED}).
   *
   * @param runId the message's run id; empty when it has none
   * @param reason why, for every kind but {@code STARTED} and {@code DUPLICATE}
   */
  record Verdict(StartOutcome.Kind kind, Optional<String> runId, String reason) {}

  Deliveries(RabbitTriggerSettings<T> settings, DurableEngine engine) {
    this.settings = settings;
    this.starts = new MessageStarts<>(settings.common(), engine, "message");
  }

  Verdict decide(Delivery delivery) {
    String queue = settings.rabbitQueue();
    Optional<String> runId = RunIds.of(queue, settings.identity(),
        delivery.getProperties().getMessageId(), delivery.getEnvelope().getRoutingKey(),
        delivery.getBody());
    if (runId.isEmpty()) {
      return new Verdict(StartOutcome.Kind.REJECTED, runId, "the message has no message-id, so"
          + " it cannot start exactly one run; publish it with a message-id, or choose"
          + " identity(MessageIdentity.MESSAGE_ID_OR_CONTENT_HASH)");
    }
    StartOutcome outcome = starts.attempt(runId.get(), delivery, delivery.getBody());
    String reason = outcome.reason().orElse("");
    if (outcome.kind() != StartOutcome.Kind.FAILED) {
      if (outcome.kind() != StartOutcome.Kind.UNAVAILABLE) {
        failures.remove(runId.get()); // settled
      }
      return new Verdict(outcome.kind(), runId, reason);
    }
    int failed = failures.merge(runId.get(), 1, Integer::sum);
    if (failed >= settings.common().maxDeliveries()) {
      failures.remove(runId.get());
      return new Verdict(StartOutcome.Kind.REJECTED, runId,
          reason + " (the start failed on each of its " + failed + " deliveries)");
    }
    return new Verdict(StartOutcome.Kind.FAILED, runId, reason);
  }
}
