package dev.durable.runtime.internal.wake;

import dev.durable.runtime.internal.store.RunStore;
import dev.durable.runtime.internal.wake.RunValueWatches;
import java.util.List;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The database's notifications as a source of an engine's wake-ups ({@link WakeupSource}): the
 * engine's one listener ({@link RunStore#listenForEngine}; PostgreSQL's {@code LISTEN}, nothing on
 * H2 or a poll-only store), on the runs' channel and the values' channel at once. Each batch only
 * turns into in-process signals: runs due or queued elsewhere signal the engine ({@link
 * EngineSignals}), the runs a notification names are checked for a cancellation elsewhere, and the
 * runs whose values changed wake the readers of this process ({@link RunValueWatches}).
 */
final class DatabaseNotifications implements WakeupSource {
  private static final Logger LOG = LoggerFactory.getLogger(DatabaseNotifications.class);

  private final RunStore store;
  private final EngineSignals engine;
  private final Consumer<List<String>> named;
  private final RunValueWatches values;
  private final Consumer<Boolean> listening;
  private final String threadName;
  private AutoCloseable listener; // guarded by this
  private boolean closed; // guarded by this

  /**
   * @param named called with the runs a notification names, some of which may have been cancelled
   *     elsewhere while executing here
   * @param values the readers of runs' events and streams waiting in this process
   * @param listening told whether the listener listens (values sent meanwhile were missed)
   */
  DatabaseNotifications(RunStore store, EngineSignals engine, Consumer<List<String>> named,
      RunValueWatches values, Consumer<Boolean> listening, String threadName) {
    this.store = store;
    this.engine = engine;
    this.named = named;
    this.values = values;
    this.listening = listening;
    this.threadName = threadName;
  }

  @Override
  public synchronized void start() {
    if (listener != null || closed) {
      return;
    }
    listener = store.listenForEngine(notified -> {
      engine.runDue();
      notified.queues().forEach(engine::runQueued);
      named.accept(notified.runIds());
    }, runIds -> runIds.forEach(values::changed), listening, threadName);
  }

  @Override
  public synchronized void close() {
    closed = true;
    if (listener != null) {
      try {
        listener.close();
      } catch (Exception e) {
        LOG.debug("closing the engine's listener failed", e);
      }
    }
  }
}
