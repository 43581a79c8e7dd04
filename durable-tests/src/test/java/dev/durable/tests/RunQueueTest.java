package dev.durable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.runtime.DuplicateRunException;
import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.HistoryEvent;
import dev.durable.runtime.Queue;
import dev.durable.runtime.RunFilter;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.RunInfo;
import dev.durable.runtime.RunState;
import dev.durable.runtime.StartOptions;
import dev.durable.tests.support.Await;
import dev.durable.tests.support.CapturedLogs;
import dev.durable.tests.support.Gate;
import dev.durable.tests.workflows.BlockingWorkflowClient;
import dev.durable.tests.workflows.BlockingWorkflowDurable;
import dev.durable.tests.workflows.EchoWorkflowClient;
import dev.durable.tests.workflows.EchoWorkflowDurable;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Queues of runs kept in the database: a run started through a queue is ENQUEUED until an engine
 * that declares the queue admits it within its limits (concurrency across engines, per partition
 * key, rate), best priority first; deduplication ids; delays; cancelling a queued run; listing.
 * The limits are checked from what the store recorded (each run's admission and end), not from
 * wall-clock timings.
 */
class RunQueueTest extends OnEachStore {
  private final Gate gate = new Gate();

  @AfterEach
  void openGates() {
    gate.openAll();
  }

  /** A started engine on the system clock serving the blocking workflow, declaring {@code queue}. */
  private DurableEngine blockingEngine(Queue queue, String engineId) {
    return db.engine().engineId(engineId).maxConcurrentRuns(8)
        .pollInterval(Duration.ofMillis(200))
        .register(new BlockingWorkflowDurable(script, gate)).queue(queue).build();
  }

  /** A tick-driven engine on the test clock serving the echo workflow, declaring {@code queue}. */
  private DurableEngine echoEngine(Queue queue) {
    return db.engine().clock(clock).register(new EchoWorkflowDurable(script)).queue(queue).build();
  }

  private static StartOptions.Builder in(String queue) {
    return StartOptions.builder().queue(queue);
  }

  private static Instant at(DurableEngine engine, String runId, String type) {
    return engine.history(runId).stream().filter(e -> e.type().equals(type))
        .map(HistoryEvent::at).findFirst()
        .orElseThrow(() -> new AssertionError("run " + runId + " has no " + type + " event"));
  }

  private static Optional<Instant> admittedAt(DurableEngine engine, String runId) {
    return engine.history(runId).stream().filter(e -> e.type().equals("run.admitted"))
        .map(HistoryEvent::at).findFirst();
  }

  /**
   * The most runs that were admitted and not yet ended at one moment, by the times the store
   * recorded; at equal times an end comes before an admission (an admission follows the end that
   * freed its slot).
   */
  private static int mostAtOnce(DurableEngine engine, List<String> runIds) {
    record Edge(Instant at, int delta) {}
    List<Edge> edges = new ArrayList<>();
    for (String runId : runIds) {
      edges.add(new Edge(at(engine, runId, "run.admitted"), 1));
      edges.add(new Edge(at(engine, runId, "run.completed"), -1));
    }
    edges.sort(Comparator.comparing(Edge::at).thenComparingInt(Edge::delta));
    int now = 0;
    int most = 0;
    for (Edge edge : edges) {
      now += edge.delta();
      most = Math.max(most, now);
    }
    return most;
  }

  /** Opens each gate as its run enters, checking that at most {@code limit} are in at once. */
  private void openAsEntered(List<String> keys, int limit) {
    Set<String> opened = new HashSet<>();
    while (opened.size() < keys.size()) {
      Await.until("another run of the queue runs", () -> keys.stream()
          .anyMatch(key -> gate.isEntered(key) && !opened.contains(key)));
      long inside = keys.stream().filter(k -> gate.isEntered(k) && !opened.contains(k)).count();
      assertTrue(inside <= limit, inside + " runs of the queue ran at once");
      keys.stream().filter(k -> gate.isEntered(k) && !opened.contains(k)).findFirst()
          .ifPresent(key -> {
            opened.add(key);
            gate.open(key);
          });
    }
  }

  @Test
  void aQueueAdmitsAtMostItsConcurrencyAtOnceAndEveryRunCompletes() {
    try (DurableEngine engine = blockingEngine(Queue.named("q").concurrency(2), "engine-a")) {
      List<String> keys = new ArrayList<>();
      List<RunHandle<String>> runs = new ArrayList<>();
      for (int i = 0; i < 10; i++) {
        keys.add("q-" + i);
        runs.add(BlockingWorkflowClient.of(engine).start(in("q").runId("run-" + i).build(),
            "q-" + i));
      }
      assertEquals(10, engine.listRuns(RunFilter.builder().queue("q")
          .status(RunState.ENQUEUED).build()).size(), "started, every run waits for the queue");
      engine.start();
      Await.until("two runs run", () -> keys.stream().filter(gate::isEntered).count() == 2);
      assertEquals(8, engine.listRuns(RunFilter.builder().queue("q")
          .status(RunState.ENQUEUED).build()).size(), "the others wait");

      openAsEntered(keys, 2);
      for (int i = 0; i < 10; i++) {
        assertEquals("unblocked q-" + i + " then after", runs.get(i).await(WAIT));
      }
      assertEquals(2, mostAtOnce(engine, runs.stream().map(RunHandle::id).toList()));
    }
  }

  @Test
  void twoEnginesSharingAQueueTogetherKeepItsLimit() {
    Queue queue = Queue.named("shared").concurrency(2);
    try (DurableEngine a = blockingEngine(queue, "engine-a");
        DurableEngine b = blockingEngine(queue, "engine-b")) {
      List<String> keys = new ArrayList<>();
      List<RunHandle<String>> runs = new ArrayList<>();
      for (int i = 0; i < 10; i++) {
        keys.add("s-" + i);
        runs.add(BlockingWorkflowClient.of(i % 2 == 0 ? a : b)
            .start(in("shared").runId("shared-" + i).build(), "s-" + i));
      }
      a.start();
      b.start();
      openAsEntered(keys, 2);
      for (RunHandle<String> run : runs) {
        run.await(WAIT);
      }
      assertEquals(2, mostAtOnce(a, runs.stream().map(RunHandle::id).toList()));
    }
  }

  /**
   * Two engines serving a queue of concurrency 2, every run started through one of them: each is
   * given its part of the free slots, rather than the engine whose run ended taking the slot
   * again, so each runs about half of the runs (at least 0.7 of a fair half).
   */
  @Test
  void twoEnginesSharingAQueueEachRunAboutHalfOfItsRuns() {
    Queue queue = Queue.named("fair").concurrency(2);
    try (DurableEngine a = blockingEngine(queue, "engine-a");
        DurableEngine b = blockingEngine(queue, "engine-b")) {
      List<String> keys = new ArrayList<>();
      List<RunHandle<String>> runs = new ArrayList<>();
      for (int i = 0; i < 20; i++) {
        keys.add("f-" + i);
        runs.add(BlockingWorkflowClient.of(a)
            .start(in("fair").runId("fair-" + i).build(), "f-" + i));
      }
      a.start();
      b.start();
      openAsEntered(keys, 2);
      Map<String, Integer> ranBy = new TreeMap<>();
      for (RunHandle<String> run : runs) {
        run.await(WAIT);
        String claimedBy = a.history(run.id()).stream()
            .filter(e -> e.type().equals("run.claimed")).map(HistoryEvent::detail)
            .findFirst().orElseThrow();
        ranBy.merge(claimedBy, 1, Integer::sum);
      }
      assertEquals(Set.of("engine-a", "engine-b"), ranBy.keySet(), ranBy.toString());
      assertTrue(ranBy.values().stream().allMatch(count -> count >= 7), ranBy.toString());
      assertEquals(2, mostAtOnce(a, runs.stream().map(RunHandle::id).toList()));
    }
  }

  /**
   * An engine that stopped serving a queue without closing (killed) is still given its part of the
   * queue's runs until it has not been seen for a lease's length, but the engine left takes each
   * of them a moment after: none waits for the engine gone. The marks of engines gone long ago are
   * deleted; an engine that closes deletes its own.
   */
  @Test
  void theRunsGivenToAnEngineGoneAreTakenByTheEngineLeft() {
    Queue queue = Queue.named("ghostly").concurrency(2);
    try (DurableEngine a = db.engine().engineId("engine-a").maxConcurrentRuns(8)
        .pollInterval(Duration.ofMillis(200)).leaseDuration(Duration.ofSeconds(2))
        .register(new BlockingWorkflowDurable(script, gate)).queue(queue).build()) {
      db.execute("INSERT INTO durable_queue_engines (queue_name, engine_id, seen_at)"
          + " VALUES ('ghostly', 'gone', CURRENT_TIMESTAMP)");
      db.execute("INSERT INTO durable_queue_engines (queue_name, engine_id, seen_at)"
          + " VALUES ('ghostly', 'long gone', TIMESTAMP WITH TIME ZONE '2026-01-01 00:00:00Z')");
      List<String> keys = List.of("g-0", "g-1", "g-2", "g-3");
      List<RunHandle<String>> runs = new ArrayList<>();
      for (String key : keys) {
        runs.add(BlockingWorkflowClient.of(a).start(in("ghostly").build(), key));
      }
      a.start();
      // the gone engine's run too, once the claims no longer leave it to that engine
      Await.until("two runs of the queue run at once",
          () -> keys.stream().filter(gate::isEntered).count() == 2);
      keys.forEach(gate::open);
      for (RunHandle<String> run : runs) {
        run.await(WAIT);
      }
      assertEquals(List.of(List.of("engine-a"), List.of("gone")), db.query(
          "SELECT engine_id FROM durable_queue_engines ORDER BY engine_id"));
    }
    assertEquals(List.of(List.of("gone")), db.query("SELECT engine_id FROM durable_queue_engines"));
  }

  @Test
  void anEngineAdmitsAtMostPerEngineRunsItHolds() {
    try (DurableEngine engine = blockingEngine(Queue.named("e").perEngine(1), "engine-a")) {
      engine.start();
      BlockingWorkflowClient.of(engine).start(in("e").runId("e-0").build(), "e-0");
      BlockingWorkflowClient.of(engine).start(in("e").runId("e-1").build(), "e-1");
      Await.until("one run holds the engine's one slot of the queue",
          () -> gate.isEntered("e-0") || gate.isEntered("e-1"));
      String running = gate.isEntered("e-0") ? "e-0" : "e-1";
      String waiting = running.equals("e-0") ? "e-1" : "e-0";
      assertEquals(RunState.ENQUEUED, engine.getRunStatus(waiting).run().status());
      gate.open(running);
      Await.until("the other is admitted once the first ends", () -> gate.isEntered(waiting));
    }
  }

  @Test
  void theBestPriorityIsAdmittedNextThenFirstComeFirstServed() {
    try (DurableEngine engine = blockingEngine(Queue.named("p").concurrency(1), "engine-a")) {
      engine.start();
      RunHandle<String> first =
          BlockingWorkflowClient.of(engine).start(in("p").runId("first").build(), "first");
      Await.until("the first run holds the queue's slot", () -> gate.isEntered("first"));
      for (int i = 0; i < 3; i++) {
        BlockingWorkflowClient.of(engine)
            .start(in("p").runId("low-" + i).priority(5).build(), "low-" + i);
      }
      BlockingWorkflowClient.of(engine).start(in("p").runId("high").priority(1).build(), "high");

      gate.open("first");
      first.await(WAIT);
      Await.until("the high-priority run is admitted", () -> gate.isEntered("high"));
      for (int i = 0; i < 3; i++) {
        assertEquals(RunState.ENQUEUED, engine.getRunStatus("low-" + i).run().status());
      }
      gate.open("high");
      Await.until("then the oldest of equal priority", () -> gate.isEntered("low-0"));
      assertFalse(gate.isEntered("low-1"));
    }
  }

  @Test
  void aPartitionKeyThatIsFullDoesNotHoldBackAnotherKey() {
    try (DurableEngine engine = blockingEngine(Queue.named("t").concurrency(1), "engine-a")) {
      engine.start();
      Consumer<String> start = key -> BlockingWorkflowClient.of(engine).start(
          in("t").runId(key).partitionKey(key.substring(0, 1)).build(), key);
      start.accept("a1");
      Await.until("key a's slot is taken", () -> gate.isEntered("a1"));
      start.accept("a2");
      start.accept("b1");
      Await.until("key b has a slot of its own", () -> gate.isEntered("b1"));
      assertEquals(RunState.ENQUEUED, engine.getRunStatus("a2").run().status(),
          "key a's second run waits for key a's slot");
      RunInfo info = engine.getRunStatus("a2").run();
      assertEquals(Optional.of("t"), info.queue());
      assertEquals(Optional.of("a"), info.partitionKey());

      gate.open("a1");
      Await.until("key a's slot frees for its second run", () -> gate.isEntered("a2"));
    }
  }

  @Test
  void aRateLimitAdmitsAtMostItsPermitsPerPeriod() {
    Duration period = Duration.ofMinutes(1);
    try (DurableEngine engine = echoEngine(Queue.named("r").rateLimit(2, period))) {
      List<String> ids = new ArrayList<>();
      for (int i = 0; i < 5; i++) {
        ids.add(EchoWorkflowClient.of(engine).start(in("r").runId("r-" + i).build(), "x" + i)
            .id());
      }
      engine.tick();
      assertEquals(2, engine.listRuns(RunFilter.builder().queue("r")
          .status(RunState.COMPLETED).build()).size(), "two permits in the first period");
      engine.tick();
      assertEquals(3, engine.listRuns(RunFilter.builder().queue("r")
          .status(RunState.ENQUEUED).build()).size(), "no permit until the period passes");
      clock.advance(period);
      engine.tick();
      clock.advance(period);
      engine.tick();
      assertEquals(5, engine.listRuns(RunFilter.builder().queue("r")
          .status(RunState.COMPLETED).build()).size());

      List<Instant> admitted = ids.stream().map(id -> at(engine, id, "run.admitted")).sorted()
          .toList();
      for (int i = 2; i < admitted.size(); i++) {
        assertFalse(admitted.get(i).isBefore(admitted.get(i - 2).plus(period)),
            "a third admission within one period: " + admitted);
      }
    }
  }

  @Test
  void aDeduplicationIdIsHeldUntilItsRunEnds() {
    try (DurableEngine engine = echoEngine(Queue.named("d").concurrency(1))) {
      StartOptions.Builder order9 = in("d").deduplicationId("order-9");
      RunHandle<String> first =
          EchoWorkflowClient.of(engine).start(order9.runId("first").build(), "one");
      DuplicateRunException duplicate = assertThrows(DuplicateRunException.class,
          () -> EchoWorkflowClient.of(engine).start(order9.runId("second").build(), "two"));
      assertEquals("first", duplicate.getRunId());
      assertTrue(duplicate.getMessage().contains("run first holds its deduplication id"),
          duplicate.getMessage());
      assertTrue(engine.listRuns(RunFilter.builder().runIdPrefix("second").build()).isEmpty(),
          "nothing was stored");
      assertEquals("first",
          EchoWorkflowClient.of(engine).start(order9.runId("first").build(), "one").id(),
          "a start with the same run id finds the run, as ever");

      engine.tick();
      assertEquals("one", first.await(WAIT));
      RunHandle<String> again =
          EchoWorkflowClient.of(engine).start(order9.runId("again").build(), "three");
      assertEquals(RunState.ENQUEUED, again.status().run().status(), "the ended run freed the id");

      StartOptions.Builder noQueue = StartOptions.builder().deduplicationId("order-9");
      EchoWorkflowClient.of(engine).start(noQueue.runId("plain-1").build(), "four");
      assertEquals("plain-1", assertThrows(DuplicateRunException.class,
          () -> EchoWorkflowClient.of(engine).start(noQueue.runId("plain-2").build(), "five"))
          .getRunId(), "without a queue, the id is the workflow's");
    }
  }

  @Test
  void aDelayedRunIsNotClaimedBeforeItsTime() {
    Duration delay = Duration.ofMinutes(5);
    try (DurableEngine engine = echoEngine(Queue.named("later").concurrency(3))) {
      Instant start = clock.instant();
      RunHandle<String> alone = EchoWorkflowClient.of(engine)
          .start(StartOptions.builder().runId("alone").delay(delay).build(), "alone");
      RunHandle<String> queued = EchoWorkflowClient.of(engine)
          .start(in("later").runId("queued").delay(delay).build(), "queued");
      RunInfo info = alone.status().run();
      assertEquals(RunState.ENQUEUED, info.status());
      assertEquals(start.plus(delay), info.wakeAt());
      assertEquals(Optional.empty(), info.queue());
      assertEquals(start.plus(delay), queued.status().run().wakeAt());

      assertEquals(0, engine.tick(), "nothing runs before the delay ends");
      clock.advance(delay.minusSeconds(1));
      assertEquals(0, engine.tick());
      assertTrue(admittedAt(engine, "queued").isEmpty());
      clock.advance(Duration.ofSeconds(1));
      engine.tick();
      assertEquals("alone", alone.await(WAIT));
      assertEquals("queued", queued.await(WAIT));
      assertFalse(at(engine, "alone", "run.claimed").isBefore(start.plus(delay)));
      assertFalse(admittedAt(engine, "queued").orElseThrow().isBefore(start.plus(delay)));
    }
  }

  @Test
  void cancellingAQueuedRunEndsItAndFreesItsId() {
    try (DurableEngine engine = echoEngine(Queue.named("c").concurrency(1))) {
      StartOptions.Builder options = in("c").deduplicationId("once");
      RunHandle<String> run =
          EchoWorkflowClient.of(engine).start(options.runId("doomed").build(), "x");
      assertTrue(engine.cancel("doomed"));
      assertEquals(RunState.CANCELLED, run.status().run().status());
      engine.tick();
      assertTrue(admittedAt(engine, "doomed").isEmpty(), "a cancelled run is never admitted");
      assertEquals(0, script.executions("echo"));
      EchoWorkflowClient.of(engine).start(options.runId("next").build(), "y");
    }
  }

  @Test
  void aRequeuedRunOfAQueueWaitsForTheQueueAgain() {
    script.failTimes("echo", 4); // its step's attempts, all failed
    try (DurableEngine engine = echoEngine(Queue.named("f").concurrency(1))) {
      RunHandle<String> run = EchoWorkflowClient.of(engine)
          .start(in("f").runId("failing").deduplicationId("f-1").build(), "x");
      engine.tick();
      assertEquals(RunState.FAILED, run.status().run().status());
      EchoWorkflowClient.of(engine).start(in("f").runId("free").deduplicationId("f-1").build(),
          "y"); // the failed run freed its deduplication id
      engine.cancel("free");

      engine.requeue("failing");
      assertEquals(RunState.ENQUEUED, run.status().run().status());
      engine.tick();
      assertEquals("x", run.await(WAIT));
      assertEquals(2, engine.history("failing").stream()
          .filter(e -> e.type().equals("run.admitted")).count(), "admitted again");
    }
  }

  @Test
  void listRunsFindsARunsQueueAndPlaceInIt() {
    try (DurableEngine engine = echoEngine(Queue.named("l").concurrency(1))) {
      EchoWorkflowClient.of(engine).start(
          in("l").runId("listed").priority(7).partitionKey("tenant-42").build(), "x");
      EchoWorkflowClient.of(engine).start(StartOptions.builder().runId("other").build(), "y");
      List<RunInfo> listed = engine.listRuns(
          RunFilter.builder().queue("l").status(RunState.ENQUEUED).build());
      assertEquals(List.of("listed"), listed.stream().map(RunInfo::id).toList());
      RunInfo info = listed.get(0);
      assertEquals(Optional.of("l"), info.queue());
      assertEquals(7, info.priority());
      assertEquals(Optional.of("tenant-42"), info.partitionKey());
      assertEquals(Optional.empty(),
          engine.getRunStatus("other").run().queue(), "a run started without a queue has none");
    }
  }

  @Test
  void anEngineDeclaringAQueueOtherwiseWarnsNamingBoth() {
    try (CapturedLogs.Capture logs = CapturedLogs.capture();
        DurableEngine a = echoEngine(Queue.named("w").concurrency(2));
        DurableEngine b = db.engine().engineId("engine-b").register(new EchoWorkflowDurable(script))
            .queue(Queue.named("w").concurrency(3)).build()) {
      assertTrue(logs.lines().stream().anyMatch(line -> line.text().contains(
          "Queue[w, concurrency=3, perEngine=0, rateLimit=none] by engine engine-b")
          && line.text().contains("Queue[w, concurrency=2, perEngine=0, rateLimit=none]")
          && line.text().contains("declared by " + a.engineId())), logs.lines().toString());
    }
  }

  @Test
  void aRunStartedThroughAQueueNoEngineHereDeclaresWaitsAndIsWarnedAbout() {
    try (CapturedLogs.Capture logs = CapturedLogs.capture();
        DurableEngine engine = echoEngine(Queue.named("declared"))) {
      RunHandle<String> run = EchoWorkflowClient.of(engine)
          .start(in("elsewhere").runId("waiting").build(), "x");
      engine.tick();
      assertEquals(RunState.ENQUEUED, run.status().run().status());
      assertTrue(logs.lines().stream().anyMatch(line -> line.text().contains(
          "started through queue 'elsewhere', which this engine does not declare")),
          logs.lines().toString());
    }
  }

  @Test
  void badDeclarationsAndOptionsAreRefusedAtOnce() {
    assertMessage("queue 'bad name' is not a queue name", () -> Queue.named("bad name"));
    assertMessage("is not a queue name", () -> Queue.named("x".repeat(101)));
    assertMessage("queue 'q': concurrency must be 0 (no limit) or more, but was -1",
        () -> Queue.named("q").concurrency(-1));
    assertMessage("queue 'q': perEngine must be 0 (no limit) or more, but was -2",
        () -> Queue.named("q").perEngine(-2));
    assertMessage("queue 'q': a rate limit needs at least 1 permit per period, but was 0",
        () -> Queue.named("q").rateLimit(0, Duration.ofSeconds(1)));
    assertMessage("queue 'q': a rate limit's period must be 1 ms to 1 day, but was PT0.0005S",
        () -> Queue.named("q").rateLimit(1, Duration.ofNanos(500_000)));
    assertMessage("is not a queue name", () -> StartOptions.builder().queue(" "));
    assertMessage("a partitionKey must be 1 to 200 characters, not blank; was ' '",
        () -> StartOptions.builder().partitionKey(" "));
    assertMessage("a deduplicationId must be 1 to 200 characters, not blank; was ''",
        () -> StartOptions.builder().deduplicationId(""));
    assertMessage("a start's delay must be more than 0 and at most 365 days, but was PT0S",
        () -> StartOptions.builder().delay(Duration.ZERO));
    assertMessage("but was PT-1S", () -> StartOptions.builder().delay(Duration.ofSeconds(-1)));
    assertMessage("but was PT8784H", () -> StartOptions.builder().delay(Duration.ofDays(366)));
    assertMessage("a partitionKey ('k') needs a queue",
        () -> StartOptions.builder().partitionKey("k").build());
    try (DurableEngine engine = echoEngine(Queue.named("q"))) {
      assertTrue(engine.listRuns(RunFilter.all()).isEmpty(), "nothing was stored");
    }
  }

  private static void assertMessage(String expected, Runnable action) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, action::run);
    assertTrue(e.getMessage().contains(expected), e.getMessage());
  }
}
