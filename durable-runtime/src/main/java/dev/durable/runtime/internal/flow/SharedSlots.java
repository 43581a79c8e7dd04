package dev.durable.runtime.internal.flow;

import dev.durable.runtime.Queue;
import dev.durable.runtime.internal.model.SlotTake;
import dev.durable.runtime.internal.store.flow.QueueSlots;
import dev.durable.runtime.internal.time.Time;
import java.time.Duration;
import java.time.Instant;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * This engine's side of the step queues' slots across engines ({@link QueueSlots}): a slot taken
 * is leased to this engine for a run lease's length, renewed with its runs' leases ({@link
 * Leases}), so that a slot held by an engine killed mid-attempt comes back when its lease ends.
 */
public final class SharedSlots {
  private static final Logger LOG = LoggerFactory.getLogger(SharedSlots.class);

  private final QueueSlots slots;
  private final Time time;
  private final String engineId;
  private final Duration leaseDuration;
  /** The paused queues as last read ({@link #paused()}). */
  private volatile Paused paused;

  private record Paused(Set<String> queues, Instant readAt) {}

  public SharedSlots(QueueSlots slots, Time time, String engineId, Duration leaseDuration) {
    this.slots = slots;
    this.time = time;
    this.engineId = engineId;
    this.leaseDuration = leaseDuration;
  }

  /** A slot and a rate permit of {@code queue} for {@code heldBy}, or when to try again. */
  SlotTake take(Queue queue, String heldBy) {
    Instant now = time.now();
    return slots.take(queue, engineId, heldBy, now, now.plus(leaseDuration));
  }

  /**
   * Gives slot {@code slot} back; a failure is logged, not thrown, as the attempt has ended: the
   * slot comes back when its lease ends.
   */
  void release(Queue queue, int slot, String heldBy) {
    try {
      slots.release(queue.name(), slot, heldBy);
    } catch (RuntimeException e) {
      LOG.warn("cannot give back slot {} of queue '{}': {}; it comes back when its lease ends,"
          + " within {}", slot, queue.name(), e.getMessage(), leaseDuration);
    }
  }

  /** How many slots of {@code queue} are free now. */
  int free(Queue queue) {
    return slots.free(queue.name(), time.now());
  }

  /**
   * The queues paused now, read from the store at most once a second: a step attempt of a paused
   * queue waits for a slot as for a full queue, also where the queue holds no slot in the store
   * (one limited on each engine alone).
   */
  Set<String> paused() {
    Instant now = time.now();
    Paused known = paused;
    if (known == null || !now.isBefore(known.readAt().plusSeconds(1))) {
      try {
        known = new Paused(slots.paused(), now);
      } catch (RuntimeException e) {
        return known == null ? Set.of() : known.queues(); // an outage: as last read
      }
      paused = known;
    }
    return known.queues();
  }

  /** Extends the leases of the slots this engine holds, from {@code now}. */
  public void renew(Instant now) {
    slots.renew(engineId, now.plus(leaseDuration));
  }
}
