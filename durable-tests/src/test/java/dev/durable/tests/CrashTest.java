package dev.durable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.RunState;
import dev.durable.tests.support.CrashChild;
import dev.durable.tests.support.Script;
import dev.durable.tests.workflows.Order;
import dev.durable.tests.workflows.OrderWorkflowClient;
import dev.durable.tests.workflows.OrderWorkflowDurable;
import dev.durable.runtime.testing.TestClock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Engines in real JVMs on an H2 file database, killed with {@code destroyForcibly} and replaced by
 * a new JVM: the run finishes and no completed step executes twice, also when the engine was
 * killed while compensating a failed run.
 */
class CrashTest {
  @TempDir Path dir;

  @Test
  void anEngineKilledDuringABackoffIsReplacedAndTheRunFinishesWithoutRerunningSteps()
      throws Exception {
    String url = "jdbc:h2:" + dir.resolve("durable").toAbsolutePath();
    Path journal = dir.resolve("journal.txt");

    Process first = CrashChild.launch("start", url, journal, "run-1", "backoff");
    CrashChild.awaitLine(first, "IN_BACKOFF");
    first.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
    assertEquals(List.of("reserve", "pay"), Files.readAllLines(journal));

    Process second = CrashChild.launch("resume", url, journal, "run-1", "");
    assertEquals("RESULT:reserved lamp, paid, shipped", CrashChild.awaitLine(second, "RESULT:"));
    assertEquals(0, second.waitFor());
    assertEquals(List.of("reserve", "pay", "pay", "ship"), Files.readAllLines(journal),
        "reserve ran once; pay's second attempt ran in the new JVM, after its backoff");
  }

  @Test
  void anEngineKilledInTheMiddleOfAStepIsReplacedAndOnlyThatStepRunsAgain() throws Exception {
    String url = "jdbc:h2:" + dir.resolve("durable").toAbsolutePath();
    Path journal = dir.resolve("journal.txt");

    Process first = CrashChild.launch("start", url, journal, "run-2", "hang");
    CrashChild.awaitLine(first, "IN_PAYMENT");
    first.destroyForcibly().waitFor(30, TimeUnit.SECONDS);

    Process second = CrashChild.launch("resume", url, journal, "run-2", "");
    assertEquals("RESULT:reserved lamp, paid, shipped", CrashChild.awaitLine(second, "RESULT:"));
    assertEquals(0, second.waitFor());
    List<String> lines = Files.readAllLines(journal);
    assertEquals(1, lines.stream().filter("reserve"::equals).count(), lines.toString());
    assertEquals(List.of("reserve", "pay", "pay", "ship"), lines,
        "only the interrupted payment ran again, in the new JVM");
  }

  @Test
  void valuesDrawnThroughTheContextBeforeAKilledStepReplayIdenticalInTheNextJvm()
      throws Exception {
    String url = "jdbc:h2:" + dir.resolve("durable").toAbsolutePath();
    Path journal = dir.resolve("journal.txt");

    Process first = CrashChild.launch("start", url, journal, "run-3", "stamp");
    CrashChild.awaitLine(first, "IN_STAMP");
    first.destroyForcibly().waitFor(30, TimeUnit.SECONDS);

    Process second = CrashChild.launch("resume", url, journal, "run-3", "stamp");
    String result = CrashChild.awaitLine(second, "RESULT:").substring("RESULT:".length());
    assertEquals(0, second.waitFor());
    List<String> given = Files.readAllLines(journal);
    assertEquals(2, given.size(), "the killed step ran again in the new JVM: " + given);
    assertEquals(given.get(0), given.get(1),
        "the step was given the same time, UUID and random number in both JVMs: they were"
            + " written before it first ran");
    assertEquals(given.get(0) + " | " + given.get(0), result);
  }

  @Test
  void anEngineKilledInTheMiddleOfACompensationIsReplacedAndTheCompensationsFinish()
      throws Exception {
    String url = "jdbc:h2:" + dir.resolve("durable").toAbsolutePath();
    Path journal = dir.resolve("journal.txt");
    String runId = "unshippable-slow-refund-4";

    Process first = CrashChild.launch("start", url, journal, runId, "saga");
    assertEquals("IN_REFUND:reserve,charge,notify,ship,refund", CrashChild.awaitLine(first, "IN_REFUND:"));
    first.destroyForcibly().waitFor(30, TimeUnit.SECONDS);

    Process second = CrashChild.launch("resume", url, journal, runId, "saga");
    assertEquals("FAILED:unshippable:refund,release,alert unshippable",
        CrashChild.awaitLine(second, "FAILED:"),
        "the new JVM ran the killed refund again, then the rest; nothing before it");
    assertEquals(0, second.waitFor());
  }

  @Test
  void aRunSurvivesAnEngineRestartOnAFileDatabase() {
    String url = "jdbc:h2:" + dir.resolve("durable").toAbsolutePath();
    TestClock clock = TestClock.at(Instant.parse("2026-03-01T12:00:00Z"));
    Script script = new Script();
    String runId;
    try (DurableEngine engine = DurableEngine.builder().jdbcUrl(url).discover(false).clock(clock)
        .register(new OrderWorkflowDurable(script)).build()) {
      RunHandle<String> run = OrderWorkflowClient.of(engine).start(new Order("clock", 2));
      runId = run.id();
      engine.tick();
      assertEquals(RunState.SLEEPING, run.status().run().status());
    }
    assertTrue(Files.exists(dir.resolve("durable.mv.db")));
    clock.advance(OrderWorkflowDurable.COOL_OFF);
    try (DurableEngine engine = DurableEngine.builder().jdbcUrl(url).discover(false).clock(clock)
        .register(new OrderWorkflowDurable(script)).build()) {
      engine.tick();
      assertEquals("shipped ch_clock_500",
          OrderWorkflowClient.of(engine).get(runId).await(Duration.ofSeconds(5)));
    }
    assertEquals(List.of("quote", "charge", "ship"), script.recorder().entries());
  }
}
