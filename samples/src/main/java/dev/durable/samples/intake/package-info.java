/**
 * The intake sample: runs started by the messages of a NATS JetStream stream, one run per
 * message, through a trigger ({@code durable-nats}).
 */
package dev.durable.samples.intake;
