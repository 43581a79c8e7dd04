package dev.durable.runtime.store;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Listens on PostgreSQL's {@code durable_runs} channel on a connection of its own and calls back
 * for each notification, so that a run started through one engine begins at once on another.
 * Reconnects after failures; notifications missed meanwhile are found by the poll.
 */
final class Listener implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(Listener.class);
  private static final String LISTEN = "LISTEN " + RunInserter.Postgres.CHANNEL;
  private static final int WAIT_MS = 500;
  private static final long RECONNECT_MS = 1_000;

  private final DataSource dataSource;
  private final Runnable onNotification;
  private final Thread thread;
  private volatile boolean closed;

  Listener(DataSource dataSource, Runnable onNotification, String name) {
    this.dataSource = dataSource;
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
          listen.execute(LISTEN);
        }
        PGConnection notifications = connection.unwrap(PGConnection.class);
        while (!closed) {
          PGNotification[] received = notifications.getNotifications(WAIT_MS);
          if (received != null && received.length > 0) {
            onNotification.run();
          }
        }
      } catch (SQLException | RuntimeException e) {
        if (closed) {
          return;
        }
        LOG.warn("listening for new runs failed ({}); runs are found by the poll until it"
            + " reconnects", e.getMessage());
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
