package dev.durable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.Overview;
import dev.durable.runtime.RunState;
import dev.durable.runtime.StartOptions;
import dev.durable.runtime.UnknownRunException;
import dev.durable.tests.workflows.EchoWorkflow;
import dev.durable.tests.workflows.EchoWorkflowClient;
import dev.durable.tests.workflows.EchoWorkflowDurable;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The runs at a glance ({@link DurableEngine#overview}): the runs started, completed, failed and
 * cancelled in each period of a window, and the runs waiting longest past their time, whatever
 * their state says they wait for.
 */
class OverviewTest extends OnEachStore {
  private static final Duration MINUTE = Duration.ofMinutes(1);

  private DurableEngine engine() {
    return db.engine().clock(clock).register(new EchoWorkflowDurable(script)).build();
  }

  private static List<Long> column(Overview overview, String which) {
    return overview.buckets().stream().map(b -> switch (which) {
      case "started" -> b.started();
      case "completed" -> b.completed();
      case "failed" -> b.failed();
      default -> b.cancelled();
    }).toList();
  }

  @Test
  void eachPeriodCountsTheRunsStartedAndEndedInIt() {
    Instant from = clock.instant(); // 09:00:00
    try (DurableEngine engine = engine()) {
      EchoWorkflowClient client = EchoWorkflowClient.of(engine);
      clock.advance(Duration.ofSeconds(5));
      client.start("before-noon");
      engine.tick(); // completes at 09:00:05
      clock.advance(MINUTE); // 09:01:05
      client.start("fine");
      script.failTimes("echo:boom", 3);
      client.start("boom");
      client.start("nap-1"); // sleeps until 09:02:05
      engine.tick();
      clock.advance(Duration.ofSeconds(70)); // 09:02:15
      engine.cancel(client.start("doomed").id());
      engine.tick(); // nap-1 wakes and completes at 09:02:15

      Overview overview = engine.overview(from, MINUTE);

      assertEquals(from, overview.from());
      assertEquals(MINUTE, overview.bucket());
      assertEquals(List.of(from, from.plus(MINUTE), from.plus(MINUTE.multipliedBy(2))),
          overview.buckets().stream().map(Overview.Bucket::start).toList());
      assertEquals(List.of(1L, 3L, 1L), column(overview, "started"));
      assertEquals(List.of(1L, 1L, 1L), column(overview, "completed"));
      assertEquals(List.of(0L, 1L, 0L), column(overview, "failed"));
      assertEquals(List.of(0L, 0L, 1L), column(overview, "cancelled"));

      // a later window leaves out what came before it; seconds as periods
      Overview late = engine.overview(from.plus(Duration.ofSeconds(135)), Duration.ofSeconds(1));
      assertEquals(1, late.buckets().size(), "09:02:15, the read's own second");
      assertEquals(new Overview.Bucket(from.plus(Duration.ofSeconds(135)), 1, 1, 0, 1),
          late.buckets().get(0));
    }
  }

  @Test
  void stuckRunsAreThoseWaitingPastTheirTimeTheLongestWaitingFirst() {
    Instant start = clock.instant();
    try (DurableEngine engine = engine()) {
      EchoWorkflowClient client = EchoWorkflowClient.of(engine);
      client.start("nap-sleeper"); // sleeps until 09:01:00
      engine.tick();
      clock.advance(Duration.ofSeconds(10));
      client.start(StartOptions.builder().runId("queued").queue("nobody-serves").build(), "q");
      clock.advance(Duration.ofSeconds(10));
      client.start("pending"); // due at 09:00:20, and no tick takes it
      clock.advance(Duration.ofSeconds(10));
      String lost = client.start(StartOptions.builder().runId("lost").build(), "l").id();
      // as if an engine had claimed it and died: its lease ended at 09:00:40
      db.execute("UPDATE durable_runs SET status = 'RUNNING', lease_owner = 'gone',"
          + " lease_until = due_at + INTERVAL '10' SECOND, due_at = due_at + INTERVAL '10' SECOND"
          + " WHERE run_id = '" + lost + "'");
      assertEquals(List.of(), engine.overview(start, MINUTE).stuck(), "none is a minute late");

      clock.advance(Duration.ofSeconds(110)); // 09:02:40: each is more than a minute late
      client.start("fresh"); // due now: not late

      List<Overview.Stuck> stuck = engine.overview(start, MINUTE).stuck();
      assertEquals(List.of(RunState.ENQUEUED, RunState.PENDING, RunState.RUNNING,
          RunState.SLEEPING), stuck.stream().map(s -> s.run().status()).toList());
      assertEquals(List.of(start.plusSeconds(10), start.plusSeconds(20), start.plusSeconds(40),
          start.plus(EchoWorkflow.NAP)), stuck.stream().map(Overview.Stuck::since).toList());
      assertEquals("queued", stuck.get(0).run().id());
      assertEquals(lost, stuck.get(2).run().id());
    }
  }

  @Test
  void aRunSaysWhetherItIsStuckByTheRuleTheOverviewListsStuckRunsBy() {
    Instant start = clock.instant();
    try (DurableEngine engine = engine()) {
      EchoWorkflowClient client = EchoWorkflowClient.of(engine);
      String sleeper = client.start("nap-sleeper").id(); // sleeps until 09:01:00
      engine.tick();
      String lost = client.start(StartOptions.builder().runId("lost").build(), "l").id();
      // as if engine-a had claimed it and died: its lease ended at 09:00:10
      db.execute("UPDATE durable_runs SET status = 'RUNNING', lease_owner = 'engine-a',"
          + " lease_until = due_at + INTERVAL '10' SECOND, due_at = due_at + INTERVAL '10' SECOND"
          + " WHERE run_id = '" + lost + "'");
      assertEquals(Optional.empty(), engine.stuck(lost), "its lease ended, but not a minute ago");

      clock.advance(Duration.ofSeconds(90)); // 09:01:30
      String fresh = client.start("fresh").id(); // due now: not late
      Overview.Stuck stuck = engine.stuck(lost).orElseThrow();
      assertEquals(start.plusSeconds(10), stuck.since());
      assertEquals(RunState.RUNNING, stuck.run().status());
      assertEquals("the lease of engine engine-a on it ended unrenewed (the engine died or"
          + " stalls), and no engine has taken it over yet: any engine with its workflow version"
          + " takes it over at its next poll", stuck.reason());
      assertEquals(Optional.empty(), engine.stuck(sleeper), "its wake time passed 30 s ago");
      assertEquals(Optional.empty(), engine.stuck(fresh));
      assertEquals(engine.overview(start, MINUTE).stuck(), List.of(stuck),
          "the overview lists what the run says of itself");

      clock.advance(Duration.ofSeconds(31)); // the sleeper's wake time passed 61 s ago
      assertEquals(start.plus(EchoWorkflow.NAP), engine.stuck(sleeper).orElseThrow().since());
      assertThrows(UnknownRunException.class, () -> engine.stuck("no-such-run"));
    }
  }

  @Test
  void aPeriodUnderASecondOrAWindowOfTooManyPeriodsIsRefused() {
    try (DurableEngine engine = engine()) {
      Instant now = clock.instant();
      IllegalArgumentException small = assertThrows(IllegalArgumentException.class,
          () -> engine.overview(now, Duration.ofMillis(500)));
      assertTrue(small.getMessage().contains("a second or more"), small.getMessage());
      IllegalArgumentException wide = assertThrows(IllegalArgumentException.class,
          () -> engine.overview(now.minus(Duration.ofDays(2)), MINUTE));
      assertTrue(wide.getMessage().contains("1 to 1440 periods"), wide.getMessage());
      assertThrows(IllegalArgumentException.class,
          () -> engine.overview(now.plus(MINUTE), MINUTE), "a window that starts later");
      assertEquals(1440, engine.overview(now.minus(Duration.ofDays(1)).plusMillis(1), MINUTE)
          .buckets().size());
    }
  }
}
