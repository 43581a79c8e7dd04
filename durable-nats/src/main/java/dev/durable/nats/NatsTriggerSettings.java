package dev.durable.nats;

import dev.durable.runtime.trigger.TriggerSettings;
import io.nats.client.Connection;
import io.nats.client.Message;
import java.time.Duration;

/**
 * A trigger's settings as its builder checked them: those every trigger has, and NATS's own; each
 * is documented on the builder method of its name.
 *
 * @param common the settings every trigger has
 * @param subject the filter subject; null: the whole stream
 */
record NatsTriggerSettings<T>(TriggerSettings<Message, T> common, Connection connection,
    String stream, String subject, String consumer, int batchSize, Duration fetchWait,
    Duration ackWait) {}
