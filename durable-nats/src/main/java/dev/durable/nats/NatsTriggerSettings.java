package dev.durable.nats;

import dev.durable.runtime.trigger.MessageDecoder;
import dev.durable.runtime.trigger.RunStarter;
import io.nats.client.Connection;
import io.nats.client.Message;
import java.time.Duration;
import java.util.function.Function;

/**
 * A trigger's settings as its builder checked them; each is documented on the builder method of
 * its name.
 *
 * @param subject the filter subject; null: the whole stream
 * @param queue the queue runs start through; null: none
 * @param maxWaiting the queue's bound of waiting runs (with a queue)
 * @param partitionKey the key of a message's run in the queue; null: none
 * @param deadLetter the dead-letter subject; null: poison messages are set aside
 */
record NatsTriggerSettings<T>(Connection connection, String name, String stream, String subject,
    String consumer, MessageDecoder<T> decoder, RunStarter<T> starter, String queue,
    int maxWaiting, Function<Message, String> partitionKey, String deadLetter, int batchSize,
    Duration fetchWait, Duration ackWait, Duration retryDelay, int maxDeliveries,
    Duration pausePoll) {}
