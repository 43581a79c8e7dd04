package dev.durable.runtime.internal.engine;

import dev.durable.runtime.internal.store.ClaimedRun;
import dev.durable.runtime.internal.store.Resumption;
import dev.durable.runtime.internal.store.RunRecord;
import dev.durable.runtime.internal.store.WorkflowKey;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Decides what runs when: the background poll for due runs, the concurrency slots and worker
 * threads of a started engine, the {@link Leases} of the runs they execute, and {@code tick()}.
 *
 * <p>Each poll and each tick first fires the {@link Schedules} that are due, so that the runs
 * they start are claimed by the same poll.
 *
 * <p>A run waiting out a backoff or a timer holds no slot and no lease: it is only a due time in
 * the store. What makes the poll look sooner, or claims a run back ahead of it, is the engine's
 * {@link EngineWakeups}, made with the poll before the scheduler and the {@link Services} it
 * shares with the turns; the scheduler starts and stops it with the poll, and lends it its
 * slots ({@link ExecutionSlots}) for the runs claimed ahead or handed back.
 */
final class Scheduler implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(Scheduler.class);
  private static final Duration UNKNOWN_REPORT_INTERVAL = Duration.ofMinutes(1);

  private final Services services;
  private final Registry registry;
  private final RunExecutor executor;
  private final Duration shutdownTimeout;
  private final RunConcurrency concurrency;
  private final ThreadPoolExecutor workers;
  private final Leases leases;
  private final CancelledElsewhere cancelledElsewhere;
  private final PollLoop poll;
  private final Schedules schedules;
  private final Set<WorkflowKey> reportedUnknown = ConcurrentHashMap.newKeySet();
  private volatile long lastUnknownReport;

  /** The poll for due runs of an engine, to make before its {@link Services} and scheduler. */
  static PollLoop pollLoop(Duration pollInterval) {
    return new PollLoop(
        "durable-poller", pollInterval, LOG, "cannot poll the store for due runs");
  }

  /**
   * @param poll the engine's {@link #pollLoop}, which its {@link EngineWakeups} signal
   * @param schedules fired at each poll and tick, before due runs are claimed
   */
  Scheduler(
      Services services, Registry registry, RunExecutor executor, PollLoop poll,
      Schedules schedules, int maxConcurrentRuns, Duration shutdownTimeout) {
    this.services = services;
    this.registry = registry;
    this.executor = executor;
    this.poll = poll;
    this.schedules = schedules;
    this.shutdownTimeout = shutdownTimeout;
    this.concurrency = new RunConcurrency(maxConcurrentRuns);
    this.workers =
        new ThreadPoolExecutor(
            maxConcurrentRuns, maxConcurrentRuns, 0, TimeUnit.MILLISECONDS,
            new LinkedBlockingQueue<>(), Threads.numbered("durable-run"));
    this.cancelledElsewhere = new CancelledElsewhere(services);
    this.leases = new Leases(services, cancelledElsewhere);
    services.wakeups().bind(new ExecutionSlots() {
      @Override
      public boolean tryReserve() {
        return Scheduler.this.tryReserve();
      }

      @Override
      public void release() {
        Scheduler.this.release();
      }

      @Override
      public void submit(ClaimedRun claim, Instant now) {
        observeClaim(claim, now);
        Scheduler.this.submit(claim.run(), claim.resumption());
      }
    });
  }

  synchronized void start() {
    if (poll.isStarted() || poll.isStopped()) {
      return;
    }
    services.wakeups().start();
    poll.start(() -> {
      reportUnknownWorkflows();
      schedules.fireDue();
      return pollOnce();
    });
  }

  boolean isStarted() {
    return poll.isStarted();
  }

  // ---- slots and execution

  /** Reserves a slot to execute a run at once; release it if the run is not submitted. */
  boolean tryReserve() {
    return poll.isStarted() && !poll.isStopped() && concurrency.tryTake();
  }

  /** Gives back a slot taken by {@link #tryReserve} or by a claim. */
  void release() {
    if (concurrency.release()) {
      services.wakeups().slotFree();
    }
  }

  /**
   * Executes a run this engine claimed, in a reserved slot: at once, or when a turn of it that is
   * still finishing here has ended.
   *
   * @param resumption what the turn reads before it replays, if read already (with the claim, or
   *     {@link RunExecutor#FRESH}); null for the turn to read it
   */
  void submit(RunRecord claimed, Resumption resumption) {
    services.inFlight().begin(claimed.runId(), flight -> {
      try {
        workers.execute(() -> {
          try {
            executor.execute(claimed, flight, true, resumption);
          } catch (RuntimeException e) {
            LOG.error("run {}: unexpected engine error; the run is taken up again when its lease"
                + " expires", claimed.runId(), e);
          } finally {
            release();
          }
        });
      } catch (RuntimeException rejected) {
        // the engine is closing: the run's lease is released with the others
        services.inFlight().end(claimed.runId());
        release();
      }
    });
  }

  /** A test clock moved: fire timers that came due, poll, and renew leases if that is due. */
  void clockMoved() {
    services.wakeups().clockMoved();
    leases.clockMoved();
  }

  /** Stops the runs among {@code runIds} executing here that were cancelled elsewhere. */
  void stopCancelled(Collection<String> runIds) {
    cancelledElsewhere.stop(runIds);
  }

  // ---- the poll

  /**
   * Stops the runs in flight whose run timeout ended, then claims due runs for the free slots, in
   * one batch, and submits them; returns whether more may be due.
   */
  private boolean pollOnce() {
    services.inFlight().timeOutExpired(services.time().now());
    int free = concurrency.free();
    if (free == 0) {
      concurrency.pollWasLimited(true);
      return false;
    }
    List<ClaimedRun> claimed = claimDue(free);
    concurrency.take(claimed.size());
    boolean more = claimed.size() == free;
    concurrency.pollWasLimited(more);
    for (ClaimedRun claim : claimed) {
      submit(claim.run(), claim.resumption());
    }
    return more;
  }

  /**
   * Warns, once per workflow and engine, about due runs of workflows no engine here has
   * registered: they would otherwise wait silently.
   */
  private void reportUnknownWorkflows() {
    long current = System.nanoTime();
    if (lastUnknownReport != 0
        && current - lastUnknownReport < UNKNOWN_REPORT_INTERVAL.toNanos()) {
      return;
    }
    lastUnknownReport = current;
    Map<WorkflowKey, Long> due = services.store().countDueByWorkflow(services.time().now());
    List<WorkflowKey> known = registry.keys();
    due.forEach((key, count) -> {
      if (!known.contains(key) && reportedUnknown.add(key)) {
        LOG.warn("{} run(s) of {} are due, but that workflow is not registered with this engine"
            + " (registered: {}); register its Durable class here, or run an engine that has it",
            count, key, known);
      }
    });
  }

  // ---- tick

  /**
   * Runs everything due now on the calling thread, one run at a time (so that no claimed run waits
   * out another's in-process backoff under a lease); see {@code DurableEngine.tick()}.
   */
  int tick() {
    reportUnknownWorkflows();
    schedules.fireDue();
    return poll.tick(
        () -> claimDue(1),
        claim -> services.inFlight().begin(claim.run().runId(),
            flight -> executor.execute(claim.run(), flight, false, claim.resumption())));
  }

  /** Claims up to {@code limit} due runs of the registered workflows, leased to this engine. */
  private List<ClaimedRun> claimDue(int limit) {
    Instant now = services.time().now();
    List<ClaimedRun> claimed = services.store().claim(
        now, registry.keys(), limit, services.engineId(), now.plus(services.leaseDuration()));
    claimed.forEach(claim -> observeClaim(claim, now));
    return claimed;
  }

  /** Reports a claim, and how late it was: none for a run claimed ahead of its due time. */
  private void observeClaim(ClaimedRun claim, Instant now) {
    Duration late = Duration.between(claim.wasDueAt(), now);
    services.observer().runClaimed(claim.run().workflow().name(),
        late.isNegative() ? Duration.ZERO : late, claim.takenOver());
  }

  // ---- shutdown

  @Override
  public void close() {
    if (!poll.stop()) {
      return;
    }
    services.wakeups().stop();
    workers.shutdown();
    try {
      if (!workers.awaitTermination(shutdownTimeout.toMillis(), TimeUnit.MILLISECONDS)) {
        LOG.warn("runs still in flight after {}; cancelling them", shutdownTimeout);
        services.inFlight().cancelAll();
        workers.shutdownNow();
        workers.awaitTermination(shutdownTimeout.toMillis(), TimeUnit.MILLISECONDS);
      }
    } catch (InterruptedException e) {
      workers.shutdownNow();
      Thread.currentThread().interrupt();
    }
    leases.close();
  }

  boolean isClosed() {
    return poll.isStopped();
  }
}
