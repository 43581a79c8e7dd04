package dev.durable.runtime.internal.schedule;

import dev.durable.annotations.CatchUp;
import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.ScheduleInfo;
import dev.durable.runtime.codec.Payloads;
import dev.durable.runtime.internal.model.EventType;
import dev.durable.runtime.internal.model.NewRun;
import dev.durable.runtime.internal.model.ScheduleKey;
import dev.durable.runtime.internal.model.WorkflowKey;
import dev.durable.runtime.internal.observe.Observer;
import dev.durable.runtime.internal.store.schedule.SchedulePlan;
import dev.durable.runtime.internal.store.schedule.StoredSchedules;
import dev.durable.runtime.internal.time.Time;
import dev.durable.runtime.internal.wake.EngineWakeups;
import dev.durable.runtime.internal.wake.Timers;
import dev.durable.runtime.spi.DurableWorkflow;
import dev.durable.runtime.spi.ScheduleSpec;
import dev.durable.runtime.spi.WorkflowType;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Fires the {@code @Schedule}s of the registered workflows: at each poll of a started engine and at
 * each {@code tick()}, every schedule whose next fire time has come is fired through the store
 * ({@code StoredSchedules.fire}), which starts its runs and moves its row on in one commit, under
 * the row's lock. The next fire time is kept in memory only to spare the store a transaction per
 * poll; the row is the truth, so engines that fire one schedule at once start each run once. The
 * poll is woken at the next fire time by the engine's timers.
 *
 * <p>Which due fire times start runs: those handled at most {@link #ON_TIME} late are on time;
 * older ones were missed while no engine ran. {@link CatchUp#LATEST} starts one run, for the latest
 * fire time due; {@link CatchUp#ALL} one per fire time due, at most the newest {@link
 * #MAX_CATCH_UP}; {@link CatchUp#NONE} one per fire time on time.
 */
public final class Schedules {
  private static final Logger LOG = LoggerFactory.getLogger(Schedules.class);
  /** How late a fire time may be handled and still count as on time rather than missed. */
  static final Duration ON_TIME = Duration.ofMinutes(1);
  /** The most runs one schedule starts at once: after a long outage, for the newest fire times. */
  static final int MAX_CATCH_UP = 100;
  /** The longest derived run id: {@code schedule:} and the fire time around the workflow name. */
  private static final int MAX_SCHEDULED_NAME_LENGTH = 160;

  /** One schedule of one registered workflow. */
  private record Entry(
      WorkflowType<?> type, WorkflowKey workflow, ScheduleSpec spec, CronSchedule cron,
      ScheduleKey key) {}

  private final StoredSchedules schedules;
  private final Time time;
  private final Payloads payloads;
  private final Observer observer;
  private final EngineWakeups wakeups;
  private final List<Entry> entries;
  /** The next fire time of each schedule fired here; absent: fire it at the next poll. */
  private final Map<Entry, Instant> nextFire = new ConcurrentHashMap<>();
  /** The fire time a timer was asked for, so that each is asked for once. */
  private final Map<Entry, Instant> armed = new ConcurrentHashMap<>();

  private Schedules(
      StoredSchedules schedules, Time time, Payloads payloads, Observer observer,
      EngineWakeups wakeups,
      List<Entry> entries) {
    this.schedules = schedules;
    this.time = time;
    this.payloads = payloads;
    this.observer = observer;
    this.wakeups = wakeups;
    this.entries = entries;
  }

  /**
   * The schedules of {@code workflows}.
   *
   * @throws IllegalArgumentException if a schedule cannot work: a cron expression or zone the
   *     processor would have refused, or a run input other than nothing or one {@code Instant}
   */
  public static Schedules of(
      StoredSchedules schedules, Time time, Payloads payloads, Observer observer,
      EngineWakeups wakeups,
      List<DurableWorkflow<?>> workflows) {
    List<Entry> entries = new ArrayList<>();
    for (DurableWorkflow<?> workflow : workflows) {
      WorkflowType<?> type = workflow.workflowType();
      if (type.schedules().isEmpty()) {
        continue;
      }
      boolean takesFireTime = type.params().size() == 1
          && type.params().get(0).type().getRawClass() == Instant.class;
      if (!type.params().isEmpty() && !takesFireTime) {
        throw new IllegalArgumentException(
            type + " has a @Schedule, but its @Run takes " + type.params().size()
                + " stored parameter(s) that are not one Instant; a scheduled run's input is"
                + " nothing or its fire time");
      }
      if (type.name().length() > MAX_SCHEDULED_NAME_LENGTH) {
        throw new IllegalArgumentException(
            type + " has a @Schedule, but its name is " + type.name().length() + " characters"
                + " long; a scheduled workflow's name may have at most "
                + MAX_SCHEDULED_NAME_LENGTH + ", for its runs' ids to fit");
      }
      WorkflowKey workflowKey = new WorkflowKey(type.name(), type.version());
      for (ScheduleSpec spec : type.schedules()) {
        CronSchedule cron;
        try {
          cron = CronSchedule.parse(spec.cron(), spec.zone());
        } catch (IllegalArgumentException e) {
          throw new IllegalArgumentException(type + ": " + e.getMessage(), e);
        }
        if (cron.nextAfter(time.now()).isEmpty()) {
          LOG.warn("{}: its @Schedule \"{}\" ({}) never fires: no date matches its day-of-month,"
              + " month and day-of-week fields together; correct those fields", type,
              spec.cron(), spec.zone());
        }
        entries.add(new Entry(type, workflowKey, spec, cron,
            new ScheduleKey(type.name(), spec.cron(), spec.zone())));
      }
    }
    return new Schedules(schedules, time, payloads, observer, wakeups, List.copyOf(entries));
  }

  /**
   * Fires every schedule whose next fire time has come, and asks the timers to wake the poll at
   * the next ones. A schedule that cannot be fired now (the store is down) is tried at the next
   * poll.
   *
   * @return whether runs were started
   */
  public boolean fireDue() {
    boolean started = false;
    for (Entry entry : entries) {
      Instant now = time.now();
      Instant next = nextFire.get(entry);
      if (next == null || !next.isAfter(now)) {
        try {
          started |= fire(entry, now);
        } catch (RuntimeException e) {
          LOG.warn("cannot fire {}: {}; trying again at the next poll", entry.key(),
              e.getMessage());
          continue;
        }
        next = nextFire.get(entry);
      }
      arm(entry, next, now);
    }
    return started;
  }

  private boolean fire(Entry entry, Instant now) {
    // once per fire time and engine: cheap, and a row deleted by hand comes back
    schedules.register(entry.key(), now);
    List<String> started =
        schedules.fire(entry.key(), now, handled -> plan(entry, handled, now));
    nextFire.put(entry, entry.cron().nextAfter(now).orElse(Instant.MAX));
    started.forEach(runId -> observer.runStarted(entry.workflow().name()));
    if (!started.isEmpty()) {
      LOG.debug("{} started {} run(s): {}", entry.key(), started.size(), started);
    }
    return !started.isEmpty();
  }

  /** Asks once for a wake-up at {@code next}, when it is near enough for a timer to keep. */
  private void arm(Entry entry, Instant next, Instant now) {
    if (next == null || next.equals(armed.get(entry))
        || Duration.between(now, next).compareTo(Timers.HORIZON) > 0) {
      return;
    }
    armed.put(entry, next);
    wakeups.runDue(next);
  }

  /** Which runs to start for the fire times after {@code handled}: see the class comment. */
  private SchedulePlan plan(Entry entry, Instant handled, Instant now) {
    CronSchedule.Due due = entry.cron().between(handled, now, MAX_CATCH_UP);
    if (due.fires().isEmpty()) {
      return new SchedulePlan(List.of(), handled);
    }
    List<Instant> latest = due.fires().subList(due.fires().size() - 1, due.fires().size());
    List<Instant> chosen = switch (entry.spec().catchUp()) {
      case LATEST -> latest;
      case ALL -> due.fires();
      case NONE -> due.fires().stream()
          .filter(fire -> Duration.between(fire, now).compareTo(ON_TIME) <= 0)
          .toList();
    };
    if (chosen.size() < due.fires().size() || due.dropped()) {
      LOG.info("{}: {} fire time(s) from {} to {} were missed; catch up {} starts {} run(s)",
          entry.key(), due.dropped() ? "more than " + due.fires().size() : due.fires().size(),
          due.dropped() ? "before " + due.fires().get(0) : due.fires().get(0), latest.get(0),
          entry.spec().catchUp(), chosen.size());
    }
    List<SchedulePlan.Fire> fires = new ArrayList<>();
    for (Instant fire : chosen) {
      fires.add(new SchedulePlan.Fire(newRun(entry, fire, now), fire));
    }
    return new SchedulePlan(fires, latest.get(0));
  }

  private NewRun newRun(Entry entry, Instant fire, Instant now) {
    Object[] input = entry.type().params().isEmpty() ? new Object[0] : new Object[] {fire};
    String json = payloads.encodeArgs(entry.type().params(), input);
    String runId = ScheduleInfo.runId(entry.workflow().name(), fire);
    return new NewRun(
        runId, entry.workflow(), json, now, null, null,
        entry.type().timeout().map(now::plus).orElse(null), null,
        entry.type().fingerprint().orElse(null),
        List.of(EventType.RUN_CREATED.run(
            entry.workflow() + ", by schedule " + entry.spec() + " for " + fire, now)),
        observer.runStarting(runId, entry.workflow().name()));
  }

  /** The schedules with their next fire times after now: see {@code DurableEngine.schedules()}. */
  public List<ScheduleInfo> list() {
    Instant now = time.now();
    List<ScheduleInfo> list = new ArrayList<>();
    for (Entry entry : entries) {
      list.add(new ScheduleInfo(entry.workflow().name(), entry.workflow().version(),
          entry.spec().cron(), entry.cron().zone(), entry.spec().catchUp(),
          entry.cron().next(now, DurableEngine.LISTED_FIRE_TIMES)));
    }
    return list;
  }
}
