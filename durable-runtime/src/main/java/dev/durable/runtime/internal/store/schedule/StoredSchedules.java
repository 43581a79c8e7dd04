package dev.durable.runtime.internal.store.schedule;

import dev.durable.runtime.internal.model.ScheduleKey;
import dev.durable.runtime.internal.model.ScheduleRow;
import dev.durable.runtime.internal.store.sql.Transactions;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * The schedules kept in the database ({@link SchedulesTable}): their rows, their fires and the
 * runs each fire started.
 */
public final class StoredSchedules {
  private final Transactions transactions;
  private final SchedulesTable schedules;
  private final ScheduleFires fires;

  public StoredSchedules(Transactions transactions, SchedulesTable schedules,
      ScheduleFires fires) {
    this.transactions = transactions;
    this.schedules = schedules;
    this.fires = fires;
  }

  /**
   * Gives a schedule its row, handled up to {@code now}, unless it has one: see {@link
   * ScheduleFires#register}.
   */
  public void register(ScheduleKey key, Instant now) {
    transactions.autocommit("register " + key, connection -> {
      fires.register(connection, key, now);
      return null;
    });
  }

  /**
   * Fires a registered schedule: see {@link ScheduleFires#fire}.
   *
   * @return the ids of the runs started
   */
  public List<String> fire(ScheduleKey key, Instant now, Function<Instant, SchedulePlan> plan) {
    return transactions.inTransaction("fire " + key,
        connection -> fires.fire(connection, key, now, plan));
  }

  /** The fire time run {@code runId} serves, if a schedule started it. */
  public Optional<Instant> firedFor(String runId) {
    return transactions.autocommit("read the fire time of run " + runId,
        connection -> schedules.fireOf(connection, runId));
  }

  /** Every schedule stored, by workflow, cron and zone. */
  public List<ScheduleRow> all() {
    return transactions.autocommit("read the schedules", schedules::all);
  }
}
