package dev.durable.kafka;

import dev.durable.runtime.trigger.TriggerSettings;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * A trigger's settings as its builder checked them: those every trigger has, and Kafka's own;
 * each is documented on the builder method of its name.
 *
 * @param common the settings every trigger has
 * @param consumer the consumer's properties, complete: group, deserializers, no auto-commit
 * @param producer the dead letters' producer's properties, complete; empty when set aside
 */
record KafkaTriggerSettings<T>(TriggerSettings<ConsumerRecord<byte[], byte[]>, T> common,
    Map<String, Object> consumer, Map<String, Object> producer, List<String> topics,
    String groupId, int batchSize, Duration fetchWait, Duration startTimeout) {}
