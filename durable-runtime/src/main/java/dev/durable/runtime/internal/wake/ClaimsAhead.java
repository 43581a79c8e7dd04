package dev.durable.runtime.internal.wake;

import dev.durable.runtime.internal.model.ClaimedRun;
import dev.durable.runtime.internal.store.RunStore;
import dev.durable.runtime.internal.time.Threads;
import dev.durable.runtime.internal.time.Time;
import dev.durable.runtime.internal.wake.ExecutionSlots;
import java.time.Duration;
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

  private final RunStore store;
  private final Time time;
  private final String engineId;
  private final Duration leaseDuration;
  private final Timers timers;
  private final ExecutionSlots slots;
  private final ExecutorService claimer =
      Executors.newSingleThreadExecutor(Threads.numbered("durable-claim-ahead"));
  private final Queue<Timers.Ahead> queued = new ConcurrentLinkedQueue<>();

  /**
   * @param engineId the engine the runs are leased to, for {@code leaseDuration}
   * @param slots the scheduler's slots, which the runs claimed go to
   */
  ClaimsAhead(
      RunStore store, Time time, String engineId, Duration leaseDuration, Timers timers,
      ExecutionSlots slots) {
    this.store = store;
    this.time = time;
    this.engineId = engineId;
    this.leaseDuration = leaseDuration;
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
    Instant now = time.now();
    if (!claimable.isEmpty()) {
      try {
        claimed = store.claimAhead(
            claimable.stream().map(Timers.Ahead::runId).toList(),
            now.plus(time.claimLead()), now, engineId, now.plus(leaseDuration));
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
