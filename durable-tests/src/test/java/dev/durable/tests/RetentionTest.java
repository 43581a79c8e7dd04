package dev.durable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.DurableWorker;
import dev.durable.runtime.RunFailedException;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.RunState;
import dev.durable.runtime.ScheduleInfo;
import dev.durable.runtime.UnknownRunException;
import dev.durable.tests.support.Await;
import dev.durable.tests.support.Recorder;
import dev.durable.tests.workflows.ChargeWorkflowDurable;
import dev.durable.tests.workflows.CheckoutParentWorkflowClient;
import dev.durable.tests.workflows.CheckoutParentWorkflowDurable;
import dev.durable.tests.workflows.EchoWorkflowClient;
import dev.durable.tests.workflows.EchoWorkflowDurable;
import dev.durable.tests.workflows.HourlyReportDurable;
import dev.durable.tests.workflows.Order;
import dev.durable.tests.workflows.PricingSteps;
import dev.durable.tests.workflows.PricingStepsDispatch;
import dev.durable.tests.workflows.RemoteOrderWorkflowClient;
import dev.durable.tests.workflows.RemoteOrderWorkflowDurable;
import dev.durable.tests.workflows.SignalWorkflowClient;
import dev.durable.tests.workflows.SignalWorkflowDurable;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Retention: {@code purge} deletes the runs that ended before a cut-off with every row they have,
 * and keeps the others; {@code retention(Duration)} has a started engine do it by itself.
 */
class RetentionTest extends OnEachStore {
  /** Every table that holds rows of a run, and its run id column. */
  private static final List<String> TABLES = List.of(
      "durable_runs", "durable_steps", "durable_events", "durable_tasks", "durable_signals",
      "durable_schedule_runs", "durable_run_values");

  private final Recorder recorder = new Recorder();

  private DurableEngine.Builder engine() {
    return db.engine().clock(clock)
        .register(new EchoWorkflowDurable(script))
        .register(new RemoteOrderWorkflowDurable(new PricingStepsDispatch(), script))
        .register(new SignalWorkflowDurable(recorder))
        .register(new HourlyReportDurable(recorder));
  }

  private DurableWorker worker() {
    return DurableWorker.builder().jdbcUrl(db.jdbcUrl()).clock(clock)
        .handle(PricingSteps.QUOTE, (task, input) -> "{\"sku\":\"lamp\",\"cents\":750}")
        .build();
  }

  private long rows(String table, String runId) {
    return db.queryLong("SELECT COUNT(*) FROM " + table + " WHERE run_id = '" + runId + "'");
  }

  @Test
  void purgeDeletesTheRunsThatEndedBeforeTheCutOffWithAllTheirRowsAndKeepsTheRest() {
    try (DurableEngine engine = engine().build(); DurableWorker worker = worker()) {
      RunHandle<String> completed = EchoWorkflowClient.of(engine).start("done");
      RunHandle<String> cancelled = EchoWorkflowClient.of(engine).start("nap, then cancelled");
      RunHandle<String> signalled = SignalWorkflowClient.of(engine).start(1, 0L);
      SignalWorkflowClient.of(engine).approval(signalled.id(), "yes");
      RunHandle<String> waiting = SignalWorkflowClient.of(engine).start(1, 0L);
      RunHandle<String> remote = RemoteOrderWorkflowClient.of(engine).start(new Order("lamp", 3));
      engine.tick();
      assertEquals(1, worker.tick());
      engine.tick();
      assertTrue(engine.cancel(cancelled.id()));
      script.failTimes("echo", 3);
      RunHandle<String> failed = EchoWorkflowClient.of(engine).start("fails");
      engine.tick();
      assertThrows(RunFailedException.class, () -> failed.await(WAIT));
      clock.advanceTo(Instant.parse("2026-01-05T10:00:00Z"));
      engine.tick();
      String scheduled =
          ScheduleInfo.runId("hourly-report", Instant.parse("2026-01-05T10:00:00Z"));
      assertEquals(RunState.COMPLETED, engine.getRunStatus(scheduled).run().status());

      List<String> ended = List.of(completed.id(), cancelled.id(), signalled.id(), remote.id(),
          failed.id(), scheduled);
      // each kind of row is there to be deleted
      assertTrue(rows("durable_steps", completed.id()) > 0);
      assertTrue(rows("durable_events", cancelled.id()) > 0);
      assertTrue(rows("durable_tasks", remote.id()) > 0);
      assertTrue(rows("durable_signals", signalled.id()) > 0);
      assertTrue(rows("durable_schedule_runs", scheduled) > 0);
      assertEquals(RunState.SLEEPING, waiting.status().run().status());

      clock.advance(Duration.ofDays(2));
      RunHandle<String> recent = EchoWorkflowClient.of(engine).start("recent");
      engine.tick();
      assertEquals("recent", recent.await(WAIT));

      assertEquals(ended.size(), engine.purge(clock.instant().minus(Duration.ofDays(1))));

      for (String runId : ended) {
        assertThrows(UnknownRunException.class, () -> engine.getRunStatus(runId));
        for (String table : TABLES) {
          assertEquals(0, rows(table, runId), table + " keeps rows of purged run " + runId);
        }
      }
      assertEquals(RunState.SLEEPING, waiting.status().run().status(), "it has not ended");
      assertEquals(RunState.COMPLETED, recent.status().run().status(), "it ended a moment ago");
      assertTrue(rows("durable_events", waiting.id()) > 0);
      assertEquals(0, engine.purge(clock.instant().minus(Duration.ofDays(1))), "done already");
    }
  }

  @Test
  void aFinishedChildIsKeptWhileItsParentHasNotEnded() {
    try (DurableEngine parents =
            db.engine().clock(clock).register(new CheckoutParentWorkflowDurable(recorder)).build();
        DurableEngine children =
            db.engine().clock(clock).register(new ChargeWorkflowDurable(recorder)).build()) {
      RunHandle<String> parent = CheckoutParentWorkflowClient.of(parents).start("order-1");
      parents.tick();
      children.tick();
      String child = parent.id() + "/child-0";
      assertEquals(RunState.COMPLETED, children.getRunStatus(child).run().status());
      assertFalse(parent.status().run().status().isTerminal(), "no engine ran it since");

      clock.advance(Duration.ofSeconds(1));
      assertEquals(0, children.purge(clock.instant()), "its parent may still await it");
      assertEquals(RunState.COMPLETED, children.getRunStatus(child).run().status());

      parents.tick();
      assertEquals("shipped: paid order-1", parent.await(WAIT));
      clock.advance(Duration.ofSeconds(1));
      assertEquals(2, parents.purge(clock.instant()));
      assertThrows(UnknownRunException.class, () -> parents.getRunStatus(child));
    }
  }

  @Test
  void aStartedEngineWithARetentionDeletesEndedRunsOnceTheyAreOlder() {
    try (DurableEngine engine = engine().retention(Duration.ofDays(1)).build()) {
      engine.start();
      RunHandle<String> done = EchoWorkflowClient.of(engine).start("done");
      assertEquals("done", done.await(WAIT));
      RunHandle<String> waiting = SignalWorkflowClient.of(engine).start(1, 0L);
      Await.until("the run waits for its signal",
          () -> waiting.status().run().status() == RunState.SLEEPING);

      clock.advance(Duration.ofHours(23));
      RunHandle<String> recent = EchoWorkflowClient.of(engine).start("recent");
      assertEquals("recent", recent.await(WAIT));
      clock.advance(Duration.ofHours(2));

      Await.until("the run that ended a day ago is deleted",
          () -> rows("durable_runs", done.id()) == 0);
      for (String table : TABLES) {
        assertEquals(0, rows(table, done.id()), table);
      }
      assertEquals(RunState.SLEEPING, waiting.status().run().status());
      assertEquals(RunState.COMPLETED, recent.status().run().status());
    }
  }

  @Test
  void runsGoOnWhileALargePurgeDeletesThousandsOfOldRuns() throws Exception {
    int old = 2_000;
    try (DurableEngine engine = engine().build()) {
      insertRunsThatEndedLongAgo(old);
      engine.start();
      CompletableFuture<Integer> purge = CompletableFuture.supplyAsync(
          () -> engine.purge(clock.instant().minus(Duration.ofDays(1))));
      List<RunHandle<String>> runs = IntStream.range(0, 20)
          .mapToObj(i -> EchoWorkflowClient.of(engine).start("new " + i))
          .toList();
      for (int i = 0; i < runs.size(); i++) {
        assertEquals("new " + i, runs.get(i).await(WAIT));
      }

      assertEquals(old, purge.get(WAIT.toSeconds(), TimeUnit.SECONDS));
      for (String table : List.of("durable_runs", "durable_steps", "durable_events")) {
        assertEquals(0, db.queryLong("SELECT COUNT(*) FROM " + table
            + " WHERE run_id LIKE 'old-%'"), table);
      }
      assertEquals(runs.size(), db.queryLong("SELECT COUNT(*) FROM durable_runs"));
    }
  }

  @Test
  void enginesPurgingAtOnceDeleteEachRunOnce() throws Exception {
    int old = 2_000;
    try (DurableEngine one = engine().build(); DurableEngine two = engine().build()) {
      insertRunsThatEndedLongAgo(old);
      Instant cutOff = clock.instant().minus(Duration.ofDays(1));
      CompletableFuture<Integer> first = CompletableFuture.supplyAsync(() -> one.purge(cutOff));
      CompletableFuture<Integer> second = CompletableFuture.supplyAsync(() -> two.purge(cutOff));

      int deleted = first.get(WAIT.toSeconds(), TimeUnit.SECONDS)
          + second.get(WAIT.toSeconds(), TimeUnit.SECONDS);
      assertEquals(old, deleted, "each run is counted by the engine that deleted it");
      for (String table : List.of("durable_runs", "durable_steps", "durable_events")) {
        assertEquals(0, db.queryLong("SELECT COUNT(*) FROM " + table), table);
      }
    }
  }

  /** Inserts {@code count} runs that completed in 2025, each with a step and an event. */
  private void insertRunsThatEndedLongAgo(int count) {
    String at = "TIMESTAMP WITH TIME ZONE '2025-01-01 00:00:00+00'";
    db.execute("INSERT INTO durable_runs (run_id, workflow_name, workflow_version, status,"
        + " created_at, updated_at) VALUES " + IntStream.range(0, count)
        .mapToObj(i -> "('old-" + i + "', 'echo', '1', 'COMPLETED', " + at + ", " + at + ")")
        .collect(Collectors.joining(", ")));
    db.execute("INSERT INTO durable_steps (run_id, seq, kind, name, status, attempts,"
        + " started_at, updated_at) VALUES " + IntStream.range(0, count)
        .mapToObj(i -> "('old-" + i + "', 0, 'STEP', 'echo', 'COMPLETED', 1, " + at + ", "
            + at + ")")
        .collect(Collectors.joining(", ")));
    db.execute("INSERT INTO durable_events (run_id, at, type) VALUES " + IntStream.range(0, count)
        .mapToObj(i -> "('old-" + i + "', " + at + ", 'run.completed')")
        .collect(Collectors.joining(", ")));
  }
}
