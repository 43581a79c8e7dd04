package dev.durable.rabbitmq;

import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.Recoverable;
import java.io.IOException;
import java.util.concurrent.TimeoutException;

/**
 * Where a trigger's connection comes from: the caller's, which it never closes, or one it opens
 * from the caller's factory when it starts and closes when it stops.
 */
final class Broker {
  private final Connection given;
  private final ConnectionFactory factory;

  private Broker(Connection given, ConnectionFactory factory) {
    this.given = given;
    this.factory = factory;
  }

  static Broker of(Connection connection) {
    return new Broker(connection, null);
  }

  /**
   * @throws IllegalArgumentException if the factory's connections do not recover by themselves:
   *     a trigger would stop for good at the first network failure
   */
  static Broker of(ConnectionFactory factory) {
    if (!factory.isAutomaticRecoveryEnabled()) {
      throw new IllegalArgumentException("the ConnectionFactory of a RabbitTrigger must have"
          + " automatic recovery enabled, or the trigger stops at the first network failure;"
          + " call factory.setAutomaticRecoveryEnabled(true) (the client's default)");
    }
    return new Broker(null, factory);
  }

  /** The connection to consume on: the caller's, or a new one named after the trigger. */
  Connection connect(String trigger) {
    if (given != null) {
      return given;
    }
    try {
      return factory.newConnection("durable-trigger-" + trigger);
    } catch (IOException | TimeoutException e) {
      throw new IllegalStateException("trigger " + trigger + " could not connect to RabbitMQ at "
          + factory.getHost() + ":" + factory.getPort() + " (" + e + "); check that the broker"
          + " runs and the factory's host, port, virtual host and credentials", e);
    }
  }

  /** Closes {@code connection} if the trigger opened it. */
  void release(Connection connection) {
    if (given == null && connection.isOpen()) {
      try {
        connection.close();
      } catch (IOException | RuntimeException e) {
        // closing: the broker drops the connection and requeues what it held either way
      }
    }
  }

  /** Whether {@code connection} comes back by itself after a network failure. */
  static boolean recovers(Connection connection) {
    return connection instanceof Recoverable;
  }
}
