package dev.durable.runtime.internal.flow;

import dev.durable.runtime.Queue;
import dev.durable.runtime.StoreException;
import dev.durable.runtime.internal.model.SlotTake;
import dev.durable.runtime.internal.store.RunStore;
import dev.durable.runtime.internal.store.flow.QueueSlots;
import dev.durable.runtime.internal.time.Time;
import dev.durable.runtime.internal.wake.EngineWakeups;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The flow-control queues of step attempts ({@code @Step(queue = name)}): each attempt takes a
 * slot before it runs and gives it back as soon as it ends, so a step waiting out a backoff holds
 * none and each retry is admitted again. A queue's {@code perEngine} limit is a semaphore here;
 * its {@code concurrency} and {@code rateLimit} hold across every engine sharing the database,
 * through slots and permits kept there ({@link SharedSlots}). An attempt takes both, the local one
 * first (it costs nothing).
 *
 * <p>A run whose step finds its queue full on a started engine is parked: it sleeps, holding no
 * engine slot, and the engine wakes the run parked longest as soon as a slot frees here, or, for
 * a slot freed by another engine, at its next poll ({@link #wakeParkedForFreedSlots}). The park's
 * sleep also ends by itself after {@link #PARKED_FALLBACK}, for a wake that was missed (the engine
 * that parked the run died), or when the rate limit next frees a permit, if that comes first.
 */
public final class Queues {
  private static final Logger LOG = LoggerFactory.getLogger(Queues.class);

  /** How long a parked run sleeps at most before it tries its queue again by itself. */
  public static final Duration PARKED_FALLBACK = Duration.ofSeconds(5);
  /** How often an attempt waiting in process for a slot held by other engines looks again. */
  private static final long SHARED_RETRY_MS = 50;

  /** A slot of a queue taken by a step attempt; {@link #release()} gives it back once. */
  public interface Permit {
    void release();
  }

  /** The permit of a step without a queue, or of a queue this engine does not limit. */
  public static final Permit UNLIMITED = () -> {};

  /**
   * A queue's limits here: {@code local} null without a per-engine limit, {@code shared} null
   * without a limit across engines; {@code retryAt}, when its rate limit next frees a permit, as
   * its last take found.
   */
  private record Lane(String name, int concurrency, Semaphore local, Queue shared,
      java.util.Queue<String> parked, AtomicReference<Instant> retryAt) {
    /** Whether an attempt's end frees a slot another attempt could take. */
    boolean endFreesSlot() {
      return local != null || shared.concurrency() > 0;
    }
  }

  private final Map<String, Lane> lanes;
  private final RunStore store;
  private final Time time;
  private final EngineWakeups wakeups;
  private final SharedSlots shared;
  private final Set<String> warned = ConcurrentHashMap.newKeySet();
  private final Set<String> declared;

  /** Queues limited on this engine only, by name: a replay's, which takes no shared slot. */
  public Queues(Map<String, Integer> concurrency, Time time, EngineWakeups wakeups) {
    this(concurrency, Map.of(), null, time, wakeups, null);
  }

  /**
   * @param concurrency the per-engine limits of the queues that have one
   * @param declared every queue the engine declares: those limited across engines take shared
   *     slots; a step naming one without any limit is warned about as such
   * @param store where a parked run is made due when a slot frees (null: a replay, which parks
   *     nothing)
   * @param wakeups the engine's, which look for a parked run made due
   * @param shared the store's slots, for the queues limited across engines
   */
  public Queues(Map<String, Integer> concurrency, Map<String, Queue> declared, RunStore store,
      Time time,
      EngineWakeups wakeups, SharedSlots shared) {
    this.declared = Set.copyOf(declared.keySet());
    Map<String, Lane> lanes = new HashMap<>();
    Set<String> names = new HashSet<>(concurrency.keySet());
    if (shared != null) {
      declared.values().stream().filter(QueueSlots::limitsAttempts)
          .forEach(queue -> names.add(queue.name()));
    }
    for (String name : names) {
      Integer perEngine = concurrency.get(name);
      Queue limits = declared.get(name);
      lanes.put(name, new Lane(name, perEngine == null ? 0 : perEngine,
          perEngine == null ? null : new Semaphore(perEngine, true),
          limits != null && shared != null && QueueSlots.limitsAttempts(limits) ? limits : null,
          new ConcurrentLinkedQueue<>(), new AtomicReference<>()));
    }
    this.lanes = Map.copyOf(lanes);
    this.store = store;
    this.time = time;
    this.wakeups = wakeups;
    this.shared = shared;
  }

  /** Whether any queue here takes slots across engines, whose leases the engine renews. */
  public boolean sharesSlots() {
    return lanes.values().stream().anyMatch(lane -> lane.shared() != null);
  }

  /** How many slots of {@code queue}, one this engine limits, are taken now here. */
  public int used(String queue) {
    Lane lane = lanes.get(queue);
    return lane.local() == null ? 0 : lane.concurrency() - lane.local().availablePermits();
  }

  /** A slot of {@code queue} for {@code heldBy} (an attempt) if one is free now, else null. */
  public Permit tryTake(String queue, String step, String heldBy) {
    Lane lane = lane(queue, step);
    if (lane == null) {
      return UNLIMITED;
    }
    if (paused(lane) || lane.local() != null && !lane.local().tryAcquire()) {
      return null;
    }
    return takeShared(lane, heldBy);
  }

  /** Whether the lane's queue is paused ({@code engine.pauseQueue}); never for a replay's. */
  private boolean paused(Lane lane) {
    return shared != null && declared.contains(lane.name())
        && shared.paused().contains(lane.name());
  }

  /** The shared slot of a lane whose local one, if any, is taken; null (local released) if none. */
  private Permit takeShared(Lane lane, String heldBy) {
    int slot = -1;
    if (lane.shared() != null) {
      SlotTake take;
      try {
        take = shared.take(lane.shared(), heldBy);
      } catch (RuntimeException e) {
        releaseLocal(lane);
        throw e;
      }
      if (!take.taken()) {
        releaseLocal(lane);
        lane.retryAt().set(take.retryAt().orElse(null));
        return null;
      }
      slot = take.slot();
    }
    return permit(lane, slot, heldBy);
  }

  /**
   * A slot of {@code queue}, waiting in process for one to free (a branch of a fan, or a turn
   * under {@code tick()}).
   *
   * @return null if {@code stop} became true first
   */
  public Permit take(String queue, String step, String heldBy, BooleanSupplier stop)
      throws InterruptedException {
    Lane lane = lane(queue, step);
    if (lane == null) {
      return UNLIMITED;
    }
    while (true) {
      if (paused(lane)) {
        Thread.sleep(SHARED_RETRY_MS); // a paused queue admits no attempt, as a full one
      } else if (lane.local() == null || lane.local().tryAcquire(50, TimeUnit.MILLISECONDS)) {
        Permit permit = takeShared(lane, heldBy);
        if (permit != null) {
          return permit;
        }
        Thread.sleep(SHARED_RETRY_MS); // held by other engines, or the rate limit's
      }
      if (stop.getAsBoolean()) {
        return null;
      }
    }
  }

  /**
   * When a run parked at {@code now} for a slot of {@code queue} tries again by itself: after
   * {@link #PARKED_FALLBACK}, or when the rate limit next frees a permit, if sooner.
   */
  public Instant parkedUntil(String queue, Instant now) {
    Instant fallback = now.plus(PARKED_FALLBACK);
    Lane lane = lanes.get(queue);
    Instant retryAt = lane == null ? null : lane.retryAt().get();
    return retryAt != null && retryAt.isAfter(now) && retryAt.isBefore(fallback)
        ? retryAt : fallback;
  }

  /**
   * Records that run {@code runId}, already sleeping, waits for a slot of {@code queue}; wakes it
   * at once should a slot here have freed meanwhile.
   */
  public void park(String queue, String runId) {
    Lane lane = lanes.get(queue);
    lane.parked().add(runId);
    if (lane.local() != null && lane.shared() == null && lane.local().availablePermits() > 0) {
      wakeNext(lane);
    }
  }

  /**
   * Wakes runs parked here for slots that other engines freed (their ends wake only their own
   * engine's parked runs): as many as each queue with runs parked here has slots free. Called at
   * each poll, so that such a run waits about a poll interval rather than its park's fallback.
   */
  void wakeParkedForFreedSlots() {
    for (Lane lane : lanes.values()) {
      if (lane.shared() == null || lane.shared().concurrency() == 0 || lane.parked().isEmpty()) {
        continue;
      }
      int free;
      try {
        free = shared.free(lane.shared());
      } catch (RuntimeException e) {
        LOG.debug("cannot count the free slots of queue '{}': {}", lane.name(), e.getMessage());
        continue;
      }
      for (int i = 0; i < free && !lane.parked().isEmpty(); i++) {
        wakeNext(lane);
      }
    }
  }

  private Permit permit(Lane lane, int slot, String heldBy) {
    // released once; not under a lock, as giving the slot back and waking writes to the store
    AtomicBoolean released = new AtomicBoolean();
    return () -> {
      if (released.compareAndSet(false, true)) {
        if (slot >= 0) {
          shared.release(lane.shared(), slot, heldBy);
        }
        releaseLocal(lane);
        if (lane.endFreesSlot()) {
          wakeNext(lane);
        }
      }
    };
  }

  private static void releaseLocal(Lane lane) {
    if (lane.local() != null) {
      lane.local().release();
    }
  }

  private void wakeNext(Lane lane) {
    String next = lane.parked().poll();
    if (next != null) {
      runReady(next);
    }
  }

  /**
   * Makes run {@code runId}, parked for a queue's slot that freed, due now in the store, and
   * looks for it. If the store fails, the park's own sleep ends by itself after {@link
   * #PARKED_FALLBACK}.
   */
  private void runReady(String runId) {
    try {
      store.wakeRun(runId, time.now());
      wakeups.runDue(time.now());
    } catch (StoreException e) {
      LOG.warn("could not wake run {}, parked for a queue slot: {}; it tries again within {} s",
          runId, e.getMessage(), PARKED_FALLBACK.toSeconds());
    }
  }

  private Lane lane(String queue, String step) {
    Lane lane = lanes.get(queue);
    if (lane == null && declared.contains(queue) && warned.add(queue)) {
      LOG.warn("step '{}' names queue '{}', which this engine declares without a limit on"
          + " attempts: they run without a limit; give it one with Queue.named(\"{}\")"
          + ".concurrency(n), .perEngine(n) or .rateLimit(k, period)", step, queue, queue);
    } else if (lane == null && warned.add(queue)) {
      LOG.warn("step '{}' names queue '{}', which this engine does not limit: its attempts run"
          + " without a limit here; configure it with DurableEngine.builder().queue(\"{}\", n)",
          step, queue, queue);
    }
    return lane;
  }
}
