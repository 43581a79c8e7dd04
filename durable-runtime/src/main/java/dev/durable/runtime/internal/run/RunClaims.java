package dev.durable.runtime.internal.run;

import dev.durable.runtime.internal.common.Registry;
import dev.durable.runtime.internal.model.ClaimedRun;
import dev.durable.runtime.internal.model.WorkflowKey;
import dev.durable.runtime.internal.observe.Observer;
import dev.durable.runtime.internal.store.RunStore;
import dev.durable.runtime.internal.time.Time;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Claims an engine's due runs: those of the workflows it has registered, each leased to it, and
 * reported with how late it was claimed; warns of due runs of workflows it does not have.
 */
public final class RunClaims {
  private static final Logger LOG = LoggerFactory.getLogger(RunClaims.class);
  private static final Duration UNKNOWN_REPORT_INTERVAL = Duration.ofMinutes(1);

  private final RunStore store;
  private final Time time;
  private final Registry registry;
  private final Observer observer;
  private final String engineId;
  private final Duration leaseDuration;
  private final Set<WorkflowKey> reportedUnknown = ConcurrentHashMap.newKeySet();
  private volatile long lastUnknownReport;

  /** @param leaseDuration how long a claimed run is leased to this engine */
  public RunClaims(
      RunStore store, Time time, Registry registry, Observer observer, String engineId,
      Duration leaseDuration) {
    this.store = store;
    this.time = time;
    this.registry = registry;
    this.observer = observer;
    this.engineId = engineId;
    this.leaseDuration = leaseDuration;
  }

  /** Claims up to {@code limit} due runs of the registered workflows, leased to this engine. */
  List<ClaimedRun> claimDue(int limit) {
    Instant now = time.now();
    List<ClaimedRun> claimed =
        store.claim(now, registry.keys(), limit, engineId, now.plus(leaseDuration));
    claimed.forEach(claim -> observe(claim, now));
    return claimed;
  }

  /** Reports a claim, and how late it was: none for a run claimed ahead of its due time. */
  void observe(ClaimedRun claim, Instant now) {
    Duration late = Duration.between(claim.wasDueAt(), now);
    observer.runClaimed(claim.run().workflow().name(),
        late.isNegative() ? Duration.ZERO : late, claim.takenOver());
  }

  /**
   * Warns, once per workflow and engine, about due runs of workflows no engine here has
   * registered: they would otherwise wait silently.
   */
  void reportUnknownWorkflows() {
    long current = System.nanoTime();
    if (lastUnknownReport != 0
        && current - lastUnknownReport < UNKNOWN_REPORT_INTERVAL.toNanos()) {
      return;
    }
    lastUnknownReport = current;
    Map<WorkflowKey, Long> due = store.countDueByWorkflow(time.now());
    List<WorkflowKey> known = registry.keys();
    due.forEach((key, count) -> {
      if (!known.contains(key) && reportedUnknown.add(key)) {
        LOG.warn("{} run(s) of {} are due, but that workflow is not registered with this engine"
            + " (registered: {}); register its Durable class here, or run an engine that has it",
            count, key, known);
      }
    });
  }
}
