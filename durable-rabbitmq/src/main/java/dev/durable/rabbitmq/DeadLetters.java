package dev.durable.rabbitmq;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.Delivery;
import com.rabbitmq.client.Envelope;
import dev.durable.rabbitmq.RabbitTriggerSettings.DeadLetterAddress;
import java.io.IOException;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Publishes messages that can never start a run to the dead-letter address, with their body, their
 * properties (made persistent, without expiration), and headers saying why and where from; the
 * caller acknowledges the original once {@link #send} says the broker took the copy. On a channel
 * of its own in confirm mode, published as mandatory: a copy that no queue took (an exchange
 * without a binding) is a failure, not a loss.
 */
final class DeadLetters {
  private static final Logger LOG = LoggerFactory.getLogger(DeadLetters.class);
  /** The longest reason a header carries; the rest is in the log. */
  private static final int MAX_REASON = 1000;
  /** How long a publish waits for the broker's confirmation. */
  private static final Duration CONFIRM_WAIT = Duration.ofSeconds(10);
  /** AMQP's delivery mode of a message the broker writes to disk. */
  private static final int PERSISTENT = 2;

  private final String trigger;
  private final String rabbitQueue;
  private final DeadLetterAddress address;
  private final Connection connection;
  private Channel channel;
  /** Set by the broker's return of the copy, which comes before its confirmation. */
  private volatile boolean returned;

  DeadLetters(String trigger, String rabbitQueue, DeadLetterAddress address,
      Connection connection) {
    this.trigger = trigger;
    this.rabbitQueue = rabbitQueue;
    this.address = address;
    this.connection = connection;
  }

  /**
   * Publishes a copy of {@code delivery} with {@code reason}; whether the broker confirmed that a
   * queue took it. On false the failure is logged, saying what to do.
   */
  boolean send(Delivery delivery, String runId, String reason) {
    Envelope envelope = delivery.getEnvelope();
    AMQP.BasicProperties original = delivery.getProperties();
    Map<String, Object> headers = new HashMap<>();
    if (original.getHeaders() != null) {
      headers.putAll(original.getHeaders());
    }
    headers.put(RabbitTrigger.REASON_HEADER, cut(reason));
    headers.put(RabbitTrigger.QUEUE_HEADER, rabbitQueue);
    headers.put(RabbitTrigger.EXCHANGE_HEADER, envelope.getExchange());
    headers.put(RabbitTrigger.ROUTING_KEY_HEADER, envelope.getRoutingKey());
    headers.put(RabbitTrigger.TRIGGER_HEADER, trigger);
    if (runId != null) {
      headers.put(RabbitTrigger.RUN_ID_HEADER, runId);
    }
    // persistent, and without the original's expiration: a dead letter is kept until someone
    // looks at it (as long as its queue is durable)
    AMQP.BasicProperties properties = original.builder().headers(headers)
        .deliveryMode(PERSISTENT).expiration(null).build();
    try {
      Channel publishing = channel();
      returned = false;
      publishing.basicPublish(address.exchange(), address.routingKey(), true, properties,
          delivery.getBody());
      boolean confirmed = publishing.waitForConfirms(CONFIRM_WAIT.toMillis());
      if (confirmed && !returned) {
        return true;
      }
      LOG.error("trigger {} could not dead-letter a message of queue {}: the broker {} the copy"
          + " sent to {}; make sure {} exists{}", trigger, rabbitQueue,
          returned ? "found no queue for" : "refused", address, address,
          address.isQueue() ? "" : " and a queue is bound to it with that routing key");
    } catch (IOException | TimeoutException | RuntimeException e) {
      LOG.error("trigger {} could not dead-letter a message of queue {} to {} ({}); it is handed"
          + " back and tried again", trigger, rabbitQueue, address, e.toString());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return false;
  }

  /** Opens the publishing channel, or a new one if the broker closed it. */
  private Channel channel() throws IOException {
    if (channel == null || Channels.closedForGood(channel, connection)) {
      Channel opened = connection.createChannel();
      opened.confirmSelect();
      opened.addReturnListener(returnedMessage -> returned = true);
      channel = opened;
    }
    return channel;
  }

  void close() {
    Channels.close(channel);
    channel = null;
  }

  private static String cut(String reason) {
    return reason.length() <= MAX_REASON ? reason : reason.substring(0, MAX_REASON) + "...";
  }
}
