package dev.durable.tests.support;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * A broker of {@code TriggerCrashTest}, with a stream or queue of its own that {@link
 * TriggerChild}'s trigger consumes: messages {@code n} carry the JSON of {@code LoadJob(n,
 * false)}.
 */
public interface TriggerBroker extends AutoCloseable {
  /** The body of message {@code n}: the JSON of {@code LoadJob(n, false)}. */
  static byte[] body(int n) {
    return ("{\"n\":" + n + ",\"failOnce\":false}").getBytes(StandardCharsets.UTF_8);
  }

  /**
   * Publishes messages {@code from} to {@code to - 1}, straight to the broker, and waits until it
   * has them.
   */
  void publish(int from, int to);

  /** The id of the run that message {@code n} starts, as the trigger derives it. */
  String runId(int n);

  /** A proxy in front of the broker, for the engines to reach it through. */
  TcpProxy proxy();

  /** {@link TriggerChild}'s options: its trigger consumes this broker through {@code proxy}. */
  List<String> childOptions(TcpProxy proxy);

  /**
   * How many messages the broker still holds: for NATS those not yet delivered and those not yet
   * acknowledged; for RabbitMQ those ready (its unacknowledged ones go back to the queue when
   * their consumer's channel closes).
   */
  long unsettled();

  /** Deletes the stream or queue, and disconnects. */
  @Override
  void close();
}
