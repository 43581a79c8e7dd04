package dev.durable.runtime.internal.schedule;

import com.cronutils.model.Cron;
import com.cronutils.model.CronType;
import com.cronutils.model.definition.CronDefinitionBuilder;
import com.cronutils.model.time.ExecutionTime;
import com.cronutils.parser.CronParser;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;

/**
 * A cron expression read in a zone, and its fire times, through cron-utils. The expressions are
 * cron-utils' {@code CronType.SPRING53}: six fields, seconds first, as Spring 5.3's
 * {@code @Scheduled} reads them; the processor validates {@code @Schedule} with the same
 * definition. Fire times are always walked forward ({@link ExecutionTime#nextExecution}), which
 * fires a wall-clock time repeated by a daylight-saving change once; walking backward would see it
 * twice, so a backward walk only finds where to start a forward one.
 */
public final class CronSchedule {
  private static final CronParser PARSER =
      new CronParser(CronDefinitionBuilder.instanceDefinitionFor(CronType.SPRING53));

  private final ExecutionTime execution;
  private final ZoneId zone;

  private CronSchedule(ExecutionTime execution, ZoneId zone) {
    this.execution = execution;
    this.zone = zone;
  }

  /**
   * Parses {@code cron} in {@code zone}.
   *
   * @throws IllegalArgumentException saying what is wrong with either
   */
  public static CronSchedule parse(String cron, String zone) {
    Cron parsed;
    try {
      parsed = PARSER.parse(cron).validate();
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "cron expression '" + cron + "' is invalid: " + e.getMessage() + "; write six fields,"
              + " seconds first, such as \"0 0 2 * * *\" (02:00:00 every day)", e);
    }
    ZoneId zoneId;
    try {
      zoneId = ZoneId.of(zone);
    } catch (DateTimeException e) {
      throw new IllegalArgumentException(
          "zone '" + zone + "' is not a time zone java.time knows: " + e.getMessage()
              + "; use a region such as \"Europe/Berlin\", \"UTC\" or an offset such as \"+02:00\"",
          e);
    }
    return new CronSchedule(ExecutionTime.forCron(parsed), zoneId);
  }

  public ZoneId zone() {
    return zone;
  }

  /** The first fire time strictly after {@code after}; empty if there is none. */
  Optional<Instant> nextAfter(Instant after) {
    return execution.nextExecution(second(after)).map(ZonedDateTime::toInstant);
  }

  /**
   * {@code instant} cut to its second, in the zone. Fire times are whole seconds, so the next one
   * after an instant is the next one after its second; and cron-utils keeps the fraction of the
   * instant it is given in the fire time it returns where the seconds field is {@code *}.
   */
  private ZonedDateTime second(Instant instant) {
    return instant.truncatedTo(ChronoUnit.SECONDS).atZone(zone);
  }

  /** The next {@code count} fire times strictly after {@code after}, earliest first. */
  public List<Instant> next(Instant after, int count) {
    List<Instant> next = new ArrayList<>();
    Optional<Instant> fire = nextAfter(after);
    while (fire.isPresent() && next.size() < count) {
      next.add(fire.get());
      fire = nextAfter(fire.get());
    }
    return next;
  }

  /**
   * The fire times in {@code (from, to]}, earliest first, at most the newest {@code limit}.
   *
   * @param fires those fire times
   * @param dropped whether older fire times in the interval were left out
   */
  record Due(List<Instant> fires, boolean dropped) {}

  /** See {@link Due}; costs about {@code limit} steps however long ago {@code from} is. */
  Due between(Instant from, Instant to, int limit) {
    ZonedDateTime start = second(from);
    // far behind (a long outage, a fire time every second): start near the end instead;
    // lastExecution answers the last fire time strictly before the second after `to`
    ZonedDateTime back = second(to).plusSeconds(1);
    int walked = 0;
    while (walked < limit) {
      Optional<ZonedDateTime> previous = execution.lastExecution(back);
      if (previous.isEmpty() || !previous.get().toInstant().isAfter(from)) {
        break;
      }
      back = previous.get();
      walked++;
    }
    boolean dropped = false;
    if (walked == limit) {
      Optional<ZonedDateTime> older = execution.lastExecution(back);
      if (older.isPresent() && older.get().toInstant().isAfter(from)) {
        start = back.minusSeconds(1);
        dropped = true;
      }
    }
    Deque<Instant> fires = new ArrayDeque<>();
    Optional<ZonedDateTime> next = execution.nextExecution(start);
    while (next.isPresent() && !next.get().toInstant().isAfter(to)) {
      fires.addLast(next.get().toInstant());
      if (fires.size() > limit) {
        fires.removeFirst();
        dropped = true;
      }
      next = execution.nextExecution(next.get());
    }
    return new Due(List.copyOf(fires), dropped);
  }
}
