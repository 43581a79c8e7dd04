package dev.durable.rabbitmq;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import dev.durable.rabbitmq.RabbitTriggerSettings.DeadLetterAddress;
import dev.durable.runtime.trigger.TriggerCounters;
import java.io.IOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Asks the broker about queues, on a channel of its own: whether the consumed queue and the
 * dead-letter destination exist (at start), and how many messages wait in the queue, ready to be
 * delivered (the trigger's lag), at most once per pause poll. A passive declaration of a missing
 * queue closes the channel it was made on; here that is this channel, never the consuming one.
 */
final class LagProbe {
  private static final Logger LOG = LoggerFactory.getLogger(LagProbe.class);

  private final RabbitTriggerSettings<?> settings;
  private final Connection connection;
  private final TriggerCounters counters;
  private Channel channel;
  /** When the lag was last asked for (nanoTime); 0: never. */
  private long askedAt;

  LagProbe(RabbitTriggerSettings<?> settings, Connection connection, TriggerCounters counters) {
    this.settings = settings;
    this.connection = connection;
    this.counters = counters;
  }

  /** @throws IllegalStateException if the broker has no such queue, saying how to declare it */
  void requireQueue() {
    try {
      counters.lag(channel().queueDeclarePassive(settings.rabbitQueue()).getMessageCount());
      askedAt = System.nanoTime();
    } catch (IOException e) {
      throw new IllegalStateException("trigger " + settings.common().name() + " consumes queue "
          + settings.rabbitQueue() + ", which the RabbitMQ broker does not have (or refuses: "
          + rootMessage(e) + "); declare it (rabbitmqadmin declare queue name="
          + settings.rabbitQueue() + " durable=true) or name the queue the messages are"
          + " routed to", e);
    }
  }

  /** @throws IllegalStateException if the broker lacks the destination, saying what to declare */
  void requireDeadLetter(DeadLetterAddress address) {
    try {
      if (address.isQueue()) {
        channel().queueDeclarePassive(address.routingKey());
      } else {
        channel().exchangeDeclarePassive(address.exchange());
      }
    } catch (IOException e) {
      throw new IllegalStateException("trigger " + settings.common().name() + " dead-letters to "
          + address + ", which the RabbitMQ broker does not have (" + rootMessage(e)
          + "); declare it (rabbitmqadmin declare " + (address.isQueue()
              ? "queue name=" + address.routingKey() : "exchange name=" + address.exchange()
              + " type=direct") + " durable=true) before the engine starts", e);
    }
  }

  /** Reads the number of messages ready in the queue, unless it was read within a pause poll. */
  void ask() {
    long now = System.nanoTime();
    if (askedAt != 0 && now - askedAt < settings.common().pausePoll().toNanos()) {
      return;
    }
    askedAt = now;
    try {
      counters.lag(channel().queueDeclarePassive(settings.rabbitQueue()).getMessageCount());
    } catch (IOException | RuntimeException e) {
      LOG.debug("trigger {}: could not read the number of messages in queue {}: {}",
          settings.common().name(), settings.rabbitQueue(), e.toString());
    }
  }

  void close() {
    Channels.close(channel);
    channel = null;
  }

  private Channel channel() throws IOException {
    if (channel == null || Channels.closedForGood(channel, connection)) {
      channel = connection.createChannel();
    }
    return channel;
  }

  private static String rootMessage(Throwable e) {
    Throwable root = e;
    while (root.getCause() != null) {
      root = root.getCause();
    }
    return root.getMessage();
  }
}
