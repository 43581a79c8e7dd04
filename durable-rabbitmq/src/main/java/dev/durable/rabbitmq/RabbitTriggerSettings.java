package dev.durable.rabbitmq;

import com.rabbitmq.client.Delivery;
import dev.durable.runtime.trigger.MessageDecoder;
import dev.durable.runtime.trigger.RunStarter;
import java.time.Duration;
import java.util.function.Function;

/**
 * A trigger's settings as its builder checked them; each is documented on the builder method of
 * its name.
 *
 * @param broker the connection, or the factory of the trigger's own
 * @param rabbitQueue the RabbitMQ queue consumed
 * @param queue the Durable queue runs start through; null: none
 * @param maxWaiting the queue's bound of waiting runs (with a queue)
 * @param partitionKey the key of a message's run in the queue; null: none
 * @param deadLetter where poison messages are published; null: they are set aside
 */
record RabbitTriggerSettings<T>(Broker broker, String name, String rabbitQueue,
    MessageIdentity identity, MessageDecoder<T> decoder, RunStarter<T> starter, String queue,
    int maxWaiting, Function<Delivery, String> partitionKey, DeadLetterAddress deadLetter,
    int prefetch, Duration retryDelay, int maxDeliveries, Duration pausePoll) {

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
