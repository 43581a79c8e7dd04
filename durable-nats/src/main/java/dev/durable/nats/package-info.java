/**
 * Runs started by NATS JetStream messages: {@link dev.durable.nats.NatsTrigger}, registered with
 * {@code DurableEngine.builder().trigger(...)}. A durable pull consumer that every engine shares,
 * one run per message (its id from the stream sequence), the message acknowledged once the run is
 * stored, poison messages to a dead-letter subject with their reason, and back-pressure from the
 * queue of runs it feeds. Built on the core's {@code dev.durable.runtime.trigger}.
 */
package dev.durable.nats;
