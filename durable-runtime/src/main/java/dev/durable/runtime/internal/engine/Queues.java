package dev.durable.runtime.internal.engine;

import java.time.Duration;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The flow-control queues of one engine ({@code DurableEngine.builder().queue(name,
 * concurrency)}): each admits at most its number of step attempts at once. An attempt takes a slot
 * before it runs and gives it back as soon as it ends, so a step waiting out a backoff holds none
 * and each retry is admitted again.
 *
 * <p>A run whose step finds its queue full on a started engine is parked: it sleeps, holding no
 * engine slot, and the engine wakes the run parked longest as soon as a slot frees. The park's
 * sleep also ends by itself after {@link #PARKED_FALLBACK}, for a wake that was missed (the engine
 * that parked the run died).
 */
final class Queues {
  private static final Logger LOG = LoggerFactory.getLogger(Queues.class);

  /** How long a parked run sleeps at most before it tries its queue again by itself. */
  static final Duration PARKED_FALLBACK = Duration.ofSeconds(5);

  /** A slot of a queue taken by a step attempt; {@link #release()} gives it back once. */
  interface Permit {
    void release();
  }

  /** The permit of a step without a queue, or of a queue this engine does not limit. */
  static final Permit UNLIMITED = () -> {};

  private record Lane(String name, int concurrency, Semaphore slots, Queue<String> parked) {}

  private final Map<String, Lane> lanes;
  private final EngineWakeups wakeups;
  private final Set<String> warned = ConcurrentHashMap.newKeySet();
  private final Set<String> declared;

  /**
   * @param concurrency the configured queues and their limits
   * @param wakeups the engine's, which make a parked run due at once when a slot frees
   */
  Queues(Map<String, Integer> concurrency, EngineWakeups wakeups) {
    this(concurrency, Set.of(), wakeups);
  }

  /**
   * @param declared every queue the engine declares, limits on one engine or not: a step naming
   *     one without such a limit is warned about as such
   */
  Queues(Map<String, Integer> concurrency, Set<String> declared, EngineWakeups wakeups) {
    this.declared = Set.copyOf(declared);
    this.lanes = concurrency.entrySet().stream().collect(Collectors.toUnmodifiableMap(
        Map.Entry::getKey,
        e -> new Lane(e.getKey(), e.getValue(), new Semaphore(e.getValue(), true),
            new ConcurrentLinkedQueue<>())));
    this.wakeups = wakeups;
  }

  /** How many slots of {@code queue}, one this engine limits, are taken now. */
  int used(String queue) {
    Lane lane = lanes.get(queue);
    return lane.concurrency() - lane.slots().availablePermits();
  }

  /** A slot of {@code queue} if one is free now, else null. */
  Permit tryTake(String queue, String step) {
    Lane lane = lane(queue, step);
    if (lane == null) {
      return UNLIMITED;
    }
    return lane.slots().tryAcquire() ? permit(lane) : null;
  }

  /**
   * A slot of {@code queue}, waiting in process for one to free (a branch of a fan, or a turn
   * under {@code tick()}).
   *
   * @return null if {@code stop} became true first
   */
  Permit take(String queue, String step, BooleanSupplier stop) throws InterruptedException {
    Lane lane = lane(queue, step);
    if (lane == null) {
      return UNLIMITED;
    }
    while (!lane.slots().tryAcquire(50, TimeUnit.MILLISECONDS)) {
      if (stop.getAsBoolean()) {
        return null;
      }
    }
    return permit(lane);
  }

  /**
   * Records that run {@code runId}, already sleeping, waits for a slot of {@code queue}; wakes it
   * at once should a slot have freed meanwhile.
   */
  void park(String queue, String runId) {
    Lane lane = lanes.get(queue);
    lane.parked().add(runId);
    if (lane.slots().availablePermits() > 0) {
      wakeNext(lane);
    }
  }

  private Permit permit(Lane lane) {
    // released once; not under a lock, as waking the next parked run writes to the store
    AtomicBoolean released = new AtomicBoolean();
    return () -> {
      if (released.compareAndSet(false, true)) {
        lane.slots().release();
        wakeNext(lane);
      }
    };
  }

  private void wakeNext(Lane lane) {
    String next = lane.parked().poll();
    if (next != null) {
      wakeups.parkedRunReady(next);
    }
  }

  private Lane lane(String queue, String step) {
    Lane lane = lanes.get(queue);
    if (lane == null && declared.contains(queue) && warned.add(queue)) {
      LOG.warn("step '{}' names queue '{}', which this engine declares without a perEngine"
          + " limit: its attempts run without a limit here; give it one with"
          + " Queue.named(\"{}\").perEngine(n)", step, queue, queue);
    } else if (lane == null && warned.add(queue)) {
      LOG.warn("step '{}' names queue '{}', which this engine does not limit: its attempts run"
          + " without a limit here; configure it with DurableEngine.builder().queue(\"{}\", n)",
          step, queue, queue);
    }
    return lane;
  }
}
