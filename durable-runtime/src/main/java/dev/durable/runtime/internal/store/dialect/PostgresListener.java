package dev.durable.runtime.internal.store.dialect;

import dev.durable.runtime.internal.store.sql.Notifications;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import javax.sql.DataSource;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Listens on PostgreSQL channels on a connection of its own and calls back for each batch of
 * notifications of a channel, with the payloads that name something: an engine listens on the
 * runs' channel, so that a run started, queued or woken through one engine begins at once on
 * another, and a run cancelled through one stops at once on the one executing it, and on the
 * values' channel, so that a reader of a run's events and streams is woken by a write in another
 * process (one listener, one connection, for both); a worker on the tasks' channel, so that it
 * picks up a task as soon as it is queued on another machine. Each is the channel of the Durable
 * tables in the connection's schema: its name is read from the server at each connection.
 * Reconnects after failures; what is missed meanwhile is found by the poll (and a cancellation by
 * the next lease renewal).
 *
 * <p>A payload that is a process's wake-up origin ({@code Notifications#wakeOrigin}) is a plain
 * wake-up: it names no run. One of this listener's own origin was sent where this process woke its
 * engines and workers in process already, so a batch of nothing else calls nobody back: the echo
 * would only cost a poll that finds nothing, contending with the work it announced. (A run whose id
 * has the form of an origin is not stopped at once when cancelled elsewhere, only at its lease
 * renewal.)
 */
public final class PostgresListener implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(PostgresListener.class);
  private static final int WAIT_MS = 500;
  private static final long RECONNECT_MS = 1_000;
  private static final int ORIGIN_LENGTH = Notifications.WAKE_PREFIX.length() + 36;

  private final DataSource dataSource;
  /** What each channel's notifications call back, by an SQL expression of the channel's name. */
  private final Map<String, Consumer<List<String>>> channels;
  private final String origin;
  private final Consumer<Boolean> onListening;
  private final Thread thread;
  private volatile boolean closed;
  /**
   * Whether the thread is getting its connection or sending statements through the pool's proxy
   * (not waiting for notifications, which it does on the driver's connection itself).
   */
  private volatile boolean throughThePool = true;

  /**
   * @param channels what to call, with the payloads that name something (possibly none), for the
   *     notifications of each channel, by an SQL expression of its name, which the server evaluates
   * @param origin this process's wake-up origin: notifications carrying it are left to the
   *     in-process wake-up
   * @param onListening called with true each time the listener listens (at first, and after it
   *     reconnected: what was sent meanwhile was missed), and with false when it stopped listening
   *     because its connection failed
   */
  PostgresListener(DataSource dataSource, Map<String, Consumer<List<String>>> channels,
      String origin, Consumer<Boolean> onListening, String name) {
    this.dataSource = dataSource;
    this.channels = Map.copyOf(channels);
    this.origin = origin;
    this.onListening = onListening;
    this.thread = new Thread(this::loop, name);
    this.thread.setDaemon(true);
    this.thread.start();
  }

  private void loop() {
    String name = "a channel of the Durable tables"; // until the server names it
    while (!closed) {
      throughThePool = true;
      try (Connection connection = dataSource.getConnection()) {
        connection.setAutoCommit(true);
        Map<String, Consumer<List<String>>> byName = new HashMap<>();
        try (Statement listen = connection.createStatement()) {
          for (Map.Entry<String, Consumer<List<String>>> channel : channels.entrySet()) {
            try (ResultSet named = listen.executeQuery("SELECT " + channel.getKey())) {
              named.next();
              name = named.getString(1);
            }
            listen.execute("LISTEN \"" + name.replace("\"", "\"\"") + "\"");
            byName.put(name, channel.getValue());
          }
        }
        onListening.accept(true);
        PGConnection notifications = connection.unwrap(PGConnection.class);
        throughThePool = false;
        while (!closed) {
          PGNotification[] received = notifications.getNotifications(WAIT_MS);
          if (received != null && received.length > 0) {
            deliver(received, byName);
          }
        }
      } catch (SQLException | RuntimeException e) {
        if (closed) {
          return;
        }
        onListening.accept(false);
        LOG.warn("listening on {} failed ({}); the poll finds what is announced there until"
            + " it reconnects", name, e.getMessage());
        try {
          Thread.sleep(RECONNECT_MS);
        } catch (InterruptedException interrupted) {
          return;
        }
      }
    }
  }

  /**
   * Calls back each channel with the run ids named, unless every notification of it is this
   * process's echo.
   */
  private void deliver(PGNotification[] received, Map<String, Consumer<List<String>>> byName) {
    Map<String, List<String>> payloads = new LinkedHashMap<>();
    for (PGNotification notification : received) {
      payloads.computeIfAbsent(notification.getName(), channel -> new ArrayList<>())
          .add(notification.getParameter());
    }
    payloads.forEach((channel, batch) -> {
      Consumer<List<String>> callback = byName.get(channel);
      if (callback != null) {
        runIdsNamed(batch, origin).ifPresent(callback);
      }
    });
  }

  /**
   * The run ids among a batch of notifications' payloads, or empty when each of them is an echo of
   * {@code origin}: nothing to call back for.
   */
  static Optional<List<String>> runIdsNamed(List<String> payloads, String origin) {
    boolean foreign = false;
    List<String> runIds = new ArrayList<>();
    for (String payload : payloads) {
      if (payload.equals(origin)) {
        continue;
      }
      foreign = true;
      if (!payload.isEmpty() && !isOrigin(payload)) {
        runIds.add(payload);
      }
    }
    return foreign ? Optional.of(runIds) : Optional.empty();
  }

  private static boolean isOrigin(String payload) {
    return payload.length() == ORIGIN_LENGTH && payload.startsWith(Notifications.WAKE_PREFIX);
  }

  /**
   * Stops listening. A thread still sending its first statements through the pool is waited for
   * (briefly: it stops before it waits for notifications), so that the pool, closed next, does not
   * cut a connection in use and log it as broken, with a trace. A thread waiting for notifications
   * waits on the driver's connection itself, which the pool may cut without a word.
   */
  @Override
  public void close() {
    closed = true;
    thread.interrupt(); // ends a wait to reconnect
    if (throughThePool) {
      try {
        thread.join(2L * WAIT_MS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
