/**
 * Runs started by RabbitMQ messages: {@link dev.durable.rabbitmq.RabbitTrigger}, registered with
 * {@code DurableEngine.builder().trigger(...)}. A consumer of a queue with manual
 * acknowledgements, one run per message (its id from the message-id, or from its content where
 * the user chooses, {@link dev.durable.rabbitmq.MessageIdentity}), the message acknowledged once
 * the run is stored, poison messages to a dead-letter queue or exchange with their reason, and
 * back-pressure from the queue of runs it feeds. Built on the core's {@code
 * dev.durable.runtime.trigger}.
 */
package dev.durable.rabbitmq;
