package dev.durable.dashboard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.build.OnPostgres;
import dev.durable.dashboard.TestStore.Database;
import dev.durable.dashboard.flows.NightlyReportDurable;
import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.RunFilter;
import dev.durable.runtime.RunInfo;
import dev.durable.runtime.ScheduleInfo;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A run a schedule fired links to its schedule's row on the schedules page, and that row links to
 * the runs the schedule fired: through the router, on H2 and on PostgreSQL.
 */
@OnPostgres
@ParameterizedClass
@MethodSource("dev.durable.dashboard.TestStore#all")
class RunRelationsTest {
  /** 02:00 in Berlin, when the nightly report fires. */
  private static final Instant FIRE = Instant.parse("2026-12-06T01:00:00Z");

  @Parameter TestStore store;

  private Database db;
  private DurableEngine engine;
  private final AtomicReference<Instant> now = new AtomicReference<>(FIRE.minusSeconds(60));

  /** A clock the test moves on. */
  private final Clock clock = new Clock() {
    @Override public ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override public Clock withZone(ZoneId zone) {
      return this;
    }

    @Override public Instant instant() {
      return now.get();
    }
  };

  @BeforeEach
  void startEngine() {
    db = store.open();
    engine = db.engine().clock(clock).register(new NightlyReportDurable()).build();
  }

  @AfterEach
  void closeEngine() {
    if (engine != null) {
      engine.close();
    }
    if (db != null) {
      db.close();
    }
  }

  private String page(String pathAndQuery) {
    Router router = new Router(engine, new Sessions(null, clock), clock, Duration.ofSeconds(2));
    Request plain = Request.get(pathAndQuery);
    Response response = router.respond(
        new Request("GET", plain.rawPath(), plain.query(), Map.of(), null, false));
    assertEquals(200, response.status(), response.text());
    return response.text();
  }

  @Test
  void aScheduledRunLinksToItsScheduleWhoseRowLinksToItsRuns() {
    engine.tick(); // stores the schedule
    now.set(FIRE.plusSeconds(1));
    engine.tick(); // fires it, and runs the fire's run
    List<RunInfo> fired = engine.listRuns(RunFilter.builder().workflow("nightly-report").build());
    assertEquals(1, fired.size(), fired::toString);
    String runId = fired.get(0).id();
    assertEquals(ScheduleInfo.RUN_ID_PREFIX + "nightly-report:" + FIRE, runId);

    String run = page(Links.runPath(runId));
    assertTrue(run.contains("<dd id=\"relation-schedule\"><a href=\"/schedules#schedule-nightly-report\">"
        + "nightly-report</a>"), run);
    assertTrue(run.contains("fired it for " + Format.time(FIRE)), run);
    String schedules = page("/schedules");
    assertTrue(schedules.contains("<tr class=\"schedule\" id=\"schedule-nightly-report\">"),
        schedules);
    String runsOf = SchedulesPage.runsOf("nightly-report");
    assertTrue(schedules.contains("href=\"" + runsOf.replace("&", "&amp;") + "\""), schedules);
    assertTrue(page(runsOf).contains(RouterTest.text(runId)), "the schedule's runs list it");
  }
}
