package dev.durable.kafka;

import dev.durable.runtime.trigger.MessageDecoder;
import dev.durable.runtime.trigger.RunStarter;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * A trigger's settings as its builder checked them; each is documented on the builder method of
 * its name.
 *
 * @param consumer the consumer's properties, complete: group, deserializers, no auto-commit
 * @param producer the dead letters' producer's properties, complete; empty when set aside
 * @param queue the queue runs start through; null: none
 * @param maxWaiting the queue's bound of waiting runs (with a queue)
 * @param partitionKey the key of a record's run in the queue; null: none
 * @param deadLetter the dead-letter topic; null: poison records are set aside
 */
record KafkaTriggerSettings<T>(String name, Map<String, Object> consumer,
    Map<String, Object> producer, List<String> topics, String groupId, MessageDecoder<T> decoder,
    RunStarter<T> starter, String queue, int maxWaiting,
    Function<ConsumerRecord<byte[], byte[]>, String> partitionKey, String deadLetter,
    int batchSize, Duration fetchWait, Duration retryDelay, int maxDeliveries,
    Duration pausePoll, Duration startTimeout) {}
