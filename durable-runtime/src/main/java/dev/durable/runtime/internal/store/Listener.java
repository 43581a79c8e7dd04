package dev.durable.runtime.internal.store;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import javax.sql.DataSource;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Listens on a PostgreSQL channel on a connection of its own and calls back for each batch of
 * notifications, with their non-empty payloads: {@code durable_runs}, so that a run started or
 * woken through one engine begins at once on another, and a run cancelled through one stops at
 * once on the one executing it; and {@code durable_tasks}, so that a worker on another machine
 * picks up a task as soon as it is queued. Reconnects after failures; what is missed meanwhile is
 * found by the poll (and a cancellation by the next lease renewal).
 */
final class Listener implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(Listener.class);
  private static final int WAIT_MS = 500;
  private static final long RECONNECT_MS = 1_000;

  private final DataSource dataSource;
  private final String channel;
  private final Consumer<List<String>> onNotification;
  private final Thread thread;
  private volatile boolean closed;

  Listener(
      DataSource dataSource, String channel, Consumer<List<String>> onNotification, String name) {
    this.dataSource = dataSource;
    this.channel = channel;
    this.onNotification = onNotification;
    this.thread = new Thread(this::loop, name);
    this.thread.setDaemon(true);
    this.thread.start();
  }

  private void loop() {
    while (!closed) {
      try (Connection connection = dataSource.getConnection()) {
        connection.setAutoCommit(true);
        try (Statement listen = connection.createStatement()) {
          listen.execute("LISTEN " + channel);
        }
        PGConnection notifications = connection.unwrap(PGConnection.class);
        while (!closed) {
          PGNotification[] received = notifications.getNotifications(WAIT_MS);
          if (received != null && received.length > 0) {
            List<String> payloads = new ArrayList<>();
            for (PGNotification notification : received) {
              if (!notification.getParameter().isEmpty()) {
                payloads.add(notification.getParameter());
              }
            }
            onNotification.accept(payloads);
          }
        }
      } catch (SQLException | RuntimeException e) {
        if (closed) {
          return;
        }
        LOG.warn("listening on {} failed ({}); the poll finds what is announced there until"
            + " it reconnects", channel, e.getMessage());
        try {
          Thread.sleep(RECONNECT_MS);
        } catch (InterruptedException interrupted) {
          return;
        }
      }
    }
  }

  @Override
  public void close() {
    closed = true;
    thread.interrupt();
  }
}
