package dev.durable.rabbitmq;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ShutdownSignalException;
import java.io.IOException;
import java.util.concurrent.TimeoutException;

/** What the trigger's classes share about channels: when one is gone for good, and closing one. */
final class Channels {
  private Channels() {}

  /**
   * Whether {@code channel} is closed and will not come back by itself: closed by a channel-level
   * error (the client recovers only what a connection failure closed), or on a connection that does
   * not recover. A channel closed by a network failure on a recovering connection is not: the
   * client reopens it, with its consumer, and a second channel would take the same messages twice.
   */
  static boolean closedForGood(Channel channel, Connection connection) {
    if (channel.isOpen()) {
      return false;
    }
    ShutdownSignalException reason = channel.getCloseReason();
    boolean connectionFailed = reason != null && reason.isHardError()
        && !reason.isInitiatedByApplication();
    return !(connectionFailed && Broker.recovers(connection));
  }

  /** Closes {@code channel} if it is open; the broker requeues the messages it held unacked. */
  static void close(Channel channel) {
    if (channel == null || !channel.isOpen()) {
      return;
    }
    try {
      channel.close();
    } catch (IOException | TimeoutException | RuntimeException e) {
      // closing anyway: a channel that cannot be closed is gone, and its messages with it
    }
  }
}
