package dev.durable.runtime.engine;

import dev.durable.runtime.RunState;
import dev.durable.runtime.store.RunRecord;
import dev.durable.runtime.store.StoreException;
import dev.durable.runtime.store.WorkflowKey;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Decides what runs when: the background poll for due runs, the concurrency slots and worker
 * threads of a started engine, lease renewal, and {@code tick()}.
 *
 * <p>A run waiting out a backoff or a timer holds no slot and no lease: it is only a due time in
 * the store (and, when due within five minutes, one of the {@link Timers} that wake the poll).
 * The poll and the timers are made before the scheduler and the {@link Services} it shares with
 * the turns, which ask them for wake-ups; see {@link #pollLoop}.
 */
final class Scheduler implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(Scheduler.class);
  private static final Duration UNKNOWN_REPORT_INTERVAL = Duration.ofMinutes(1);

  private final Services services;
  private final Registry registry;
  private final RunExecutor executor;
  private final Duration shutdownTimeout;
  private final Slots slots;
  private final ThreadPoolExecutor workers;
  private final Timers timers;
  private final ScheduledExecutorService leases;
  private final PollLoop poll;
  private final Set<WorkflowKey> reportedUnknown = ConcurrentHashMap.newKeySet();
  private final Duration renewEvery;
  private final AtomicBoolean renewalQueued = new AtomicBoolean();
  private volatile Instant renewedAt;
  private volatile long lastUnknownReport;

  /** The poll for due runs of an engine, to make before its {@link Services} and scheduler. */
  static PollLoop pollLoop(Duration pollInterval) {
    return new PollLoop(
        "durable-poller", pollInterval, LOG, "cannot poll the store for due runs");
  }

  /**
   * @param poll the engine's {@link #pollLoop}
   * @param timers the timers that signal {@code poll}
   */
  Scheduler(
      Services services, Registry registry, RunExecutor executor, PollLoop poll, Timers timers,
      int maxConcurrentRuns, Duration shutdownTimeout) {
    this.services = services;
    this.registry = registry;
    this.executor = executor;
    this.poll = poll;
    this.timers = timers;
    this.shutdownTimeout = shutdownTimeout;
    this.slots = new Slots(maxConcurrentRuns);
    this.workers =
        new ThreadPoolExecutor(
            maxConcurrentRuns, maxConcurrentRuns, 0, TimeUnit.MILLISECONDS,
            new LinkedBlockingQueue<>(), Threads.numbered("durable-run"));
    this.leases =
        Executors.newSingleThreadScheduledExecutor(task -> Threads.daemon(task, "durable-leases"));
    this.renewEvery = Duration.ofMillis(Math.max(1, services.leaseDuration().toMillis() / 3));
    this.renewedAt = services.time().now();
    leases.scheduleAtFixedRate(
        this::renewLeases, renewEvery.toMillis(), renewEvery.toMillis(), TimeUnit.MILLISECONDS);
  }

  synchronized void start() {
    if (poll.isStarted() || poll.isStopped()) {
      return;
    }
    timers.start();
    poll.start(() -> {
      reportUnknownWorkflows();
      return pollOnce();
    });
  }

  boolean isStarted() {
    return poll.isStarted();
  }

  // ---- slots and execution

  /** Reserves a slot to execute a run at once; release it if the run is not submitted. */
  boolean tryReserve() {
    return poll.isStarted() && !poll.isStopped() && slots.tryTake();
  }

  void release() {
    releaseSlot();
  }

  private void releaseSlot() {
    if (slots.release()) {
      poll.signal();
    }
  }

  /**
   * Executes a run this engine claimed, in a reserved slot: at once, or when a turn of it that is
   * still finishing here has ended.
   */
  void submit(RunRecord claimed, boolean fresh) {
    services.inFlight().begin(claimed.runId(), flight -> {
      try {
        workers.execute(() -> {
          try {
            executor.execute(claimed, flight, true, fresh);
          } catch (RuntimeException e) {
            LOG.error("run {}: unexpected engine error; the run is taken up again when its lease"
                + " expires", claimed.runId(), e);
          } finally {
            releaseSlot();
          }
        });
      } catch (RuntimeException rejected) {
        // the engine is closing: the run's lease is released with the others
        services.inFlight().end(claimed.runId());
        releaseSlot();
      }
    });
  }

  /** Makes the poller look for due runs now. */
  void signalPoll() {
    poll.signal();
  }

  /** A test clock moved: fire timers that came due, poll, and renew leases if that is due. */
  void clockMoved() {
    timers.clockMoved();
    poll.signal();
    if (!services.time().now().isBefore(renewedAt.plus(renewEvery))
        && renewalQueued.compareAndSet(false, true)) {
      try {
        leases.execute(() -> {
          renewalQueued.set(false);
          renewLeases();
        });
      } catch (RejectedExecutionException closing) {
        // the engine is closing: its leases are released
      }
    }
  }

  // ---- the poll

  /**
   * Claims due runs for the free slots, in one batch, and submits them; returns whether more may
   * be due.
   */
  private boolean pollOnce() {
    int free = slots.free();
    if (free == 0) {
      slots.pollWasLimited(true);
      return false;
    }
    List<RunRecord> claimed = claimDue(free);
    slots.take(claimed.size());
    boolean more = claimed.size() == free;
    slots.pollWasLimited(more);
    for (RunRecord run : claimed) {
      submit(run, false);
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
    return poll.tick(
        () -> claimDue(1),
        run -> services.inFlight().begin(
            run.runId(), flight -> executor.execute(run, flight, false, false)));
  }

  /** Claims up to {@code limit} due runs of the registered workflows, leased to this engine. */
  private List<RunRecord> claimDue(int limit) {
    Instant now = services.time().now();
    return services.store().claimDue(
        now, registry.keys(), limit, services.engineId(), now.plus(services.leaseDuration()));
  }

  // ---- leases

  /**
   * Renews the leases of the runs executing here, and only those: a run whose turn was abandoned
   * (the store failed under it) must come due when its lease expires.
   *
   * <p>Leases expire by the engine's clock, and are renewed whenever a third of a lease has passed
   * by it: every third of a lease of real time, and at once when a {@link
   * dev.durable.runtime.testing.TestClock} jumps further than that (see {@link #clockMoved}), so
   * that moving a test clock does not let the leases of runs in flight here lapse. The real-time
   * renewals also look for runs cancelled elsewhere, which a frozen test clock must not stop.
   */
  private void renewLeases() {
    List<String> inFlight = services.inFlight().ids();
    Instant now = services.time().now();
    renewedAt = now;
    try {
      services.store().renewLeases(
          services.engineId(), inFlight, now.plus(services.leaseDuration()));
    } catch (RuntimeException e) {
      LOG.warn("cannot renew this engine's leases: {}; runs in flight may be taken over by"
          + " another engine if this lasts {}", e.getMessage(), services.leaseDuration());
    }
    stopCancelled(inFlight);
  }

  /**
   * Stops the runs among {@code runIds} that execute here but were cancelled through another
   * engine (or by hand): their attempts are cancelled and the threads running them interrupted, as
   * {@code cancel} does on the engine it is called on. This engine learns of such a cancellation
   * from PostgreSQL's notification at once, or else at its next lease renewal.
   */
  void stopCancelled(Collection<String> runIds) {
    List<String> candidates = runIds.stream()
        .filter(runId -> services.inFlight().get(runId).filter(run -> !run.isCancelled())
            .isPresent())
        .toList();
    if (candidates.isEmpty()) {
      return;
    }
    List<String> cancelled;
    try {
      cancelled = services.store().cancelled(candidates);
    } catch (StoreException e) {
      LOG.warn("cannot read whether runs executing here were cancelled: {}; they are looked at"
          + " again at the next lease renewal", e.getMessage());
      return;
    }
    for (String runId : cancelled) {
      LOG.info("run {} was cancelled elsewhere; its turn here stops", runId);
      services.inFlight().cancel(runId);
      services.waiters().ended(runId, new Waiters.Outcome(RunState.CANCELLED, null, null));
    }
  }

  // ---- shutdown

  @Override
  public void close() {
    if (!poll.stop()) {
      return;
    }
    timers.close();
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
    leases.shutdownNow();
  }

  boolean isClosed() {
    return poll.isStopped();
  }
}
