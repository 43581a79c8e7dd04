package dev.durable.nats;

import dev.durable.runtime.trigger.StartOutcome;
import dev.durable.runtime.trigger.TriggerCounters;
import io.nats.client.JetStream;
import io.nats.client.JetStreamApiException;
import io.nats.client.Message;
import io.nats.client.impl.Headers;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What becomes of a message that can never start a run: published to the dead-letter subject with
 * its reason and origin, then acknowledged; or, without a subject, logged and terminated (the
 * server delivers it no more). Either way the messages behind it go on.
 */
final class DeadLetters {
  private static final Logger LOG = LoggerFactory.getLogger(DeadLetters.class);
  /** The longest reason a header carries; the rest is in the log. */
  private static final int MAX_REASON = 1000;

  private final String trigger;
  private final String subject;
  private final JetStream jetStream;
  private final TriggerCounters counters;
  private final Duration retryDelay;

  /** @param subject the dead-letter subject; null: set poison messages aside */
  DeadLetters(String trigger, String subject, JetStream jetStream, TriggerCounters counters,
      Duration retryDelay) {
    this.trigger = trigger;
    this.subject = subject;
    this.jetStream = jetStream;
    this.counters = counters;
    this.retryDelay = retryDelay;
  }

  /** Dead-letters (or sets aside) {@code message}, which cannot start a run for {@code reason}. */
  void reject(Message message, String reason) {
    long sequence = message.metaData().streamSequence();
    if (subject == null) {
      LOG.warn("trigger {} set aside message {} of stream {} (subject {}), which cannot start a"
          + " run: {}", trigger, sequence, message.metaData().getStream(), message.getSubject(),
          reason);
      message.term();
      counters.outcome(StartOutcome.Kind.REJECTED);
      return;
    }
    Headers headers = new Headers();
    if (message.hasHeaders()) {
      for (Map.Entry<String, List<String>> header : message.getHeaders().entrySet()) {
        headers.put(header.getKey(), header.getValue());
      }
    }
    headers.put(NatsTrigger.REASON_HEADER, headerValue(reason));
    headers.put(NatsTrigger.STREAM_HEADER, message.metaData().getStream());
    headers.put(NatsTrigger.SEQUENCE_HEADER, Long.toString(sequence));
    headers.put(NatsTrigger.SUBJECT_HEADER, message.getSubject());
    headers.put(NatsTrigger.TRIGGER_HEADER, headerValue(trigger));
    try {
      jetStream.publish(subject, headers, message.getData());
    } catch (IOException | JetStreamApiException | RuntimeException e) {
      // not acknowledged: the message is kept, and comes again once the subject takes it
      LOG.error("trigger {} could not publish message {} to its dead-letter subject {} ({}); it"
          + " comes again in {}: make sure a stream captures {}", trigger, sequence, subject,
          e.toString(), retryDelay, subject);
      message.nakWithDelay(retryDelay);
      counters.outcome(StartOutcome.Kind.FAILED);
      return;
    }
    message.ack();
    counters.outcome(StartOutcome.Kind.REJECTED);
    LOG.warn("trigger {} sent message {} (subject {}) to dead-letter subject {}: {}", trigger,
        sequence, message.getSubject(), subject, reason);
  }

  /**
   * {@code text} as a header value: NATS takes printable ASCII there, on one line; anything else
   * becomes '?', and a long reason is cut.
   */
  static String headerValue(String text) {
    StringBuilder value = new StringBuilder(Math.min(text.length(), MAX_REASON));
    for (int i = 0; i < text.length() && value.length() < MAX_REASON; i++) {
      char c = text.charAt(i);
      value.append(c >= 0x20 && c < 0x7f ? c : c == '\n' || c == '\r' || c == '\t' ? ' ' : '?');
    }
    return value.toString();
  }
}
