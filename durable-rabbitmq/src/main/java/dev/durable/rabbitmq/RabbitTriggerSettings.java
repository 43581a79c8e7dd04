package dev.durable.rabbitmq;

import com.rabbitmq.client.Delivery;
import dev.durable.runtime.trigger.TriggerSettings;

/**
 * A trigger's settings as its builder checked them: those every trigger has, and RabbitMQ's own;
 * each is documented on the builder method of its name.
 *
 * @param common the settings every trigger has; its {@code deadLetter} is {@link #deadLetter}'s
 *     queue or routing key
 * @param broker the connection, or the factory of the trigger's own
 * @param rabbitQueue the RabbitMQ queue consumed
 * @param deadLetter where poison messages are published; null: they are set aside
 */
record RabbitTriggerSettings<T>(TriggerSettings<Delivery, T> common, Broker broker,
    String rabbitQueue, MessageIdentity identity, DeadLetterAddress deadLetter, int prefetch) {

  /**
   * Where poison messages go: {@code exchange} with {@code routingKey}; the default exchange
   * ({@code ""}) with a queue's name as the key for a dead-letter queue.
   */
  record DeadLetterAddress(String exchange, String routingKey) {
    boolean isQueue() {
      return exchange.isEmpty();
    }

    @Override
    public String toString() {
      return isQueue() ? "queue " + routingKey
          : "exchange " + exchange + " (routing key '" + routingKey + "')";
    }
  }
}
