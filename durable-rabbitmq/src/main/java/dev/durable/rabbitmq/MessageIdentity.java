package dev.durable.rabbitmq;

/**
 * What a message's run id is derived from, so that a message delivered again finds the run its
 * first delivery started. RabbitMQ gives a message no identity of its own (no sequence number that
 * survives a redelivery), so the trigger takes the publisher's, or the message's content.
 */
public enum MessageIdentity {
  /**
   * The message's {@code message-id} property, which the publisher sets (the default). A message
   * without one cannot start exactly one run: it is dead-lettered (or set aside) with that reason.
   * A publisher that retries a publish must keep the message's id.
   */
  MESSAGE_ID,

  /**
   * The {@code message-id} where the publisher set one, else a SHA-256 hash of the message's
   * routing key and body. The trade-off: two messages without an id and with the same routing key
   * and body make one run (the second is a duplicate), which is right for a publisher's retry and
   * wrong for two orders that happen to look alike; give such messages an id.
   */
  MESSAGE_ID_OR_CONTENT_HASH,

  /**
   * Always the SHA-256 hash of the routing key and the body, whatever the {@code message-id}: for
   * publishers that set a new id on each attempt of one publish. Two messages with the same routing
   * key and body make one run.
   */
  CONTENT_HASH
}
