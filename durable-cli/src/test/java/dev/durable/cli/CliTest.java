package dev.durable.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.durable.build.OnPostgres;
import dev.durable.cli.CliRunner.Result;
import dev.durable.cli.fixtures.ApprovalFlowClient;
import dev.durable.cli.fixtures.ApprovalFlowDurable;
import dev.durable.cli.fixtures.NightlyFlowDurable;
import dev.durable.cli.fixtures.OrderFlowClient;
import dev.durable.cli.fixtures.OrderFlowDurable;
import dev.durable.cli.fixtures.ParcelFlowClient;
import dev.durable.cli.fixtures.ParcelFlowDurable;
import dev.durable.cli.fixtures.PaymentFlowClient;
import dev.durable.cli.fixtures.PaymentFlowDurable;
import dev.durable.cli.fixtures.PricedFlowClient;
import dev.durable.cli.fixtures.PricedFlowDurable;
import dev.durable.cli.fixtures.PricingStepsDispatch;
import dev.durable.cli.fixtures.PricingStepsWorker;
import dev.durable.runtime.DurableWorker;
import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.RunExport;
import dev.durable.runtime.Queue;
import dev.durable.runtime.RunState;
import dev.durable.runtime.StartOptions;
import dev.durable.runtime.testing.ReplayReport;
import dev.durable.runtime.testing.WorkflowReplayer;
import dev.durable.runtime.testing.TestClock;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * durable-cli end to end, on H2 and on PostgreSQL: an engine with the fixtures' workflows makes
 * runs, durable-cli (run in this JVM through its entry point) lists, shows and operates them.
 */
@OnPostgres
@ParameterizedClass
@MethodSource("dev.durable.cli.Stores#all")
class CliTest {
  private static final Duration WAIT = Duration.ofSeconds(20);

  @Parameter Stores store;

  @TempDir Path directory;

  private Stores.Database db;
  private DurableEngine engine;
  private final TestClock clock = TestClock.at(Instant.parse("2026-01-05T09:00:00Z"));
  private final AtomicBoolean declining = new AtomicBoolean();

  @BeforeEach
  void openStore() {
    db = store.open(directory);
    engine = DurableEngine.builder()
        .jdbcUrl(db.url())
        .discover(false)
        .clock(clock)
        .register(new OrderFlowDurable(declining))
        .register(new PricedFlowDurable(new PricingStepsDispatch()))
        .register(new NightlyFlowDurable())
        .register(new ParcelFlowDurable())
        .build();
  }

  @AfterEach
  void closeStore() {
    if (engine != null) {
      engine.close();
    }
    if (db != null) {
      db.close();
    }
  }

  private Result cli(String... args) {
    List<String> all = new ArrayList<>(List.of("--jdbc-url", db.url()));
    all.addAll(List.of(args));
    return CliRunner.run(all.toArray(String[]::new));
  }

  /** Starts an order run with the given id, one second after the one before, and drives it. */
  private RunHandle<String> order(String id, boolean declined, boolean awaitApproval) {
    clock.advance(Duration.ofSeconds(1));
    declining.set(declined);
    RunHandle<String> run = OrderFlowClient.of(engine).start(id, "item-" + id, awaitApproval);
    engine.tick();
    declining.set(false);
    return run;
  }

  private RunState status(String runId) {
    return engine.getRunStatus(runId).run().status();
  }

  private static void assertExit(int code, Result result) {
    assertEquals(code, result.code(), result::toString);
  }

  @Test
  void listShowsTheRunsThatMatchNewestFirst() {
    order("a-1", false, false);
    order("a-2", true, false);
    order("b-3", false, false);
    order("b-4", true, false);

    Result all = cli("list");
    assertExit(0, all);
    assertEquals("", all.err());
    List<String> lines = all.out().lines().toList();
    assertEquals(List.of("RUN ID", "WORKFLOW", "STATUS", "QUEUE", "CREATED", "UPDATED", "ERROR"),
        List.of(lines.get(0).split("\\s{2,}")));
    assertEquals(5, lines.size(), all::toString);
    assertTrue(lines.get(1).matches("b-4\\s+cli-order@\\S+\\s+FAILED\\s+-\\s+2026-01-05T09:00:04Z\\s+\\S+\\s+declined"),
        lines.get(1));
    assertTrue(lines.get(4).startsWith("a-1 "), lines.get(4));

    assertEquals(List.of("b-4", "a-2"), ids(cli("list", "--status", "FAILED", "--json")));
    assertEquals(List.of("b-4", "b-3", "a-2", "a-1"), ids(cli("list", "--status", "failed,completed", "--json")));
    assertEquals(List.of("a-2", "a-1"), ids(cli("list", "--prefix", "a-", "--json")));
    assertEquals(List.of("b-4", "a-2"), ids(cli("list", "--code", "declined", "--json")));
    assertEquals(List.of("b-4", "b-3"), ids(cli("list", "--workflow", "cli-order",
        "--created-from", "2026-01-05T09:00:03Z", "--json")));
    assertEquals(List.of("a-1"), ids(cli("list", "--created-before", "2026-01-05T10:00:02+01:00", "--json")));
    assertEquals(List.of(), ids(cli("list", "--workflow", "cli-priced", "--json")));
    assertEquals("no runs match\n", cli("list", "--workflow", "cli-priced").out());
  }

  @Test
  void listPagesWithAfter() {
    for (int i = 1; i <= 5; i++) {
      order("run-" + i, false, false);
    }
    Result first = cli("list", "--limit", "2");
    assertExit(0, first);
    assertTrue(first.out().endsWith("next page: --after run-4\n"), first::toString);

    JsonNode second = cli("list", "--limit", "2", "--after", "run-4", "--json").json();
    assertEquals(List.of("run-3", "run-2"), ids(second.get("runs")));
    assertEquals("run-2", second.get("nextAfter").asText());

    JsonNode last = cli("list", "--limit", "2", "--after", "run-2", "--json").json();
    assertEquals(List.of("run-1"), ids(last.get("runs")));
    assertTrue(last.get("nextAfter").isNull());
    assertFalse(cli("list", "--limit", "2", "--after", "run-2").out().contains("next page"));
  }

  @Test
  void showPrintsTheRunItsStepsAndItsTimeline() {
    order("failed-1", true, false);

    Result shown = cli("show", "failed-1");
    assertExit(0, shown);
    String out = shown.out();
    assertTrue(out.contains("run          failed-1\n"), out);
    assertTrue(out.contains("status       FAILED\n"), out);
    assertTrue(out.contains("error        declined in step charge: card declined for item-failed-1\n"), out);
    assertTrue(out.contains("input        [\"item-failed-1\",false]\n"), out);
    assertTrue(out.matches("(?s).*\\n0\\s+step\\s+charge\\s+FAILED\\s+1\\s+card declined for item-failed-1\\n.*"), out);
    assertTrue(out.contains("Timeline\n"), out);
    assertTrue(out.contains("run.created"), out);
    assertTrue(out.contains("run.failed"), out);

    JsonNode json = cli("show", "failed-1", "--json").json();
    assertEquals("FAILED", json.at("/run/status").asText());
    assertEquals("declined", json.at("/run/error/code").asText());
    assertEquals("item-failed-1", json.at("/input/0").asText());
    assertEquals("charge", json.at("/steps/0/name").asText());
    assertEquals(1, json.at("/steps/0/attempts").asInt());
    assertEquals("item-failed-1", json.at("/steps/0/input/0").asText());
    assertEquals("run.created", json.at("/history/0/type").asText());
    assertEquals(0, json.get("signalsWaiting").size());
  }

  @Test
  void showPrintsAnErrorsCodeAndMessageAndNoClassOfTheEngines() {
    ParcelFlowClient.of(engine).start("parcel-1", "fragile");
    engine.tick();
    assertEquals(RunState.FAILED, status("parcel-1"));

    String out = cli("show", "parcel-1").out();
    assertTrue(out.contains("error        invalid_input in step send: step 'send' "), out);
    assertTrue(out.contains("the label is smudged"), out);
    assertFalse(out.contains("dev.durable.runtime.internal"), out);
    assertFalse(out.contains("error type"), out);

    order("failed-2", true, false);
    assertTrue(cli("show", "failed-2").out()
        .contains("error type   dev.durable.runtime.FatalError\n"), "a public type is shown");
  }

  @Test
  void showListsTheSignalsARunWaitsFor() {
    order("waiting-1", false, true);
    assertEquals(RunState.SLEEPING, status("waiting-1"));

    String out = cli("show", "waiting-1").out();
    assertTrue(out.matches("(?s).*Signals waiting\\nSIGNAL\\s+SINCE.*\\napprove\\s+2026-01-05T09:00:01Z.*"), out);
    // the wait at its position, after the step before it
    assertTrue(out.matches("(?s).*Steps and waits\\nPOS\\s+KIND\\s+NAME\\s+STATUS\\s+ATTEMPTS\\s+DETAIL\\n"
        + "0\\s+step\\s+charge\\s+COMPLETED\\s+1\\s+-\\n"
        + "1\\s+signal\\s+approve\\s+WAITING\\s+-\\s+without limit\\n.*"), out);
    JsonNode json = cli("show", "waiting-1", "--json").json();
    assertEquals("approve", json.at("/signalsWaiting/0/name").asText());
    assertEquals("ch_item-waiting-1", json.at("/steps/0/output").asText());
    assertEquals(1, json.get("steps").size(), "the status API's steps are steps only");
    assertEquals(1, json.at("/positions/1/position").asInt());
    assertEquals("signal", json.at("/positions/1/kind").asText());
    assertEquals("approve", json.at("/positions/1/name").asText());
    assertEquals("WAITING", json.at("/positions/1/status").asText());
  }

  @Test
  void historyPrintsTheEventLog() {
    order("done-1", false, false);
    Result history = cli("history", "done-1");
    assertExit(0, history);
    List<String> lines = history.out().lines().toList();
    assertTrue(lines.get(0).matches("AT\\s+EVENT\\s+STEP\\s+ATTEMPT\\s+DETAIL"), lines.get(0));
    assertTrue(lines.get(1).contains("run.created"), history::toString);
    assertTrue(lines.get(lines.size() - 1).contains("run.completed"), history::toString);

    JsonNode json = cli("history", "done-1", "--json").json();
    assertEquals("run.created", json.get(0).get("type").asText());
    assertEquals("run.completed", json.get(json.size() - 1).get("type").asText());
    assertEquals(lines.size() - 1, json.size());
  }

  @Test
  void requeueRetriesAFailedRunThatThenCompletes() throws Exception {
    RunHandle<String> run = order("declined-1", true, false);
    assertEquals(RunState.FAILED, status("declined-1"));

    Result requeued = cli("requeue", "declined-1");
    // durable-cli's engine keeps the wall clock, and made the run due by it
    clock.advanceTo(Instant.now().plusSeconds(1));
    assertExit(0, requeued);
    assertEquals("requeued declined-1: an engine with its workflow runs it again\n", requeued.out());
    engine.start();
    assertEquals("ch_item-declined-1", run.await(WAIT));

    Result again = cli("requeue", "declined-1", "--json");
    assertExit(1, again);
    assertEquals("", again.out());
    assertTrue(again.err().startsWith("durable-cli: "), again::toString);
    assertTrue(again.err().contains("declined-1"), again::toString);
  }

  @Test
  void pauseStopsRunsByIdOrFilterAndResumeLetsThemGoOn() {
    order("p-1", false, true);
    order("p-2", false, true);
    order("p-3", false, true);
    assertEquals(RunState.SLEEPING, status("p-1"), "each waits for its approval");

    Result one = cli("pause", "p-1");
    assertExit(0, one);
    assertEquals("paused 1 run\n", one.out());
    assertEquals(RunState.PAUSED, status("p-1"));

    Result filtered = cli("pause", "--workflow", "cli-order", "--status", "SLEEPING");
    assertExit(0, filtered);
    assertEquals("paused 2 runs\n", filtered.out());
    assertEquals(RunState.PAUSED, status("p-3"));
    assertExit(ExitCodes.USAGE, cli("pause"));
    assertTrue(cli("list", "--status", "PAUSED").out().contains("p-2"));

    Result resumed = cli("resume", "p-1", "p-2");
    assertExit(0, resumed);
    assertEquals("resumed p-1\nresumed p-2\n", resumed.out());
    assertEquals(RunState.PENDING, status("p-1"));
    Result refused = cli("resume", "p-1");
    assertExit(1, refused);
    assertTrue(refused.err().contains("run p-1 is PENDING, not PAUSED: nothing to resume"),
        refused.err());
  }

  @Test
  void queuesPauseAndResumeAQueueThatAnEngineDeclared() {
    engine.close();
    engine = DurableEngine.builder().jdbcUrl(db.url()).discover(false).clock(clock)
        .register(new OrderFlowDurable(declining)).queue(Queue.named("orders").concurrency(1))
        .build();

    Result paused = cli("queues", "pause", "orders");
    assertExit(0, paused);
    assertEquals("paused queue orders\n", paused.out());
    assertTrue(cli("queues").out().contains("orders (paused)"));
    assertTrue(cli("queues", "--json").json().at("/0/paused").asBoolean());
    assertEquals("queue orders was paused already\n", cli("queues", "pause", "orders").out());

    assertEquals("resumed queue orders\n", cli("queues", "resume", "orders").out());
    assertFalse(cli("queues", "--json").json().at("/0/paused").asBoolean());
    Result unknown = cli("queues", "pause", "nobody");
    assertExit(1, unknown);
    assertTrue(unknown.err().contains("no engine declared a queue named 'nobody'"), unknown.err());
    assertExit(ExitCodes.USAGE, cli("queues", "stop", "orders"));
  }

  @Test
  void cancelStopsARunAndIsRefusedOnceItEnded() {
    order("waiting-1", false, true);

    Result cancelled = cli("cancel", "waiting-1", "--json");
    assertExit(0, cancelled);
    assertEquals("waiting-1", cancelled.json().get("runId").asText());
    assertTrue(cancelled.json().get("cancelled").asBoolean());
    assertEquals(RunState.CANCELLED, status("waiting-1"));

    Result again = cli("cancel", "waiting-1");
    assertExit(1, again);
    assertEquals("durable-cli: run waiting-1 has already ended (CANCELLED): nothing to cancel\n",
        again.err());
  }

  @Test
  void redispatchQueuesAStuckTaskAgain() {
    PricedFlowClient.of(engine).start("priced-1", "lamp");
    engine.tick();
    assertEquals(RunState.SLEEPING, status("priced-1"));

    Result redispatched = cli("redispatch", "priced-1");
    assertExit(0, redispatched);
    assertEquals("queued 1 task of run priced-1 again\n", redispatched.out());
    assertTrue(cli("history", "priced-1").out().contains("step.redispatched"));

    Result none = cli("redispatch", "priced-1", "--json");
    assertExit(0, none);
    assertTrue(none.json().get("tasks").isInt());
  }

  @Test
  void signalReachesAWaitingRunThatThenCompletes() throws Exception {
    RunHandle<String> run = order("waiting-1", false, true);

    Result notJson = cli("signal", "waiting-1", "approve", "alice");
    assertExit(2, notJson);
    assertTrue(notJson.err().startsWith("durable-cli: the signal's value must be JSON, but was"
        + " alice; a string is written in double quotes: '\"alice\"'\n"), notJson::toString);

    Result huge = cli("signal", "waiting-1", "approve", "a".repeat(100_000));
    assertExit(2, huge);
    assertTrue(huge.err().length() < 400, huge.err().length() + " characters");
    assertTrue(huge.err().contains("a".repeat(60) + "... (100000 characters); a string is"
        + " written in double quotes: '\"approved\"'"), huge::toString);

    Result sent = cli("signal", "waiting-1", "approve", "\"alice\"");
    assertExit(0, sent);
    assertEquals("sent signal approve to run waiting-1\n", sent.out());
    // durable-cli's engine keeps the wall clock, and made the run due by it
    clock.advanceTo(Instant.now().plusSeconds(1));
    engine.tick();
    assertEquals("ch_item-waiting-1 approved by alice", run.await(WAIT));

    Result ended = cli("signal", "waiting-1", "approve", "\"bob\"", "--json");
    assertExit(1, ended);
    assertEquals("", ended.out());
    assertTrue(ended.err().contains("waiting-1"), ended::toString);
  }

  @Test
  void workersListsQueuesSilentTasksAndWorkers() throws Exception {
    PricedFlowClient.of(engine).start("priced-1", "lamp");
    engine.tick();

    Result idle = cli("workers");
    assertExit(0, idle);
    assertTrue(idle.out().startsWith("Workers\n  none seen within the last hour\n\nQueues\n"),
        idle::toString);
    assertTrue(idle.out().matches("(?s).*\\npricing\\.price\\s+1\\s+0\\s+2026-01-05T09:00:00Z\\n"),
        idle::toString);
    // the task was queued at the test clock's time, long before the wall clock's now
    JsonNode silent = cli("workers", "--silent", "1h", "--json").json();
    assertEquals("pricing.price", silent.at("/queues/0/step").asText());
    assertEquals(1, silent.at("/queues/0/queued").asInt());
    assertEquals("priced-1", silent.at("/silentTasks/0/runId").asText());
    assertEquals("QUEUED", silent.at("/silentTasks/0/status").asText());
    assertTrue(cli("workers", "--json").json().get("silentTasks").isNull());
    assertTrue(cli("show", "priced-1").out().contains("Dispatched tasks\n"));

    try (DurableWorker worker = DurableWorker.builder()
        .jdbcUrl(db.url())
        .workerId("worker-1")
        .serve(PricingStepsWorker.of(item -> 1200L))
        .build()) {
      assertEquals(1, worker.tick());
    }
    JsonNode served = cli("workers", "--json").json();
    assertEquals("worker-1", served.at("/workers/0/workerId").asText());
    assertEquals(0, served.at("/workers/0/running").asInt());
    assertEquals(0, served.get("queues").size());
    JsonNode shown = cli("show", "priced-1", "--json").json();
    assertEquals("SUCCEEDED", shown.at("/tasks/0/status").asText());
    assertEquals("worker-1", shown.at("/tasks/0/workerId").asText());
  }

  @Test
  void queuesListsDepthRunningAndLimitsAndListNarrowsToAQueue() {
    assertEquals("no queues declared or used\n", cli("queues").out());
    engine.close();
    engine = DurableEngine.builder().jdbcUrl(db.url()).discover(false).clock(clock)
        .engineId("engine-q").register(new OrderFlowDurable(declining))
        .queue(Queue.named("orders").concurrency(1).rateLimit(5, Duration.ofMinutes(1)))
        .build();
    for (String id : List.of("q-1", "q-2")) {
      clock.advance(Duration.ofSeconds(1));
      OrderFlowClient.of(engine).start(
          StartOptions.builder().queue("orders").runId(id).build(), "item-" + id, true);
    }
    OrderFlowClient.of(engine).start(
        StartOptions.builder().queue("nobody").runId("q-3").build(), "item-q-3", false);
    engine.tick(); // admits q-1, which then waits for its approval, holding the one slot

    Result listed = cli("queues");
    assertExit(0, listed);
    List<String> lines = listed.out().lines().toList();
    assertEquals(List.of("QUEUE", "DEPTH", "RUNNING", "OLDEST WAITING", "CONCURRENCY",
        "PER ENGINE", "RATE LIMIT", "DECLARED BY"), List.of(lines.get(0).split("\\s{2,}")));
    assertEquals(List.of("nobody", "1", "0", "2026-01-05T09:00:02Z", "-", "-", "-",
        "not declared"), List.of(lines.get(1).split("\\s{2,}")), listed::toString);
    assertEquals(List.of("orders", "1", "1", "2026-01-05T09:00:02Z", "1", "-", "5/1m",
        "engine-q"), List.of(lines.get(2).split("\\s{2,}")), listed::toString);
    JsonNode json = cli("queues", "--json").json();
    assertEquals("orders", json.at("/1/name").asText());
    assertEquals(1, json.at("/1/depth").asInt());
    assertEquals(1, json.at("/1/running").asInt());
    assertEquals(1, json.at("/1/concurrency").asInt());
    assertEquals(5, json.at("/1/ratePermits").asInt());
    assertEquals("PT1M", json.at("/1/ratePeriod").asText());
    assertFalse(json.at("/0/declared").asBoolean());

    assertEquals(List.of("q-2", "q-1"), ids(cli("list", "--queue", "orders", "--json")));
    Result waiting = cli("list", "--queue", "orders", "--status", "ENQUEUED");
    assertTrue(waiting.out().lines().skip(1).findFirst().orElseThrow()
        .matches("q-2\\s+cli-order@\\S+\\s+ENQUEUED\\s+orders\\s.*"), waiting::toString);
    assertEquals("no runs match\n", cli("list", "--queue", "other").out());
    Result shown = cli("show", "q-2");
    assertTrue(shown.out().lines().anyMatch(l -> l.matches("queue\\s+orders \\(priority 0\\)")),
        shown::toString);
    assertExit(0, cli("cancel", "q-2"));
    assertEquals(RunState.CANCELLED, status("q-2"));
    assertEquals(0, cli("queues", "--json").json().at("/1/depth").asInt());
  }

  @Test
  void overviewCountsTheRunsOfTheLastHourAndListsTheStuckOnes() {
    // a run the test clock's engine started in January and nobody took (the engine below does
    // not have its workflow): stuck since then
    ParcelFlowClient.of(engine).start("stuck-1", "label");
    try (DurableEngine now = DurableEngine.builder().jdbcUrl(db.url()).discover(false)
        .register(new OrderFlowDurable(declining)).build()) {
      OrderFlowClient.of(now).start("ok-1", "item-ok", false);
      now.tick();
      declining.set(true);
      OrderFlowClient.of(now).start("no-1", "item-no", false);
      now.tick();
      declining.set(false);
    }

    Result shown = cli("overview");
    assertExit(0, shown);
    List<String> lines = shown.out().lines().toList();
    assertTrue(lines.get(0).startsWith("Runs per 1m since "), shown::toString);
    assertEquals(List.of("PERIOD", "STARTED", "COMPLETED", "FAILED", "CANCELLED"),
        List.of(lines.get(1).split("\\s{2,}")));
    assertTrue(lines.stream().anyMatch(l -> l.matches("total\\s+2\\s+1\\s+1\\s+0")),
        shown::toString);
    assertTrue(lines.stream().anyMatch(l -> l.matches(
        "stuck-1\\s+cli-parcel@\\S+\\s+PENDING\\s+2026-01-05T09:00:00Z\\s+\\d+d")),
        shown::toString);
    JsonNode json = cli("overview", "--last", "2h", "--every", "1h", "--json").json();
    assertEquals("PT1H", json.at("/bucket").asText());
    long started = 0;
    for (JsonNode bucket : json.at("/buckets")) {
      started += bucket.at("/started").asLong();
    }
    assertEquals(2, started);
    assertEquals("stuck-1", json.at("/stuck/0/run/id").asText());
    assertEquals("PENDING", json.at("/stuck/0/run/status").asText());
    assertExit(2, cli("overview", "--last", "30d", "--every", "1s"));
  }

  @Test
  void schedulesListsTheStoredSchedules() {
    Result none = cli("schedules");
    assertExit(0, none);
    engine.tick();

    Result listed = cli("schedules");
    assertExit(0, listed);
    assertTrue(listed.out().matches("WORKFLOW\\s+CRON\\s+ZONE\\s+HANDLED UNTIL\\s+NEXT FIRE TIMES\\n"
        + "cli-nightly\\s+0 0 2 \\* \\* \\*\\s+Europe/Berlin\\s.*\\n"), listed::toString);
    JsonNode json = cli("schedules", "--json").json();
    assertEquals("cli-nightly", json.at("/0/workflowName").asText());
    assertEquals("Europe/Berlin", json.at("/0/zone").asText());
    assertTrue(json.at("/0/nextFireTimes").size() > 0, json::toString);
  }

  @Test
  void purgeDeletesEndedRunsOnlyWithYes() {
    order("done-1", false, false);
    order("failed-2", true, false);
    order("waiting-3", false, true);

    Result dryRun = cli("purge", "--older-than", "30d");
    assertExit(0, dryRun);
    assertTrue(dryRun.out().matches("would delete about 2 runs that ended before \\S+;"
        + " nothing deleted: add --yes to delete them\\n"), dryRun::toString);
    assertEquals(List.of("waiting-3", "failed-2", "done-1"), ids(cli("list", "--json")));

    JsonNode purged = cli("purge", "--older-than", "30d", "--yes", "--json").json();
    assertTrue(purged.get("deleted").asBoolean());
    assertEquals(2, purged.get("runs").asInt());
    assertEquals(List.of("waiting-3"), ids(cli("list", "--json")));
    assertExit(1, cli("show", "done-1"));

    Result none = cli("purge", "--before", "2026-01-05", "--yes");
    assertExit(0, none);
    assertEquals("deleted 0 runs that ended before 2026-01-05T00:00:00Z\n", none.out());
  }

  @Test
  void exportWritesRunsThatReplayAgainstTheirCode() throws Exception {
    order("done-1", false, false);
    order("failed-2", true, false);
    order("waiting-3", false, true);
    order("other-4", false, false);
    Path file = directory.resolve("runs.json");

    assertExit(2, cli("export", "--limit", "0"));
    Result filtered = cli("export", "--status", "COMPLETED,FAILED", "--limit", "2", "--out",
        file.toString());
    assertExit(0, filtered);
    assertEquals("exported 2 runs to " + file + "\n", filtered.out());
    ReplayReport report =
        WorkflowReplayer.of(new OrderFlowDurable(new AtomicBoolean(true))).replay(file);
    assertEquals(List.of("other-4", "failed-2"), report.replayed(), report::toString);

    Result named = cli("export", "waiting-3", "done-1");
    assertExit(0, named);
    RunExport export =
        RunExport.read(new ByteArrayInputStream(named.out().getBytes(StandardCharsets.UTF_8)));
    assertEquals(List.of("waiting-3", "done-1"),
        export.runs().stream().map(RunExport.Run::id).toList());
    assertEquals("SIGNAL", export.runs().get(0).checkpoints().get(1).kind());
    assertEquals(2, WorkflowReplayer.of(new OrderFlowDurable(declining)).replay(export)
        .replayed().size());

    JsonNode json = cli("export", "done-1", "--out", file.toString(), "--json").json();
    assertEquals(1, json.get("runs").asInt());
    assertExit(2, cli("export", "done-1", "--workflow", "cli-order"));
    assertExit(2, cli("export", "--out", directory.resolve("no/such/dir.json").toString()));
  }

  /**
   * durable-cli serving ({@code dashboard}, {@code callbacks}) on any free port in a thread of its
   * own, until closed: closing interrupts it, as Ctrl-C would, and checks that it exited 0.
   */
  private final class Serving implements AutoCloseable {
    final StringWriter out = new StringWriter();
    final StringWriter err = new StringWriter();
    private final AtomicInteger code = new AtomicInteger(-1);
    private final Thread thread;

    Serving(String command) {
      thread = new Thread(() -> code.set(DurableCli.run(new PrintWriter(out, true),
          new PrintWriter(err, true), Map.of(), "--jdbc-url", db.url(), command, "--port", "0")));
      thread.start();
    }

    /** The first line it printed, once it did (or all it printed, if it ended first). */
    String firstLine() throws InterruptedException {
      long deadline = System.nanoTime() + WAIT.toNanos();
      while (!out.toString().contains("\n") && thread.isAlive() && System.nanoTime() < deadline) {
        Thread.sleep(50);
      }
      return out.toString();
    }

    @Override
    public void close() throws InterruptedException {
      thread.interrupt();
      thread.join(WAIT.toMillis());
      assertEquals(0, code.get(), err::toString);
    }
  }

  /**
   * {@code callbacks}: a run goes on from {@code POST /durable/signals/{token}}; each refusal has
   * its status and says why, and none logs a stack trace.
   */
  @Test
  void callbacksSendTheSignalATokenNamesOverHttp() throws Exception {
    List<String> links = new java.util.concurrent.CopyOnWriteArrayList<>();
    engine.close();
    engine = DurableEngine.builder().jdbcUrl(db.url()).discover(false).clock(clock)
        .register(new ApprovalFlowDurable(links)).build();
    RunHandle<String> run = ApprovalFlowClient.of(engine).start(0L);
    RunHandle<String> expiring = ApprovalFlowClient.of(engine).start(60_000L);
    engine.tick();
    assertEquals(2, links.size());
    String token = links.get(0);
    String expiringToken = links.get(1);

    try (Serving serving = new Serving("callbacks")) {
      String line = serving.firstLine();
      StringWriter err = serving.err;
      assertTrue(line.matches("signal tokens at http://127\\.0\\.0\\.1:\\d+/durable/signals/"
          + "\\{token\\}\\n"), line + err);
      URI base = URI.create(line.split(" ")[3].trim().replace("{token}", ""));
      HttpClient http = HttpClient.newHttpClient();
      java.util.function.BiFunction<String, String, HttpResponse<String>> post = (t, body) -> {
        try {
          return http.send(HttpRequest.newBuilder(base.resolve(t))
              .POST(HttpRequest.BodyPublishers.ofString(body)).build(),
              HttpResponse.BodyHandlers.ofString());
        } catch (java.io.IOException | InterruptedException e) {
          throw new IllegalStateException(e);
        }
      };
      String approved = "{\"approved\":true,\"by\":\"ann\"}";

      HttpResponse<String> wrongBody = post.apply(token, "{approved");
      assertEquals(400, wrongBody.statusCode());
      assertTrue(wrongBody.body().contains("not JSON"), wrongBody.body());
      assertEquals(404, post.apply(token.substring(0, token.length() - 2) + "xx", approved)
          .statusCode());
      assertEquals(202, post.apply(token, approved).statusCode(), "the token was not used");
      assertEquals(409, post.apply(token, approved).statusCode());
      clock.advance(Duration.ofMinutes(2));
      assertEquals(410, post.apply(expiringToken, approved).statusCode());
      assertEquals(405, http.send(HttpRequest.newBuilder(base.resolve(token)).build(),
          HttpResponse.BodyHandlers.ofString()).statusCode());
      assertFalse(err.toString().contains("Exception"), err.toString());
    }
    engine.tick();
    assertEquals("approved by ann", run.await(WAIT));
    assertEquals(RunState.SLEEPING, expiring.status().run().status());
  }

  @Test
  void dashboardServesTheStoreUntilStopped() throws Exception {
    order("failed-1", true, false);
    try (Serving serving = new Serving("dashboard")) {
      String line = serving.firstLine();
      StringWriter err = serving.err;
      assertTrue(line.matches("dashboard at http://127\\.0\\.0\\.1:\\d+/ \\(read-only: set"
          + " DURABLE_DASHBOARD_TOKEN for the actions\\)\\n"), line + err);
      URI url = URI.create(line.split(" ")[2]);
      HttpResponse<String> page = HttpClient.newHttpClient().send(
          HttpRequest.newBuilder(url).build(),
          HttpResponse.BodyHandlers.ofString());
      assertEquals(200, page.statusCode());
      assertTrue(page.body().contains("failed-1"), page.body());
    }
  }

  @Test
  void forkStartsARunFromAPositionAndShowSaysWhereItComesFrom() throws Exception {
    order("declined-3", true, false);
    assertEquals(RunState.FAILED, status("declined-3"));

    Result forked = cli("fork", "declined-3", "--from", "0", "--json");
    assertExit(0, forked);
    String fork = forked.json().get("runId").asText();
    assertEquals("declined-3", forked.json().get("forkedFrom").asText());
    assertEquals(0, forked.json().get("position").asInt());
    // durable-cli's engine keeps the wall clock, and made the fork due by it
    clock.advanceTo(Instant.now().plusSeconds(1));
    engine.tick();
    assertEquals("ch_item-declined-3", OrderFlowClient.of(engine).get(fork).await(WAIT));

    String out = cli("show", fork).out();
    assertTrue(out.contains("generation   1\n"), out);
    assertTrue(out.contains("forked from  declined-3 at position 0\n"), out);
    JsonNode json = cli("show", fork, "--json").json();
    assertEquals("declined-3", json.at("/run/forkedFrom/runId").asText());
    assertEquals(0, json.at("/run/forkedFrom/position").asInt());
    assertEquals(1, json.at("/run/generation").asInt());
    assertFalse(cli("show", "declined-3").out().contains("forked from"));

    Result text = cli("fork", "declined-3", "--from", "1");
    assertExit(0, text);
    assertTrue(text.out().matches("forked declined-3 at position 1 as \\S+: an engine with its"
        + " workflow runs it\n"), text::toString);
    Result past = cli("fork", "declined-3", "--from", "2");
    assertExit(1, past);
    assertEquals("durable-cli: cannot fork run declined-3 at position 2: it recorded 1"
        + " position(s), so a fork starts from a position from 0 (nothing replayed) to 1 (all"
        + " replayed); nothing was stored\n", past.err());
    assertExit(1, cli("fork", "no-such-run", "--from", "0"));
  }

  @Test
  void showSaysARunIsStuckAndThenThePaymentThatMayHaveRunOnTheEngineThatLostIt()
      throws Exception {
    // engine-a's clock is ten minutes behind the CLI's: its lease ended long ago by the CLI's
    TestClock behind = TestClock.at(Instant.now().minus(Duration.ofMinutes(10)));
    CountDownLatch entered = new CountDownLatch(1);
    CountDownLatch released = new CountDownLatch(1);
    Thread turn;
    try (DurableEngine a = DurableEngine.builder().jdbcUrl(db.url()).discover(false).clock(behind)
            .engineId("engine-a").register(new PaymentFlowDurable(entered, released)).build();
        DurableEngine b = DurableEngine.builder().jdbcUrl(db.url()).discover(false)
            .engineId("engine-b").register(new PaymentFlowDurable()).build()) {
      PaymentFlowClient.of(a).start("pay-1", "order-7");
      turn = new Thread(a::tick, "engine-a-turn");
      turn.start();
      assertTrue(entered.await(20, TimeUnit.SECONDS), "engine-a never began the payment");

      String stuck = cli("show", "pay-1").out();
      assertTrue(stuck.contains("status       RUNNING\n"
          + "stuck        since " + Printer.time(behind.instant().plus(Duration.ofSeconds(30)))
          + ": the lease of engine engine-a on it ended unrenewed (the engine died or stalls),"
          + " and no engine has taken it over yet"), stuck);
      assertEquals("the lease of engine engine-a on it ended unrenewed (the engine died or"
          + " stalls), and no engine has taken it over yet: any engine with its workflow version"
          + " takes it over at its next poll",
          cli("show", "pay-1", "--json").json().at("/stuck/reason").asText());

      b.tick(); // takes the run over, records the payment that may have run, and pays
      String shown = cli("show", "pay-1").out();
      assertFalse(shown.contains("stuck"), shown);
      assertTrue(shown.matches("(?s).*\\n0\\s+step\\s+pay\\s+COMPLETED\\s+2\\s+-\\n.*"),
          "the attempt that may have run on engine-a counts: " + shown);
      assertTrue(shown.matches("(?s).*step\\.interrupted\\s+pay\\s+1\\s+may have run on"
          + " engine-a, whose lease ended unrenewed.*"), shown);
      JsonNode history = cli("show", "pay-1", "--json").json().get("history");
      List<String> interrupted = new ArrayList<>();
      history.forEach(e -> {
        if (e.get("type").asText().equals("step.interrupted")) {
          interrupted.add(e.get("detail").asText());
        }
      });
      assertEquals(List.of("may have run on engine-a, whose lease ended unrenewed; attempt 2 runs"
          + " on engine-b"), interrupted);
      released.countDown();
      turn.join(20_000); // engine-a's late result is fenced off
    }
    assertFalse(turn.isAlive());
  }

  @Test
  void anUnknownRunIsRefused() {
    for (String command :
        List.of("show", "history", "requeue", "cancel", "redispatch", "export")) {
      Result result = cli(command, "no-such-run");
      assertExit(1, result);
      assertEquals("", result.out());
      assertTrue(result.err().startsWith("durable-cli: ") && result.err().contains("no-such-run"),
          result::toString);
    }
    Result after = cli("list", "--after", "no-such-run");
    assertExit(1, after);
  }

  @Test
  void theUrlComesFromTheEnvironmentOrAfterTheCommand() {
    order("a-1", false, false);
    Result fromEnvironment = CliRunner.run(Map.of("DURABLE_JDBC_URL", db.url()), "list", "--json");
    assertExit(0, fromEnvironment);
    assertEquals(List.of("a-1"), ids(fromEnvironment));

    Result afterCommand = CliRunner.run("list", "--jdbc-url", db.url(), "--json");
    assertExit(0, afterCommand);
    assertEquals(List.of("a-1"), ids(afterCommand));
  }

  @Test
  void listNarrowsToRunsHoldingEveryAttributeAndShowPrintsThem() {
    String[][] runs = {{"t-1", "c-1", "eu"}, {"t-2", "c-2", "eu"}, {"t-3", "c-1", "us"}};
    for (String[] run : runs) {
      clock.advance(Duration.ofSeconds(1));
      OrderFlowClient.of(engine).start(StartOptions.builder().runId(run[0])
          .attribute("customer", run[1]).attribute("region", run[2]).build(), "item", false);
    }
    engine.tick();

    assertEquals(List.of("t-3", "t-1"), ids(cli("list", "--attribute", "customer=c-1", "--json")));
    assertEquals(List.of("t-1"), ids(cli("list", "--attribute", "customer=c-1",
        "--attribute", "region=eu", "--json")));
    assertEquals("no runs match\n",
        cli("list", "--attribute", "customer=c-2", "--attribute", "region=us").out());
    JsonNode listed = cli("list", "--attribute", "region=us", "--json").json();
    assertEquals("c-1", listed.at("/runs/0/attributes/customer").asText());

    Result shown = cli("show", "t-2");
    assertExit(0, shown);
    assertTrue(shown.out().lines()
        .anyMatch(l -> l.matches("attributes\\s+customer=c-2, region=eu")), shown::toString);
    assertEquals("eu", cli("show", "t-2", "--json").json().at("/run/attributes/region").asText());

    Result noValue = cli("list", "--attribute", "customer");
    assertExit(2, noValue);
    assertTrue(noValue.err().contains("--attribute takes key=value, such as --attribute"
        + " customer=c-42, but was 'customer'"), noValue::toString);
    Result tooLong = cli("list", "--attribute", "note=" + "v".repeat(401));
    assertExit(2, tooLong);
    assertTrue(tooLong.err().contains("must be at most 400 characters, but has 401"),
        tooLong::toString);
  }

  private static List<String> ids(Result result) {
    assertExit(0, result);
    return ids(result.json().get("runs"));
  }

  private static List<String> ids(JsonNode runs) {
    List<String> ids = new ArrayList<>();
    runs.forEach(run -> ids.add(run.get("id").asText()));
    return ids;
  }
}
