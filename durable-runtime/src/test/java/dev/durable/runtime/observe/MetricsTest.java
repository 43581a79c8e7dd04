package dev.durable.runtime.observe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.durable.build.OnPostgres;
import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.DurableWorker;
import dev.durable.runtime.Queue;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.RunState;
import dev.durable.runtime.StartOptions;
import dev.durable.runtime.spi.WorkflowRuns;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code DurableEngine.builder().meterRegistry(registry)}: what the engine counts and times, with
 * which tags, on H2 and PostgreSQL.
 */
@OnPostgres
class MetricsTest {
  private static final Duration WAIT = Duration.ofSeconds(20);

  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

  @ParameterizedTest
  @MethodSource("dev.durable.runtime.observe.Database#kinds")
  void aStepRetriedOnceThenCompletedAndARunThatFailedAreCountedByWorkflowStepAndCode(
      Database.Kind kind) {
    Workflows.Flaky flaky = new Workflows.Flaky();
    try (Database db = Database.open(kind);
        DurableEngine engine = db.engine().register(flaky).register(new Workflows.Doomed())
            .meterRegistry(registry).build()) {
      RunHandle<String> charged =
          WorkflowRuns.of(engine, Workflows.Flaky.TYPE).start(new Object[] {});
      RunHandle<String> doomed =
          WorkflowRuns.of(engine, Workflows.Doomed.TYPE).start(new Object[] {});
      engine.tick();

      assertEquals(RunState.COMPLETED, charged.status().run().status());
      assertEquals(RunState.FAILED, doomed.status().run().status());
      String code = doomed.status().run().error().orElseThrow().code();

      assertEquals(1, counter("durable.runs.started", "workflow", "flaky"));
      assertEquals(1, counter("durable.runs.started", "workflow", "doomed"));
      assertEquals(1, counter("durable.runs.completed", "workflow", "flaky"));
      assertNull(registry.find("durable.runs.completed").tag("workflow", "doomed").counter());
      assertEquals(1, counter("durable.runs.failed", "workflow", "doomed", "code", code));
      assertNull(registry.find("durable.runs.failed").tag("workflow", "flaky").counter());

      assertEquals(1, counter("durable.step.attempts",
          "workflow", "flaky", "step", "charge", "outcome", "retried"));
      assertEquals(1, counter("durable.step.attempts",
          "workflow", "flaky", "step", "charge", "outcome", "completed"));
      assertEquals(1, counter("durable.step.attempts",
          "workflow", "doomed", "step", "explode", "outcome", "failed"));
      assertEquals(1, counter("durable.step.retries", "workflow", "flaky", "step", "charge"));
      assertNull(registry.find("durable.step.retries").tag("workflow", "doomed").counter());
      assertEquals(1, timer("durable.step.duration",
          "workflow", "flaky", "step", "charge", "outcome", "retried").count());
      assertEquals(1, timer("durable.step.duration",
          "workflow", "flaky", "step", "charge", "outcome", "completed").count());
      assertEquals(1, timer("durable.step.duration",
          "workflow", "doomed", "step", "explode", "outcome", "failed").count());

      // each run was claimed once, by tick()
      assertEquals(1, timer("durable.runs.lateness", "workflow", "flaky").count());
      assertEquals(1, timer("durable.runs.lateness", "workflow", "doomed").count());
      assertNull(registry.find("durable.leases.takeovers").counter());
      // no tag carries a run id
      registry.getMeters().forEach(meter -> meter.getId().getTags().forEach(tag -> {
        assertEquals(-1, tag.getValue().indexOf(charged.id()), meter.getId().toString());
        assertEquals(-1, tag.getValue().indexOf(doomed.id()), meter.getId().toString());
      }));
    }
  }

  @ParameterizedTest
  @MethodSource("dev.durable.runtime.observe.Database#kinds")
  void aRunClaimedFromAnEngineWhoseLeaseExpiredIsATakeoverAndItsLatenessIsTimed(
      Database.Kind kind) {
    ManualTestClock clock = new ManualTestClock(Instant.parse("2026-01-05T09:00:00Z"));
    try (Database db = Database.open(kind);
        DurableEngine engine = db.engine().register(new Workflows.Flaky()).clock(clock)
            .meterRegistry(registry).build()) {
      RunHandle<String> run =
          WorkflowRuns.of(engine, Workflows.Flaky.TYPE).start(new Object[] {});
      // an engine that died holds it, its lease ending when the run was due
      db.execute("UPDATE durable_runs SET status = 'RUNNING', lease_owner = 'engine-that-died',"
          + " lease_until = due_at WHERE run_id = '" + run.id() + "'");
      clock.advance(Duration.ofMinutes(1));
      engine.tick();

      assertEquals(RunState.COMPLETED, run.status().run().status());
      assertEquals(1, counter("durable.leases.takeovers", "workflow", "flaky"));
      Timer lateness = timer("durable.runs.lateness", "workflow", "flaky");
      assertEquals(1, lateness.count());
      assertEquals(60.0, lateness.totalTime(TimeUnit.SECONDS));
    }
  }

  @ParameterizedTest
  @MethodSource("dev.durable.runtime.observe.Database#kinds")
  void queueSlotsInUseAreAGaugeOfTheQueue(Database.Kind kind) {
    Workflows.Queued queued = new Workflows.Queued();
    try (Database db = Database.open(kind);
        DurableEngine engine = db.engine().register(queued).queue("slow", 2)
            .meterRegistry(registry).pollInterval(Duration.ofMillis(50)).build()) {
      Gauge slots = registry.get("durable.queue.slots.used").tag("queue", "slow").gauge();
      assertEquals(0, slots.value());
      engine.start();
      RunHandle<String> run =
          WorkflowRuns.of(engine, Workflows.Queued.TYPE).start(new Object[] {});

      Await.until("the step to take a slot", WAIT, () -> slots.value() == 1);
      queued.release.countDown();
      assertEquals("worked", run.await(WAIT));
      Await.until("the step to give its slot back", WAIT, () -> slots.value() == 0);
    }
  }

  @ParameterizedTest
  @MethodSource("dev.durable.runtime.observe.Database#kinds")
  void tasksWaitingForAWorkerAreAGaugeByStepAndTheWorkersAttemptsAreCounted(
      Database.Kind kind) {
    try (Database db = Database.open(kind);
        DurableEngine engine = db.engine().register(new Workflows.Remote())
            .meterRegistry(registry).pollInterval(Duration.ofMillis(50)).build()) {
      engine.start();
      RunHandle<String> run =
          WorkflowRuns.of(engine, Workflows.Remote.TYPE).start(new Object[] {});
      Await.until("the task to be counted as waiting", WAIT, () -> waiting("pricing.quote") == 1);

      try (DurableWorker worker = DurableWorker.builder().jdbcUrl(db.url())
          .handle("pricing.quote", (task, input) -> "\"42\"").build()) {
        worker.start();
        assertEquals("42", run.await(WAIT));
      }
      Await.until("no task to be waiting", WAIT, () -> waiting("pricing.quote") == 0);
      assertEquals(1, counter("durable.step.attempts",
          "workflow", "remote", "step", "pricing.quote", "outcome", "completed"));
      assertEquals(1, counter("durable.runs.completed", "workflow", "remote"));
    }
  }

  @ParameterizedTest
  @MethodSource("dev.durable.runtime.observe.Database#kinds")
  void aQueueOfRunsHasGaugesOfItsDepthAndItsRunningRunsReadFromASnapshot(Database.Kind kind) {
    Workflows.Queued queued = new Workflows.Queued();
    try (Database db = Database.open(kind);
        DurableEngine engine = db.engine().register(queued).queue("slow", 2)
            .queue(Queue.named("runs").concurrency(1))
            .meterRegistry(registry).pollInterval(Duration.ofMillis(50)).build()) {
      List<RunHandle<String>> runs = List.of(
          WorkflowRuns.of(engine, Workflows.Queued.TYPE).start(
              StartOptions.builder().queue("runs").build(), new Object[] {}),
          WorkflowRuns.of(engine, Workflows.Queued.TYPE).start(
              StartOptions.builder().queue("runs").build(), new Object[] {}));
      Await.until("both runs to be counted as waiting", WAIT,
          () -> gauge("durable.queue.depth", "runs") == 2);
      assertEquals(0, gauge("durable.queue.running", "runs"));

      engine.start();
      Await.until("one run admitted, the other waiting", WAIT,
          () -> gauge("durable.queue.running", "runs") == 1
              && gauge("durable.queue.depth", "runs") == 1);
      queued.release.countDown();
      for (RunHandle<String> run : runs) {
        assertEquals("worked", run.await(WAIT));
      }
      Await.until("the queue to be empty", WAIT,
          () -> gauge("durable.queue.running", "runs") == 0
              && gauge("durable.queue.depth", "runs") == 0);
    }
  }

  @ParameterizedTest
  @MethodSource("dev.durable.runtime.observe.Database#kinds")
  void aQueueCountsTheRunsItAdmitsAndThePollsItsRateLimitHeldRunsBack(Database.Kind kind) {
    Workflows.Queued queued = new Workflows.Queued();
    queued.release.countDown();
    try (Database db = Database.open(kind);
        DurableEngine engine = db.engine().register(queued).queue("slow", 2)
            .queue(Queue.named("runs").rateLimit(1, Duration.ofHours(1)))
            .meterRegistry(registry).pollInterval(Duration.ofMillis(50)).build()) {
      List<RunHandle<String>> runs = new java.util.ArrayList<>();
      for (int i = 0; i < 3; i++) {
        runs.add(WorkflowRuns.of(engine, Workflows.Queued.TYPE).start(
            StartOptions.builder().queue("runs").build(), new Object[] {}));
      }
      engine.start();
      assertEquals("worked", runs.get(0).await(WAIT), "the one run the rate limit lets in");
      Await.until("an admission to have found the rate limit holding runs back", WAIT,
          () -> registry.find("durable.queue.rate.held").tag("queue", "runs").counter() != null
              && counter("durable.queue.rate.held", "queue", "runs") >= 1);
      assertEquals(1, counter("durable.queue.admitted", "queue", "runs"),
          "one run admitted within the hour's one permit");
    }
  }

  /** A queue gauge's value; -1 while it is not registered yet. */
  private double gauge(String name, String queue) {
    Gauge gauge = registry.find(name).tag("queue", queue).gauge();
    return gauge == null ? -1 : gauge.value();
  }

  private double waiting(String step) {
    Gauge gauge = registry.find("durable.tasks.waiting").tag("step", step).gauge();
    return gauge == null ? -1 : gauge.value();
  }

  private double counter(String name, String... tags) {
    Counter counter = registry.find(name).tags(tags).counter();
    assertEquals(true, counter != null, name + " with tags " + String.join(",", tags)
        + " is missing; meters: " + registry.getMetersAsString());
    return counter.count();
  }

  private Timer timer(String name, String... tags) {
    Timer timer = registry.find(name).tags(tags).timer();
    assertEquals(true, timer != null, name + " with tags " + String.join(",", tags)
        + " is missing; meters: " + registry.getMetersAsString());
    return timer;
  }
}
