package dev.durable.runtime.internal.engine;

import dev.durable.runtime.internal.store.ClaimedRun;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.BiConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Claims back, a little ahead of their due time, the runs this engine suspended on a timer or a
 * backoff of their own ({@link Timers#claimAhead}), on a thread of its own so that a poll under
 * way does not hold them up; their turns wait out the rest in process. A run not claimed (no free
 * slot, the store failed, or the run changed meanwhile) is left to a timer at its due time.
 */
final class ClaimsAhead implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(ClaimsAhead.class);

  /** The scheduler's slots and execution, which claimed runs go to. */
  interface Slots {
    /** Reserves a slot to execute a run at once. */
    boolean tryReserve();

    /** Gives back a reserved slot not used. */
    void release();

    /** Executes a claimed run in a reserved slot; {@code now} is when it was claimed. */
    void submit(ClaimedRun claim, Instant now);
  }

  private final Services services;
  private final Timers timers;
  private final Slots slots;
  private final ExecutorService claimer =
      Executors.newSingleThreadExecutor(Threads.numbered("durable-claim-ahead"));
  private final Queue<Timers.Ahead> queued = new ConcurrentLinkedQueue<>();

  ClaimsAhead(Services services, Timers timers, Slots slots) {
    this.services = services;
    this.timers = timers;
    this.slots = slots;
    timers.onAhead(this::queue);
  }

  /** Queues the runs whose timers' leads came for the claimer thread. */
  private void queue(List<Timers.Ahead> runs) {
    queued.addAll(runs);
    try {
      claimer.execute(this::claimBack);
    } catch (RejectedExecutionException closing) {
      // the engine is closing: its runs are left to whichever engine polls next
    }
  }

  /**
   * Claims back by id, in one statement, every queued run for which a slot is free, earliest due
   * first, and submits their turns in those slots; runs queued while a claim is under way are
   * claimed together by the next.
   */
  private void claimBack() {
    List<Timers.Ahead> runs = new ArrayList<>();
    for (Timers.Ahead run = queued.poll(); run != null; run = queued.poll()) {
      runs.add(run);
    }
    runs.sort(Comparator.comparing(Timers.Ahead::due));
    int reserved = 0;
    while (reserved < runs.size() && slots.tryReserve()) {
      reserved++;
    }
    List<Timers.Ahead> claimable = runs.subList(0, reserved);
    List<ClaimedRun> claimed = List.of();
    Instant now = services.time().now();
    if (!claimable.isEmpty()) {
      try {
        claimed = services.store().claimAhead(
            claimable.stream().map(Timers.Ahead::runId).toList(),
            now.plus(services.time().claimLead()), now, services.engineId(),
            now.plus(services.leaseDuration()));
      } catch (RuntimeException e) {
        LOG.debug("cannot claim runs ahead of their due time: {}; they wait for it",
            e.getMessage());
      }
    }
    Set<String> taken = new HashSet<>();
    for (ClaimedRun claim : claimed) {
      taken.add(claim.run().runId());
      slots.submit(claim, now);
    }
    for (int i = claimed.size(); i < reserved; i++) {
      slots.release();
    }
    for (Timers.Ahead run : runs) {
      if (!taken.contains(run.runId())) {
        timers.wakeAt(run.due());
      }
    }
  }

  /**
   * Stops claiming: claims queued still run, and find no slot free. Not interrupted, as a
   * {@link PollLoop} is not.
   */
  @Override
  public void close() {
    claimer.shutdown();
  }
}
