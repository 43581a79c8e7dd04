/**
 * Runs started by Kafka records: {@link dev.durable.kafka.KafkaTrigger}, registered with {@code
 * DurableEngine.builder().trigger(...)}. A consumer group that every engine shares, one run per
 * record (its id from the group, topic, partition and offset), offsets committed once the runs
 * are stored, poison records to a dead-letter topic with their reason, and back-pressure from the
 * queue of runs it feeds. Built on the core's {@code dev.durable.runtime.trigger}.
 */
package dev.durable.kafka;
