package dev.durable.runtime.internal.flow;

import dev.durable.runtime.Queue;
import dev.durable.runtime.StoreException;
import dev.durable.runtime.internal.observe.Observer;
import dev.durable.runtime.internal.store.flow.QueueAdmissions;
import dev.durable.runtime.internal.store.flow.QueueSlots;
import dev.durable.runtime.internal.time.Time;
import dev.durable.runtime.internal.wake.EngineWakeups;
import java.time.Duration;
import java.time.Instant;
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
 * skips the queue this time, and looks again a few milliseconds later.
 *
 * <p>The poll looks again when the rate limit's window frees a permit for runs that wait for it
 * alone (a timer of the {@link EngineWakeups}), when a run of a declared queue ends here ({@link
 * #runEnded}), and when a run is queued in a declared queue by any engine (the wake-ups call
 * {@link #queueMayHaveRuns}). A queue found with no queued run, or with no room left for its
 * queued runs, is left alone until a poll interval has passed, or until a run is queued in it or
 * ends here: an idle or a full queue costs no transaction per poll. Where engines share the queue,
 * the engine whose run ended admits for the slot that freed, so the polls of the others, woken by
 * its admission to claim the runs it gave them, leave the full queue alone. A slot freed by a run
 * cancelled, or ended on an engine that does not declare the queue, is admitted at the next poll
 * interval.
 *
 * <p>Engines sharing a queue are each given their fair part of its free slots ({@code
 * QueueEngines}): whichever admits gives each run it admits to one of them, and wakes the others
 * when it gave them some. They are known by their presence ({@link QueuePresence}).
 */
public final class Admissions implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(Admissions.class);
  /**
   * How soon an admission that found another engine admitting the queue looks again: that engine
   * may have counted the queue's runs before one of this engine's ended, so the slot it freed
   * would wait for a poll interval otherwise.
   */
  private static final Duration BUSY_RETRY = Duration.ofMillis(10);

  private final QueueAdmissions runQueues;
  private final Time time;
  private final String engineId;
  private final List<Queue> queues;
  private final EngineWakeups wakeups;
  private final Duration idleRecheck;
  /** How recently an engine must have been seen serving a queue to be given its part of it. */
  private final Duration liveness;
  private final QueuePresence presence;
  /** The step queues, whose runs parked for a slot another engine freed the poll wakes. */
  private final Queues stepQueues;
  /** Counts each queue's admissions, and the polls at which its rate limit alone held runs. */
  private final Observer observer;
  /**
   * When each queue found idle or full may be looked at again, in {@link System#nanoTime()}: a
   * matter of cost, not of the engine's clock (a test clock that stands still would leave it so).
   */
  private final Map<String, Long> settledUntil = new ConcurrentHashMap<>();
  private final Set<String> undeclaredWarned = ConcurrentHashMap.newKeySet();

  private Admissions(QueueAdmissions runQueues, Time time, String engineId, List<Queue> queues,
      EngineWakeups wakeups, Duration idleRecheck, Duration liveness, Queues stepQueues,
      Observer observer) {
    this.runQueues = runQueues;
    this.time = time;
    this.engineId = engineId;
    this.queues = queues;
    this.wakeups = wakeups;
    this.idleRecheck = idleRecheck;
    this.liveness = liveness;
    this.presence = new QueuePresence(runQueues, time, engineId,
        queues.stream().map(Queue::name).toList(), liveness);
    this.stepQueues = stepQueues;
    this.observer = observer;
  }

  /**
   * The admissions of {@code queues}, each declaration stored first, with the slots and permits of
   * its steps' attempts where it limits them across engines; a queue another engine declared
   * otherwise is warned about, naming both declarations.
   *
   * @param liveness how long an engine that stopped renewing its mark as serving a queue keeps
   *     its part of it: the engine's lease
   * @param stepQueues the step queues, whose runs parked for a slot freed elsewhere each poll wakes
   * @param observer told of each admission: how many runs, and whether the rate limit alone held
   *     others back
   */
  public static Admissions declare(QueueAdmissions runQueues, QueueSlots slots, Time time,
      String engineId, Collection<Queue> queues, EngineWakeups wakeups, Duration pollInterval,
      Duration liveness, Queues stepQueues, Observer observer) {
    for (Queue queue : queues) {
      runQueues.declare(queue, engineId, time.now()).ifPresent(other -> LOG.warn(
          "queue '{}' is declared as {} by engine {}, but was stored as {}: every engine serving"
              + " the queue should declare it the same way, or each admits by its own limits",
          queue.name(), queue, engineId, other));
      if (QueueSlots.limitsAttempts(queue)) {
        slots.declare(queue); // the slots and permits of its steps' attempts
      }
    }
    return new Admissions(runQueues, time, engineId, List.copyOf(queues), wakeups, pollInterval,
        liveness, stepQueues, observer);
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
   * @param claimable how many runs this engine's claim right after takes: the other engines are
   *     woken for the runs admitted beyond them, not for those this engine claims itself
   * @return whether more may be admitted at once (partition keys were left for a next round)
   */
  public boolean admitDue(int claimable) {
    int takesHere = claimable;
    stepQueues.wakeParkedForFreedSlots();
    if (queues.isEmpty()) {
      return false;
    }
    presence.renew();
    boolean more = false;
    for (Queue queue : queues) {
      if (waits(settledUntil, queue)) {
        continue;
      }
      QueueAdmissions.Admission admission;
      try {
        admission = runQueues.admit(queue, engineId, time::now, liveness, takesHere);
      } catch (StoreException e) {
        LOG.warn("cannot admit the runs of queue '{}': {}; trying again at the next poll",
            queue.name(), e.getMessage());
        continue;
      }
      takesHere = Math.max(0, takesHere - (admission.admitted() - admission.forOthers()));
      if ((admission.idle() || admission.full()) && !admission.more()) {
        settledUntil.put(queue.name(), System.nanoTime() + idleRecheck.toNanos());
      }
      if (admission.busy()) {
        wakeups.runDue(time.now().plus(BUSY_RETRY));
      }
      if (admission.forOthers() > 0) { // the engines of this process hear it here, others by NOTIFY
        wakeups.runDue(time.now());
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
    settledUntil.remove(queue);
  }

  /** The next admission looks at every queue, even those found idle or full. */
  public void lookAgain() {
    settledUntil.clear();
  }

  /** A run of {@code queue} ended here: its slot is free, so the poll admits again now. */
  public void runEnded(String queue) {
    if (queue != null && declares(queue)) {
      settledUntil.remove(queue);
      wakeups.slotFree();
    }
  }

  /** This engine stops serving its queues: the others share their slots at once. */
  @Override
  public void close() {
    presence.close();
  }

  private static boolean waits(Map<String, Long> until, Queue queue) {
    Long at = until.get(queue.name());
    return at != null && System.nanoTime() - at < 0;
  }
}
