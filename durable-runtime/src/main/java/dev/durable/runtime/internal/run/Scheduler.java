package dev.durable.runtime.internal.run;

import dev.durable.runtime.internal.flow.Admissions;
import dev.durable.runtime.internal.model.ClaimedRun;
import dev.durable.runtime.internal.schedule.Schedules;
import dev.durable.runtime.internal.store.RunStore;
import dev.durable.runtime.internal.time.Time;
import dev.durable.runtime.internal.wake.EngineWakeups;
import dev.durable.runtime.internal.wake.ExecutionSlots;
import dev.durable.runtime.internal.wake.PollLoop;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Decides what runs when: the background poll for due runs, the concurrency slots and the threads
 * (virtual or platform, {@link Threads#executor}) that execute a started engine's runs, the {@link
 * Leases} of the runs they execute, and {@code tick()}.
 *
 * <p>Each poll and each tick first fires the {@link Schedules} that are due, then admits the runs
 * of its queues that their limits leave room for ({@link Admissions}), so that the runs they start
 * or admit are claimed by the same poll.
 *
 * <p>A run waiting out a backoff or a timer holds no slot and no lease: it is only a due time in
 * the store. What makes the poll look sooner, or claims a run back ahead of it, is the engine's
 * {@link EngineWakeups}, made with the poll before the scheduler and the turns, which wake runs
 * through it; the scheduler starts and stops it with the poll, and lends it its
 * slots ({@link ExecutionSlots}) for the runs claimed ahead or handed back.
 */
public final class Scheduler implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(Scheduler.class);
  /** The longest {@link #close} waits for the poll under way to return. */
  private static final Duration POLL_END = Duration.ofSeconds(5);

  private final RunClaims claims;
  private final RunExecutor executor;
  private final Time time;
  private final InFlight inFlight;
  private final EngineWakeups wakeups;
  private final Duration shutdownTimeout;
  private final RunConcurrency concurrency;
  private final ExecutorService workers;
  private final Leases leases;
  private final PollLoop poll;
  private final Schedules schedules;
  private final Admissions admissions;

  /** The poll for due runs of an engine, to make before its wake-ups, turns and scheduler. */
  public static PollLoop pollLoop(Duration pollInterval) {
    return new PollLoop(
        "durable-poller", pollInterval, LOG, "cannot poll the store for due runs");
  }

  /**
   * @param wakeups the engine's, which the scheduler starts and stops with the poll
   * @param poll the engine's {@link #pollLoop}, which its {@link EngineWakeups} signal
   * @param schedules fired at each poll and tick, before due runs are claimed
   * @param admissions admit queued runs at each poll and tick, after the schedules fire and before
   *     due runs are claimed
   * @param leases renews the leases of the runs in flight here; closed with the scheduler
   * @param workers executes the runs, one task per run in flight: at most {@code
   *     maxConcurrentRuns} at once (the slots bound them); shut down with the scheduler
   */
  public Scheduler(
      RunClaims claims, RunExecutor executor, Time time, InFlight inFlight, EngineWakeups wakeups,
      PollLoop poll, Schedules schedules, Admissions admissions, Leases leases,
      int maxConcurrentRuns,
      ExecutorService workers, Duration shutdownTimeout) {
    this.claims = claims;
    this.executor = executor;
    this.time = time;
    this.inFlight = inFlight;
    this.wakeups = wakeups;
    this.poll = poll;
    this.schedules = schedules;
    this.admissions = admissions;
    this.leases = leases;
    this.shutdownTimeout = shutdownTimeout;
    this.concurrency = new RunConcurrency(maxConcurrentRuns);
    this.workers = workers;
    wakeups.bind(new ExecutionSlots() {
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
        claims.observe(claim, now);
        Scheduler.this.submit(claim);
      }
    });
  }

  public synchronized void start() {
    if (poll.isStarted() || poll.isStopped()) {
      return;
    }
    wakeups.start();
    poll.start(() -> {
      claims.reportUnknownWorkflows();
      schedules.fireDue();
      boolean moreToAdmit = admissions.admitDue(concurrency.free());
      return pollOnce() || moreToAdmit;
    });
  }

  boolean isStarted() {
    return poll.isStarted();
  }

  // ---- slots and execution

  /** Reserves a slot to execute a run at once; release it if the run is not submitted. */
  public boolean tryReserve() {
    return poll.isStarted() && !poll.isStopped() && concurrency.tryTake();
  }

  /** Gives back a slot taken by {@link #tryReserve} or by a claim. */
  public void release() {
    if (concurrency.release()) {
      wakeups.slotFree();
    }
  }

  /**
   * Executes a run this engine claimed, in a reserved slot: at once, or when a turn of it that is
   * still finishing here has ended.
   *
   * @param claim the run as claimed, with what its turn reads before it replays if that was read
   *     already (with the claim, or nothing for a run just started here)
   */
  public void submit(ClaimedRun claim) {
    String runId = claim.run().runId();
    inFlight.begin(runId, flight -> {
      try {
        workers.execute(() -> {
          try {
            executor.execute(claim, flight, true);
          } catch (RuntimeException e) {
            LOG.error("run {}: unexpected engine error; the run is taken up again when its lease"
                + " expires", runId, e);
          } finally {
            release();
          }
        });
      } catch (RuntimeException rejected) {
        // the engine is closing: the run's lease is released with the others
        inFlight.end(runId);
        release();
      }
    });
  }

  /** A test clock moved: fire timers that came due, poll, and renew leases if that is due. */
  public void clockMoved() {
    wakeups.clockMoved();
    leases.clockMoved();
  }

  // ---- the poll

  /**
   * Stops the runs in flight whose run timeout ended, then claims due runs for the free slots, in
   * one batch, and submits them; returns whether more may be due.
   */
  private boolean pollOnce() {
    inFlight.timeOutExpired(time.now());
    int free = concurrency.free();
    if (free == 0) {
      concurrency.pollWasLimited(true);
      return false;
    }
    List<ClaimedRun> claimed = claims.claimDue(free);
    concurrency.take(claimed.size());
    boolean more = claimed.size() == RunStore.claimBatch(free);
    concurrency.pollWasLimited(more);
    for (ClaimedRun claim : claimed) {
      submit(claim);
    }
    return more;
  }

  // ---- tick

  /**
   * Runs everything due now on the calling thread, one run at a time (so that no claimed run waits
   * out another's in-process backoff under a lease); see {@code DurableEngine.tick()}.
   */
  public int tick() {
    claims.reportUnknownWorkflows();
    schedules.fireDue();
    int turns = 0;
    admissions.lookAgain(); // a tick runs what is due now: no queue is left alone for a while
    while (true) { // runs of a queue that end free its slots: admit again, until nothing runs
      boolean moreToAdmit = admissions.admitDue(Integer.MAX_VALUE); // the tick claims them all
      int ran = poll.tick(
          () -> claims.claimDue(1),
          claim -> inFlight.begin(claim.run().runId(),
              flight -> executor.execute(claim, flight, false)));
      turns += ran;
      if (ran == 0 && !moreToAdmit) {
        return turns;
      }
    }
  }

  /**
   * A run was queued in {@code queue} by this engine: the poll admits it, at once or when its
   * delay ends ({@code notBefore}, null for none).
   */
  public void runQueued(String queue, Instant notBefore) {
    admissions.runQueued(queue);
    wakeups.runQueued(queue, notBefore == null ? time.now() : notBefore);
  }

  // ---- shutdown

  @Override
  public void close() {
    if (!poll.stop()) {
      return;
    }
    poll.awaitEnd(POLL_END);
    wakeups.stop();
    workers.shutdown();
    try {
      if (!workers.awaitTermination(shutdownTimeout.toMillis(), TimeUnit.MILLISECONDS)) {
        LOG.warn("runs still in flight after {}; cancelling them", shutdownTimeout);
        inFlight.cancelAll();
        workers.shutdownNow();
        workers.awaitTermination(shutdownTimeout.toMillis(), TimeUnit.MILLISECONDS);
      }
    } catch (InterruptedException e) {
      workers.shutdownNow();
      Thread.currentThread().interrupt();
    }
    leases.close();
  }

  public boolean isClosed() {
    return poll.isStopped();
  }
}
