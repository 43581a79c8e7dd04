package dev.durable.runtime.internal.flow;

import dev.durable.runtime.StoreException;
import dev.durable.runtime.internal.store.flow.QueueAdmissions;
import dev.durable.runtime.internal.time.Time;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * This engine's presence among the engines serving its queues of runs ({@code
 * durable_queue_engines}): whoever admits a queue's runs gives each engine seen serving it within
 * a lease its part of them. Marked as the poll admits ({@link #renew}), every third of a lease, so
 * that an engine whose poll stopped (killed, or cut off from the database) is given no more after
 * a lease; removed as the engine closes ({@link #close}), so that the others share its part at
 * once. The marks of engines not seen for {@link #GONE_AFTER_LEASES} leases are deleted by the
 * engines left, so that the marks of engines that never closed do not pile up over the deploys.
 */
final class QueuePresence implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(QueuePresence.class);
  /** After how many leases unseen an engine's marks as serving its queues are deleted. */
  static final int GONE_AFTER_LEASES = 100;

  private final QueueAdmissions runQueues;
  private final Time time;
  private final String engineId;
  private final List<String> queues;
  /** How recently an engine must have been seen serving a queue to be given its part of it. */
  private final Duration liveness;
  /** When this engine last marked itself as serving its queues, in {@link System#nanoTime()}. */
  private volatile long servedAt;
  private volatile boolean serving;

  QueuePresence(QueueAdmissions runQueues, Time time, String engineId, List<String> queues,
      Duration liveness) {
    this.runQueues = runQueues;
    this.time = time;
    this.engineId = engineId;
    this.queues = queues;
    this.liveness = liveness;
  }

  /** Marks this engine as serving its queues, if a third of a lease passed since it last did. */
  void renew() {
    long nanos = System.nanoTime();
    if (queues.isEmpty() || serving && nanos - servedAt < liveness.toNanos() / 3) {
      return;
    }
    try {
      Instant now = time.now();
      runQueues.serve(queues, engineId, now, now.minus(liveness.multipliedBy(GONE_AFTER_LEASES)));
      servedAt = nanos;
      serving = true;
    } catch (StoreException e) {
      LOG.warn("cannot mark engine {} as serving its queues: {}; trying again at the next poll",
          engineId, e.getMessage());
    }
  }

  /** This engine stops serving its queues: the others share their slots at once. */
  @Override
  public void close() {
    if (!serving) {
      return;
    }
    try {
      runQueues.leave(engineId);
      serving = false;
    } catch (StoreException e) {
      LOG.warn("cannot mark engine {} as serving no queue: {}; the other engines take its part"
          + " of its queues when it has not been seen for {}", engineId, e.getMessage(),
          liveness);
    }
  }
}
