package dev.durable.nats;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.StartOptions;
import dev.durable.runtime.trigger.RunStart;
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
  private final DurableEngine engine;
  private final TriggerCounters counters;
  private final DeadLetters deadLetters;

  Deliveries(NatsTriggerSettings<T> settings, DurableEngine engine, TriggerCounters counters,
      DeadLetters deadLetters) {
    this.settings = settings;
    this.engine = engine;
    this.counters = counters;
    this.deadLetters = deadLetters;
  }

  /** Handles {@code message}: on return it is acknowledged, handed back or dead-lettered. */
  void handle(Message message) {
    counters.consumed();
    NatsJetStreamMetaData meta = message.metaData();
    String runId = NatsTrigger.runId(settings.stream(), settings.consumer(),
        meta.streamSequence());
    T input;
    try {
      input = settings.decoder().decode(message.getData());
      if (input == null) {
        throw new IllegalArgumentException("the decoder returned null");
      }
    } catch (Exception e) {
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      deadLetters.reject(message, "cannot decode the message: " + describe(e));
      return;
    }
    StartOptions options;
    try {
      options = options(runId, message);
    } catch (RuntimeException e) {
      deadLetters.reject(message, "cannot make the run's start options: " + describe(e));
      return;
    }
    StartOutcome outcome =
        StartOutcome.attempt(settings.starter(), new RunStart(engine, options), input);
    String reason = outcome.reason().orElse("");
    switch (outcome.kind()) {
      case STARTED, DUPLICATE -> {
        message.ack();
        counters.outcome(outcome.kind());
      }
      case REJECTED -> deadLetters.reject(message, reason);
      case UNAVAILABLE -> handBack(message, runId, outcome);
      case FAILED -> {
        if (meta.deliveredCount() >= settings.maxDeliveries()) {
          deadLetters.reject(message, reason + " (the start failed on each of its "
              + meta.deliveredCount() + " deliveries)");
        } else {
          handBack(message, runId, outcome);
        }
      }
    }
  }

  /** The options of the message's run: its id, and the queue and partition key, if any. */
  private StartOptions options(String runId, Message message) {
    StartOptions.Builder options = StartOptions.builder().runId(runId);
    if (settings.queue() != null) {
      options.queue(settings.queue());
      if (settings.partitionKey() != null) {
        String key = settings.partitionKey().apply(message);
        if (key != null) {
          options.partitionKey(key);
        }
      }
    }
    return options.build();
  }

  /** Not acknowledged: the server delivers it again after the retry delay. */
  private void handBack(Message message, String runId, StartOutcome outcome) {
    LOG.warn("trigger {} could not start run {} (delivery {} of message {}): {}; it comes again"
            + " in {}", settings.name(), runId, message.metaData().deliveredCount(),
        message.metaData().streamSequence(), outcome.reason().orElse("?"), settings.retryDelay());
    message.nakWithDelay(settings.retryDelay());
    counters.outcome(outcome.kind());
  }

  private static String describe(Exception e) {
    return e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
  }
}
