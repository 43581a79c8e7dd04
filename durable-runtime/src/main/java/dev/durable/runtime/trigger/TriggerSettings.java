package dev.durable.runtime.trigger;

import java.time.Duration;
import java.util.function.Function;

/**
 * The settings every trigger has, as {@link TriggerBuilder#settings} checked them; each is
 * documented on the builder method of its name. A broker module keeps them beside its own (its
 * stream, queue or topics) and starts each message's run through {@link MessageStarts}.
 *
 * @param name the trigger's name in logs and metrics
 * @param queue the Durable queue runs start through; null: none
 * @param maxWaiting the queue's bound of waiting runs (with a queue)
 * @param partitionKey the key of a message's run in the queue; null: none
 * @param deadLetter where poison messages go, in the broker's terms (a subject, a queue, a topic;
 *     for a RabbitMQ exchange its routing key); null: they are set aside
 * @param <M> the broker's message type
 * @param <T> the run's input, as the decoder makes it
 */
public record TriggerSettings<M, T>(String name, MessageDecoder<T> decoder,
    RunStarter<T> starter, String queue, int maxWaiting, Function<M, String> partitionKey,
    String deadLetter, Duration retryDelay, int maxDeliveries, Duration pausePoll) {}
