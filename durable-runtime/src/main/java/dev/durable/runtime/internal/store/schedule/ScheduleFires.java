package dev.durable.runtime.internal.store.schedule;

import dev.durable.runtime.internal.model.NewRun;
import dev.durable.runtime.internal.model.ScheduleKey;
import dev.durable.runtime.internal.store.run.EventsTable;
import dev.durable.runtime.internal.store.run.RunInserts;
import dev.durable.runtime.internal.store.sql.Announcements;
import dev.durable.runtime.internal.store.sql.SqlErrors;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/** Registering schedules and firing them, in the caller's transaction. */
public final class ScheduleFires {
  private final SchedulesTable schedules;
  private final EventsTable events;
  private final RunInserts inserts;
  private final Announcements announcements;

  public ScheduleFires(SchedulesTable schedules, EventsTable events, RunInserts inserts,
      Announcements announcements) {
    this.schedules = schedules;
    this.events = events;
    this.inserts = inserts;
    this.announcements = announcements;
  }

  /**
   * Gives a schedule its row, handled up to {@code now}, unless it has one: a schedule fires
   * nothing from before it was first seen. Of engines racing to register it, one does.
   */
  void register(Connection connection, ScheduleKey key, Instant now) throws SQLException {
    if (!schedules.exists(connection, key)) {
      try {
        schedules.register(connection, key, now);
      } catch (SQLException e) {
        if (!SqlErrors.isUniqueViolation(e)) {
          throw e;
        }
      }
    }
  }

  /**
   * Fires a registered schedule: under its row's lock, {@code plan} says from the instant the row
   * is handled up to which runs to start and how far the row is handled afterwards; the runs (each
   * unless its id is taken), the fire times they serve, their starts' events and the row's new
   * instant commit together, and other engines are woken for the runs. Engines firing one schedule
   * take turns on the row, and each decides from what the one before it committed.
   *
   * @return the ids of the runs started
   */
  List<String> fire(Connection connection, ScheduleKey key, Instant now,
      Function<Instant, SchedulePlan> plan) throws SQLException {
    Instant handled = schedules.lock(connection, key).orElseThrow(
        () -> new IllegalStateException(key + " has no row: register it first"));
    SchedulePlan planned = plan.apply(handled);
    if (!planned.handledUntil().isAfter(handled)
        || !schedules.advance(connection, key, handled, planned.handledUntil(), now)) {
      return List.of();
    }
    List<String> started = new ArrayList<>();
    for (SchedulePlan.Fire fire : planned.runs()) {
      NewRun run = fire.run();
      if (inserts.insertIfAbsent(connection, run)) {
        events.append(connection, run.runId(), run.events());
        schedules.insertRun(connection, key, run.runId(), fire.fireAt());
        started.add(run.runId());
      }
    }
    if (!started.isEmpty()) {
      announcements.runsDue(connection);
    }
    return started;
  }
}
