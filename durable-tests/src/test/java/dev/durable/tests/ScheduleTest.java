package dev.durable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.annotations.CatchUp;
import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.RunInfo;
import dev.durable.runtime.ScheduleInfo;
import dev.durable.runtime.testing.TestClock;
import dev.durable.tests.support.Await;
import dev.durable.tests.support.Recorder;
import dev.durable.tests.workflows.BerlinNightlyDurable;
import dev.durable.tests.workflows.EverySecondDurable;
import dev.durable.tests.workflows.HourlyCatchUpAllDurable;
import dev.durable.tests.workflows.HourlyNoCatchUpDurable;
import dev.durable.tests.workflows.HourlyReportClient;
import dev.durable.tests.workflows.HourlyReportDurable;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * {@code @Schedule}: a run per fire time, with the fire time as its input and in its status; what
 * each catch-up policy does with fire times missed while no engine ran; one run per fire time
 * however many engines race for it and across a restart; fire times read in a zone with daylight
 * saving time. The test clock starts at 09:00 UTC, on the hour.
 */
class ScheduleTest extends OnEachStore {
  private final Recorder recorder = new Recorder();

  private DurableEngine engine(Object workflow) {
    return engine(workflow, clock);
  }

  private DurableEngine engine(Object workflow, TestClock clock) {
    DurableEngine.Builder builder = db.engine().clock(clock);
    if (workflow instanceof HourlyReportDurable w) {
      builder.register(w);
    } else if (workflow instanceof HourlyCatchUpAllDurable w) {
      builder.register(w);
    } else if (workflow instanceof HourlyNoCatchUpDurable w) {
      builder.register(w);
    } else if (workflow instanceof BerlinNightlyDurable w) {
      builder.register(w);
    } else if (workflow instanceof EverySecondDurable w) {
      builder.register(w);
    }
    return builder.build();
  }

  private static Instant at(String instant) {
    return Instant.parse(instant);
  }

  private static String runId(String workflow, String fireTime) {
    return ScheduleInfo.runId(workflow, at(fireTime));
  }

  /** The ids of every run stored, in order. */
  private List<String> runIds() {
    return db.query("SELECT run_id FROM durable_runs ORDER BY run_id").stream()
        .map(row -> (String) row.get(0))
        .toList();
  }

  @Test
  void aRunStartsAtEachFireTimeWithTheFireTimeAsItsInputAndInItsStatus() {
    try (DurableEngine engine = engine(new HourlyReportDurable(recorder))) {
      engine.tick();
      assertEquals(List.of(), runIds(), "09:00, the moment the schedule is first seen, is not run");

      clock.advanceTo(at("2026-01-05T10:00:00Z"));
      engine.tick();
      clock.advance(Duration.ofMinutes(30));
      engine.tick();
      clock.advanceTo(at("2026-01-05T11:00:00Z"));
      engine.tick();

      String ten = runId("hourly-report", "2026-01-05T10:00:00Z");
      String eleven = runId("hourly-report", "2026-01-05T11:00:00Z");
      assertEquals("schedule:hourly-report:2026-01-05T10:00:00Z", ten);
      assertEquals(List.of(ten, eleven), runIds());
      assertEquals("report of 2026-01-05T10:00:00Z",
          HourlyReportClient.of(engine).get(ten).await(WAIT));
      assertEquals("report of 2026-01-05T11:00:00Z",
          HourlyReportClient.of(engine).get(eleven).await(WAIT));
      RunInfo info = engine.getRunStatus(ten).run();
      assertEquals(Optional.of(at("2026-01-05T10:00:00Z")), info.scheduledAt());
      assertEquals(List.of("render:2026-01-05T10:00:00Z", "render:2026-01-05T11:00:00Z"),
          recorder.entries());
    }
  }

  /**
   * On the system clock, with a poll once an hour: only the wake-up the engine asks for at each
   * next fire time can start the runs. Fire times are whole seconds, whatever the clock's fraction.
   */
  @Test
  void aStartedEngineWakesAtEachFireTimeByItself() {
    try (DurableEngine engine = db.engine().pollInterval(Duration.ofHours(1))
        .register(new EverySecondDurable(recorder)).build()) {
      engine.start();
      Await.until("three fire times ran", () -> recorder.entries().size() >= 3);

      List<String> fireTimes = recorder.entries();
      for (String fired : fireTimes) {
        Instant fireTime = Instant.parse(fired);
        assertEquals(0, fireTime.getNano(), fired);
        assertEquals(Optional.of(fireTime),
            engine.getRunStatus(ScheduleInfo.runId("every-second", fireTime)).run()
                .scheduledAt());
      }
      assertEquals(fireTimes.size(), fireTimes.stream().distinct().count(), "each ran once");
    }
  }

  @Test
  void theEngineListsEachScheduleWithItsNextFireTimes() {
    try (DurableEngine engine = engine(new HourlyReportDurable(recorder))) {
      clock.advance(Duration.ofMinutes(20));

      assertEquals(
          List.of(new ScheduleInfo("hourly-report", "1", "0 0 * * * *", ZoneId.of("UTC"),
              CatchUp.LATEST,
              List.of(at("2026-01-05T10:00:00Z"), at("2026-01-05T11:00:00Z"),
                  at("2026-01-05T12:00:00Z"), at("2026-01-05T13:00:00Z"),
                  at("2026-01-05T14:00:00Z")))),
          engine.schedules());
    }
  }

  @Test
  void catchUpLatestStartsOneRunForTheLatestFireTimeMissed() {
    try (DurableEngine engine = engine(new HourlyReportDurable(recorder))) {
      engine.tick();
      clock.advanceTo(at("2026-01-05T14:10:00Z")); // 10:00 to 14:00 pass with no engine ticking
      engine.tick();

      assertEquals(List.of(runId("hourly-report", "2026-01-05T14:00:00Z")), runIds());

      clock.advanceTo(at("2026-01-05T15:00:00Z"));
      engine.tick();
      assertEquals(List.of(runId("hourly-report", "2026-01-05T14:00:00Z"),
          runId("hourly-report", "2026-01-05T15:00:00Z")), runIds());
    }
  }

  @Test
  void catchUpAllStartsOneRunPerFireTimeMissed() {
    try (DurableEngine engine = engine(new HourlyCatchUpAllDurable(recorder))) {
      engine.tick();
      clock.advanceTo(at("2026-01-05T14:10:00Z"));
      engine.tick();

      List<String> expected = IntStream.rangeClosed(10, 14)
          .mapToObj(hour -> runId("hourly-all", "2026-01-05T" + hour + ":00:00Z"))
          .toList();
      assertEquals(expected, runIds());
      assertEquals(expected.stream().map(id -> "run:" + id).toList(),
          recorder.entries().stream().sorted().toList(), "each ran once");
    }
  }

  @Test
  void catchUpAllStartsAtMostTheNewestHundredAfterALongOutage() {
    try (DurableEngine engine = engine(new HourlyCatchUpAllDurable(recorder))) {
      engine.tick();
      clock.advanceTo(at("2026-01-15T09:00:00Z")); // 240 fire times later
      engine.tick();

      List<String> ids = runIds();
      assertEquals(100, ids.size());
      assertEquals(runId("hourly-all", "2026-01-11T06:00:00Z"), ids.get(0));
      assertEquals(runId("hourly-all", "2026-01-15T09:00:00Z"), ids.get(99));
    }
  }

  @Test
  void catchUpNoneSkipsMissedFireTimesAndRunsThoseOnTime() {
    try (DurableEngine engine = engine(new HourlyNoCatchUpDurable(recorder))) {
      engine.tick();
      clock.advanceTo(at("2026-01-05T14:10:00Z"));
      engine.tick();
      assertEquals(List.of(), runIds(), "10:00 to 14:00 were missed");

      clock.advanceTo(at("2026-01-05T15:00:30Z")); // 15:00, handled half a minute late
      engine.tick();
      assertEquals(List.of(runId("hourly-none", "2026-01-05T15:00:00Z")), runIds());
      assertEquals(List.of("run:2026-01-05T15:00:00Z"), recorder.entries());
    }
  }

  @Test
  void enginesRacingForTheSameFireTimesStartOneRunForEach() throws Exception {
    int engines = 4;
    int fireTimes = 5;
    List<DurableEngine> started = new ArrayList<>();
    ExecutorService threads = Executors.newFixedThreadPool(engines);
    try {
      for (int i = 0; i < engines; i++) {
        DurableEngine engine = engine(new HourlyReportDurable(recorder));
        started.add(engine);
        engine.tick();
      }
      CyclicBarrier together = new CyclicBarrier(engines);
      for (int hour = 1; hour <= fireTimes; hour++) {
        clock.advance(Duration.ofHours(1));
        List<Future<Integer>> ticks = new ArrayList<>();
        for (DurableEngine engine : started) {
          ticks.add(threads.submit(() -> {
            together.await();
            return engine.tick();
          }));
        }
        int turns = 0;
        for (Future<Integer> tick : ticks) {
          turns += tick.get();
        }
        assertEquals(1, turns, "one engine ran the fire time's run, once");
      }

      List<String> expected = IntStream.rangeClosed(10, 9 + fireTimes)
          .mapToObj(hour -> runId("hourly-report", "2026-01-05T" + hour + ":00:00Z"))
          .toList();
      assertEquals(expected, runIds());
      assertEquals(fireTimes, recorder.entries().size(), "each run rendered once");
      assertEquals(fireTimes, db.queryLong("SELECT COUNT(*) FROM durable_schedule_runs"));
    } finally {
      threads.shutdownNow();
      started.forEach(DurableEngine::close);
    }
  }

  @Test
  void aRestartBetweenFireTimesNeitherFiresTwiceNorSkips() {
    String ten = runId("hourly-report", "2026-01-05T10:00:00Z");
    String eleven = runId("hourly-report", "2026-01-05T11:00:00Z");
    String twelve = runId("hourly-report", "2026-01-05T12:00:00Z");
    try (DurableEngine first = engine(new HourlyReportDurable(recorder))) {
      first.start();
      Await.until("the first engine saw the schedule", () -> db.queryLong(
          "SELECT COUNT(*) FROM durable_schedules") == 1);
      clock.advanceTo(at("2026-01-05T10:00:00Z"));
      Await.until("the 10:00 run is started", () -> runIds().contains(ten));
      assertEquals("report of 2026-01-05T10:00:00Z",
          HourlyReportClient.of(first).get(ten).await(WAIT));
    }
    clock.advanceTo(at("2026-01-05T11:00:00Z")); // while no engine runs
    try (DurableEngine second = engine(new HourlyReportDurable(recorder))) {
      second.start();
      Await.until("the 11:00 run, missed while no engine ran, is started",
          () -> runIds().contains(eleven));
      assertEquals("report of 2026-01-05T11:00:00Z",
          HourlyReportClient.of(second).get(eleven).await(WAIT));
      clock.advanceTo(at("2026-01-05T12:00:00Z"));
      Await.until("the 12:00 run is started", () -> runIds().contains(twelve));
      assertEquals("report of 2026-01-05T12:00:00Z",
          HourlyReportClient.of(second).get(twelve).await(WAIT));

      assertEquals(List.of(ten, eleven, twelve), runIds());
      assertEquals(List.of("render:2026-01-05T10:00:00Z", "render:2026-01-05T11:00:00Z",
          "render:2026-01-05T12:00:00Z"), recorder.entries());
    }
  }

  @Test
  void fireTimesAreReadInTheScheduleZoneAcrossDaylightSavingChanges() {
    // 02:30 in Berlin: 01:30 UTC in winter, 00:30 UTC in summer; on 29 March 2026 the clocks
    // jump from 02:00 to 03:00, and on 25 October 2026 they go back from 03:00 to 02:00
    TestClock march = TestClock.at(at("2026-03-27T12:00:00Z"));
    try (DurableEngine engine = engine(new BerlinNightlyDurable(recorder), march)) {
      engine.tick();
      assertEquals(List.of(at("2026-03-28T01:30:00Z"), at("2026-03-30T00:30:00Z"),
              at("2026-03-31T00:30:00Z"), at("2026-04-01T00:30:00Z"),
              at("2026-04-02T00:30:00Z")),
          engine.schedules().get(0).nextFireTimes(), "no 02:30 on the 29th");
      for (int halfHour = 0; halfHour < 4 * 48; halfHour++) { // to 31 March, 12:00 UTC
        march.advance(Duration.ofMinutes(30));
        engine.tick();
      }
      assertEquals(List.of(runId("berlin-nightly", "2026-03-28T01:30:00Z"),
          runId("berlin-nightly", "2026-03-30T00:30:00Z"),
          runId("berlin-nightly", "2026-03-31T00:30:00Z")), runIds());

      march.advanceTo(at("2026-10-24T12:00:00Z"));
      engine.tick(); // LATEST: one run for the 24 October 00:30 UTC missed since April
      assertEquals(List.of(at("2026-10-25T00:30:00Z"), at("2026-10-26T01:30:00Z")),
          engine.schedules().get(0).nextFireTimes().subList(0, 2),
          "02:30 happens twice on the 25th, and fires once");
      for (int halfHour = 0; halfHour < 2 * 48; halfHour++) { // to 26 October, 12:00 UTC
        march.advance(Duration.ofMinutes(30));
        engine.tick();
      }
      assertTrue(runIds().containsAll(List.of(
          runId("berlin-nightly", "2026-10-25T00:30:00Z"),
          runId("berlin-nightly", "2026-10-26T01:30:00Z"))));
      assertEquals(List.of(), runIds().stream()
          .filter(id -> id.equals(runId("berlin-nightly", "2026-10-25T01:30:00Z"))).toList(),
          "the repeated 02:30 is not run again");
      assertEquals(6, runIds().size());
    }
  }
}
