package dev.durable.nats;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.trigger.MessageStarts;
import dev.durable.runtime.trigger.StartOutcome;
import dev.durable.runtime.trigger.TriggerCounters;
import io.nats.client.Message;
import io.nats.client.impl.NatsJetStreamMetaData;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What becomes of one delivered message: decoded, its run started by the user's starter with the
 * run id its stream sequence gives, and then acknowledged (run stored, or stored already), handed
 * back with a delay (the store away, the start failed) or dead-lettered (it never can start a run).
 */
final class Deliveries<T> {
  private static final Logger LOG = LoggerFactory.getLogger(Deliveries.class);

  private final NatsTriggerSettings<T> settings;
  private final TriggerCounters counters;
  private final DeadLetters deadLetters;
  private final MessageStarts<Message, T> starts;

  Deliveries(NatsTriggerSettings<T> settings, DurableEngine engine, TriggerCounters counters,
      DeadLetters deadLetters) {
    this.settings = settings;
    this.starts = new MessageStarts<>(settings.common(), engine, "message");
    this.counters = counters;
    this.deadLetters = deadLetters;
  }

  /** Handles {@code message}: on return it is acknowledged, handed back or dead-lettered. */
  void handle(Message message) {
    counters.consumed();
    NatsJetStreamMetaData meta = message.metaData();
    String runId = NatsTrigger.runId(settings.stream(), settings.consumer(),
        meta.streamSequence());
    StartOutcome outcome = starts.attempt(runId, message, message.getData());
    String reason = outcome.reason().orElse("");
    switch (outcome.kind()) {
      case STARTED, DUPLICATE -> {
        message.ack();
        counters.outcome(outcome.kind());
      }
      case REJECTED -> deadLetters.reject(message, reason);
      case UNAVAILABLE -> handBack(message, runId, outcome);
      case FAILED -> {
        if (meta.deliveredCount() >= settings.common().maxDeliveries()) {
          deadLetters.reject(message, reason + " (the start failed on each of its "
              + meta.deliveredCount() + " deliveries)");
        } else {
          handBack(message, runId, outcome);
        }
      }
    }
  }

  /** Not acknowledged: the server delivers it again after the retry delay. */
  private void handBack(Message message, String runId, StartOutcome outcome) {
    LOG.warn("trigger {} could not start run {} (delivery {} of message {}): {}; it comes again"
            + " in {}", settings.common().name(), runId, message.metaData().deliveredCount(),
        message.metaData().streamSequence(), outcome.reason().orElse("?"),
        settings.common().retryDelay());
    message.nakWithDelay(settings.common().retryDelay());
    counters.outcome(outcome.kind());
  }
}
