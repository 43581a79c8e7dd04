package dev.durable.runtime.internal.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The fire times a schedule finds due between what it handled and now. */
class CronScheduleTest {

  private static Instant at(String instant) {
    return Instant.parse(instant);
  }

  @Test
  void dueFireTimesAreThoseAfterWhatWasHandledUpToNowIncluded() {
    CronSchedule hourly = CronSchedule.parse("0 0 * * * *", "UTC");

    CronSchedule.Due due =
        hourly.between(at("2026-01-05T09:00:00Z"), at("2026-01-05T12:00:00Z"), 100);

    assertEquals(List.of(at("2026-01-05T10:00:00Z"), at("2026-01-05T11:00:00Z"),
        at("2026-01-05T12:00:00Z")), due.fires());
    assertFalse(due.dropped());
  }

  @Test
  void fireTimesAreWholeSecondsWhateverFractionTheClockHas() {
    CronSchedule everySecond = CronSchedule.parse("* * * * * *", "UTC");

    CronSchedule.Due due =
        everySecond.between(at("2026-01-05T09:00:00.123456Z"), at("2026-01-05T09:00:02.5Z"), 100);

    assertEquals(List.of(at("2026-01-05T09:00:01Z"), at("2026-01-05T09:00:02Z")), due.fires());
    assertEquals(at("2026-01-05T09:00:03Z"),
        everySecond.nextAfter(at("2026-01-05T09:00:02.000001Z")).orElseThrow());
  }

  @Test
  void afterALongOutageOnlyTheNewestAreDueAndTheRestAreSaidDropped() {
    CronSchedule everySecond = CronSchedule.parse("* * * * * *", "UTC");

    // a year of fire times every second: the walk starts near now instead of a year ago
    CronSchedule.Due due =
        everySecond.between(at("2025-01-05T09:00:00Z"), at("2026-01-05T09:00:00Z"), 3);

    assertEquals(List.of(at("2026-01-05T08:59:58Z"), at("2026-01-05T08:59:59Z"),
        at("2026-01-05T09:00:00Z")), due.fires());
    assertTrue(due.dropped());
  }

  @Test
  void exactlyTheLimitDueIsNotDropping() {
    CronSchedule hourly = CronSchedule.parse("0 0 * * * *", "UTC");

    CronSchedule.Due due =
        hourly.between(at("2026-01-05T09:00:00Z"), at("2026-01-05T11:30:00Z"), 2);

    assertEquals(List.of(at("2026-01-05T10:00:00Z"), at("2026-01-05T11:00:00Z")), due.fires());
    assertFalse(due.dropped());
  }

  @Test
  void anHourRepeatedByTheChangeToWinterTimeFiresOnce() {
    CronSchedule berlin = CronSchedule.parse("0 30 2 * * *", "Europe/Berlin");

    CronSchedule.Due due =
        berlin.between(at("2026-10-24T12:00:00Z"), at("2026-10-26T12:00:00Z"), 100);

    assertEquals(List.of(at("2026-10-25T00:30:00Z"), at("2026-10-26T01:30:00Z")), due.fires());
  }

  @Test
  void anInvalidExpressionOrZoneSaysWhatIsWrong() {
    IllegalArgumentException cron = assertThrows(IllegalArgumentException.class,
        () -> CronSchedule.parse("0 0 2 * *", "UTC"));
    assertEquals("cron expression '0 0 2 * *' is invalid: Cron expression contains 5 parts but we"
        + " expect one of [6]; write six fields, seconds first, such as \"0 0 2 * * *\" (02:00:00"
        + " every day)", cron.getMessage());

    IllegalArgumentException zone = assertThrows(IllegalArgumentException.class,
        () -> CronSchedule.parse("0 0 2 * * *", "Mars/Olympus_Mons"));
    assertTrue(zone.getMessage().startsWith("zone 'Mars/Olympus_Mons' is not a time zone"),
        zone.getMessage());
  }
}
