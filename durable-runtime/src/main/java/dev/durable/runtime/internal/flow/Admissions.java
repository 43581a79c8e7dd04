package dev.durable.runtime.internal.flow;

import dev.durable.runtime.Queue;
import dev.durable.runtime.StoreException;
import dev.durable.runtime.internal.observe.Observer;
import dev.durable.runtime.internal.store.flow.QueueAdmissions;
import dev.durable.runtime.internal.store.flow.QueueSlots;
import dev.durable.runtime.internal.time.Time;
import dev.durable.runtime.internal.wake.EngineWakeups;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The admission of the runs queued in the queues this engine declares ({@link Queue}), on the
 * one wake-up path: each poll and each tick admits, after the schedules fire and before the claim,
 * so that the claim takes the runs just admitted. Each queue is admitted in a transaction of its
 * own under its row's lock ({@link QueueAdmissions#admit}); an engine that finds another admitting
 * skips the queue this time.
 *
 * <p>The poll looks again when the rate limit's window frees a permit for runs that wait for it
 * alone (a timer of the {@link EngineWakeups}), when a run of a declared queue ends here ({@link
 * #runEnded}), and when a run is queued in a declared queue by any engine (the wake-ups call
 * {@link #queueMayHaveRuns}). A queue found with no queued run is left alone until a poll interval
 * has passed, or until a run is queued in it or ends here: an idle queue costs no transaction per
 * poll.
 */
public final class Admissions {
  private static final Logger LOG = LoggerFactory.getLogger(Admissions.class);

  private final QueueAdmissions runQueues;
  private final Time time;
  private final String engineId;
  private final List<Queue> queues;
  private final EngineWakeups wakeups;
  private final Duration idleRecheck;
  /** The step queues, whose runs parked for a slot another engine freed the poll wakes. */
  private final Queues stepQueues;
  /** Counts each queue's admissions, and the polls at which its rate limit alone held runs. */
  private final Observer observer;
  /**
   * When each queue found idle may be looked at again, in {@link System#nanoTime()}: a matter of
   * cost, not of the engine's clock (a test clock that stands still would leave it idle).
   */
  private final Map<String, Long> idleUntil = new ConcurrentHashMap<>();
  private final Set<String> undeclaredWarned = ConcurrentHashMap.newKeySet();

  private Admissions(QueueAdmissions runQueues, Time time, String engineId, List<Queue> queues,
      EngineWakeups wakeups, Duration idleRecheck, Queues stepQueues, Observer observer) {
    this.runQueues = runQueues;
    this.time = time;
    this.engineId = engineId;
    this.queues = queues;
    this.wakeups = wakeups;
    this.idleRecheck = idleRecheck;
    this.stepQueues = stepQueues;
    this.observer = observer;
  }

  /**
   * The admissions of {@code queues}, each declaration stored first, with the slots and permits of
   * its steps' attempts where it limits them across engines; a queue another engine declared
   * otherwise is warned about, naming both declarations.
   *
   * @param stepQueues the step queues, whose runs parked for a slot freed elsewhere each poll wakes
   * @param observer told of each admission: how many runs, and whether the rate limit alone held
   *     others back
   */
  public static Admissions declare(QueueAdmissions runQueues, QueueSlots slots, Time time,
      String engineId, Collection<Queue> queues, EngineWakeups wakeups, Duration pollInterval,
      Queues stepQueues, Observer observer) {
    for (Queue queue : queues) {
      runQueues.declare(queue, engineId, time.now()).ifPresent(other -> LOG.warn(
          "queue '{}' is declared as {} by engine {}, but was stored as {}: every engine serving"
              + " the queue should declare it the same way, or each admits by its own limits",
          queue.name(), queue, engineId, other));
      if (QueueSlots.limitsAttempts(queue)) {
        slots.declare(queue); // the slots and permits of its steps' attempts
      }
    }
    return new Admissions(
        runQueues, time, engineId, List.copyOf(queues), wakeups, pollInterval, stepQueues,
        observer);
  }

  /** Whether this engine admits the runs of {@code queue}. */
  boolean declares(String queue) {
    return queues.stream().anyMatch(q -> q.name().equals(queue));
  }

  /**
   * Admits the queued runs of every declared queue that its limits leave room for; and wakes the
   * runs parked here for a step queue's slot that another engine freed ({@link
   * Queues#wakeParkedForFreedSlots}).
   *
   * @return whether more may be admitted at once (partition keys were left for a next round)
   */
  public boolean admitDue() {
    stepQueues.wakeParkedForFreedSlots();
    boolean more = false;
    for (Queue queue : queues) {
      Long idle = idleUntil.get(queue.name());
      if (idle != null && System.nanoTime() - idle < 0) {
        continue;
      }
      QueueAdmissions.Admission admission;
      try {
        admission = runQueues.admit(queue, engineId, time::now);
      } catch (StoreException e) {
        LOG.warn("cannot admit the runs of queue '{}': {}; trying again at the next poll",
            queue.name(), e.getMessage());
        continue;
      }
      if (admission.idle()) {
        idleUntil.put(queue.name(), System.nanoTime() + idleRecheck.toNanos());
      }
      admission.nextAt().ifPresent(wakeups::runDue);
      if (admission.admitted() > 0 || admission.nextAt().isPresent()) {
        observer.runsAdmitted(queue.name(), admission.admitted(), admission.nextAt().isPresent());
      }
      more |= admission.more();
    }
    return more;
  }

  /**
   * A run was queued in {@code queue} here: its admission is looked at, at the next poll; a queue
   * this engine does not declare is warned about once, as its runs wait for another engine.
   */
  public void runQueued(String queue) {
    queueMayHaveRuns(queue);
    if (!declares(queue) && undeclaredWarned.add(queue)) {
      LOG.warn("a run was started through queue '{}', which this engine does not declare: it"
          + " stays ENQUEUED until an engine that declares the queue admits it; declare it with"
          + " DurableEngine.builder().queue(Queue.named(\"{}\")...)", queue, queue);
    }
  }

  /**
   * A run may have been queued in {@code queue}, here or by another engine: the next poll looks at
   * its admission even if it found the queue idle.
   */
  public void queueMayHaveRuns(String queue) {
    idleUntil.remove(queue);
  }

  /** A run of {@code queue} ended here: its slot is free, so the poll admits again now. */
  public void runEnded(String queue) {
    if (queue != null && declares(queue)) {
      idleUntil.remove(queue);
      wakeups.slotFree();
    }
  }
}
