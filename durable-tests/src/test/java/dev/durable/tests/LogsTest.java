package dev.durable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.annotation.JsonAutoDetect;
import com.fasterxml.jackson.annotation.PropertyAccessor;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.DurableWorker;
import dev.durable.runtime.FatalError;
import dev.durable.runtime.RunFailedException;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.codec.Payloads;
import dev.durable.tests.support.CapturedLogs;
import dev.durable.tests.support.CapturedLogs.Line;
import dev.durable.tests.support.TestDatabase;
import dev.durable.tests.workflows.LoggingWorkflowClient;
import dev.durable.tests.workflows.LoggingWorkflowDurable;
import dev.durable.tests.workflows.Order;
import dev.durable.tests.workflows.ParcelWorkflowClient;
import dev.durable.tests.workflows.ParcelWorkflowDurable;
import dev.durable.tests.workflows.PricingSteps;
import dev.durable.tests.workflows.PricingStepsDispatch;
import dev.durable.tests.workflows.RemoteOrderWorkflowClient;
import dev.durable.tests.workflows.RemoteOrderWorkflowDurable;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;
import org.slf4j.event.Level;

/**
 * What the engine logs about runs: each line with the run's keys in the MDC, starts and ends and
 * retries at levels an operator can alert on, and never a payload value.
 */
class LogsTest extends OnEachStore {
  /** In every input below, so that a line quoting a payload is found. */
  private static final String SECRET = "s3cret-4242";

  private DurableEngine engine() {
    return db.engine().clock(clock).register(new LoggingWorkflowDurable(script)).build();
  }

  @Test
  void aStepsLinesCarryTheRunTheWorkflowAndTheStep() {
    try (CapturedLogs.Capture logs = CapturedLogs.capture(); DurableEngine engine = engine()) {
      engine.start();
      RunHandle<String> run = LoggingWorkflowClient.of(engine).start(SECRET);
      assertEquals("looked at " + SECRET + ", kept", run.await(WAIT));

      Line look = only(logs, "looking", run.id());
      assertEquals(
          Map.of("runId", run.id(), "workflow", "logging", "workflowVersion", "1",
              "step", "look"),
          look.mdc());
      Line keep = only(logs, "keeping", run.id());
      assertEquals("keep", keep.mdc().get("step"));
      assertEquals("logging", keep.mdc().get("workflow"));
      assertTrue(keep.thread().startsWith("durable-step"), "a step with a timeout runs on a step"
          + " thread, which carries the run's keys too: " + keep);

      Line started = only(logs, "run " + run.id() + " of workflow 'logging' version '1' started",
          run.id());
      assertEquals(Level.INFO, started.level());
      Line completed = only(logs, "run " + run.id() + " of workflow 'logging' version '1' completed",
          run.id());
      assertEquals(Level.INFO, completed.level());
      assertEquals("dev.durable.runtime.runs", completed.logger());
      assertFalse(completed.mdc().containsKey("step"), "the run's end is not about a step");
    }
  }

  @Test
  void aRetryIsAWarningAndAFailureAnErrorAndNoLineQuotesAPayload() {
    script.failTimes("look", 1);
    try (CapturedLogs.Capture logs = CapturedLogs.capture(); DurableEngine engine = engine()) {
      engine.start();
      RunHandle<String> retried = LoggingWorkflowClient.of(engine).start(SECRET);
      assertEquals("looked at " + SECRET + ", kept", retried.await(WAIT));
      RunHandle<String> refused = LoggingWorkflowClient.of(engine).start("refuse " + SECRET);
      assertThrows(RunFailedException.class, () -> refused.await(WAIT));

      Line retry = only(logs, "step 'look' attempt 1 failed", retried.id());
      assertEquals(Level.WARN, retry.level());
      assertTrue(retry.text().contains("run " + retried.id()), retry.text());
      assertTrue(retry.text().contains("look is unavailable"), "the error's message: " + retry);
      assertEquals("look", retry.mdc().get("step"));

      Line failed = only(logs, "failed [refused]", refused.id());
      assertEquals(Level.ERROR, failed.level());
      assertTrue(failed.text().contains("refused to keep it"), failed.text());
      assertEquals("logging", failed.mdc().get("workflow"));

      List<Line> quoting =
          logs.lines().stream().filter(line -> line.text().contains(SECRET)).toList();
      assertEquals(List.of(), quoting, "no line may quote a payload");
      assertTrue(logs.lines().stream().anyMatch(line -> retried.id().equals(line.mdc().get("runId"))));
    }
  }

  /**
   * An error's message and code and a run id are users' text: their control characters and line
   * separators are written as escapes, so that each line of the run stays one line of plain text
   * (no terminal colours, no line forged after a line break).
   */
  @Test
  void controlCharactersAndLineSeparatorsInAnErrorOrARunIdAreEscapedInTheLines() {
    String forged = "\u001b[31mred\u001b[0m\nERROR run x failed\u2028\u2029\u0085\tend";
    String escaped = "\\u001b[31mred\\u001b[0m\\nERROR run x failed\\u2028\\u2029\\u0085\\tend";
    script.failWith("look", 1, () -> new IllegalStateException("look: " + forged));
    script.failWith("keep", 1, () -> new FatalError("keep: " + forged, "code\u001b[0m\n"));
    String runId = "order\u2028forged";
    try (CapturedLogs.Capture logs = CapturedLogs.capture(); DurableEngine engine = engine()) {
      engine.start();
      RunHandle<String> run = LoggingWorkflowClient.of(engine).start(runId, "lamp");
      RunFailedException failed = assertThrows(RunFailedException.class, () -> run.await(WAIT));
      assertEquals("keep: " + forged, failed.getMessage(), "the stored error keeps its text");

      Line retry = only(logs, "step 'look' attempt 1 failed", runId);
      assertEquals("run order\\u2028forged: step 'look' attempt 1 failed"
          + " [step_failed]: look: " + escaped + "; retrying in 0 ms",
          retry.text());
      Line failure = only(logs, "failed [code", runId);
      assertEquals("run order\\u2028forged of workflow 'logging' version '1' failed"
          + " [code\\u001b[0m\\n]: keep: " + escaped, failure.text());
      for (Line line : logs.lines()) {
        if (line.logger().equals("dev.durable.runtime.runs")) {
          assertFalse(line.text().chars().anyMatch(c -> Character.isISOControl(c)
              || c == '\u2028' || c == '\u2029'), "a raw control character: " + line);
        }
      }
    }
  }

  /**
   * A step argument of a type Jackson cannot write fails the run with a message that names the
   * step, the type and Jackson's reason and quotes no value: the operator's line shows it.
   */
  @Test
  void aFailureForATypeJacksonCannotWriteIsLoggedWithTheStepTheTypeAndJacksonsReason() {
    ObjectMapper seesNoGetters = Payloads.defaultMapper();
    seesNoGetters.setVisibility(PropertyAccessor.ALL, JsonAutoDetect.Visibility.NONE);
    try (CapturedLogs.Capture logs = CapturedLogs.capture();
        DurableEngine engine = db.engine().clock(clock).objectMapper(seesNoGetters)
            .register(new ParcelWorkflowDurable()).build()) {
      engine.start();
      RunHandle<String> run = ParcelWorkflowClient.of(engine).start(SECRET);
      assertThrows(RunFailedException.class, () -> run.await(WAIT));

      Line failed = only(logs, "failed [invalid_input]", run.id());
      assertEquals(Level.ERROR, failed.level());
      assertTrue(failed.text().contains("step 'ship'"), failed.text());
      assertTrue(failed.text().contains(
          "No serializer found for class dev.durable.tests.workflows.ParcelWorkflow$Parcel"),
          failed.text());
      List<Line> quoting =
          logs.lines().stream().filter(line -> line.text().contains(SECRET)).toList();
      assertEquals(List.of(), quoting, "no line may quote a payload");
    }
  }

  @Test
  void aWorkersTaskCarriesItsRunAndStepAndTheMdcIsClearedAfter() {
    Map<String, Map<String, String>> seen = new ConcurrentHashMap<>();
    try (DurableEngine engine = db.engine().clock(clock)
            .register(new RemoteOrderWorkflowDurable(new PricingStepsDispatch(), script))
            .build();
        DurableWorker worker = DurableWorker.builder().jdbcUrl(db.jdbcUrl()).clock(clock)
            .handle(PricingSteps.QUOTE, (task, input) -> {
              seen.put(task.taskId(), MDC.getCopyOfContextMap());
              LoggerFactory.getLogger(LogsTest.class).info("quoting");
              return "{\"sku\":\"lamp\",\"cents\":750}";
            })
            .build()) {
      RunHandle<String> run = RemoteOrderWorkflowClient.of(engine).start(new Order("lamp", 3));
      // tick() runs the turns and the task on this thread, which has a key of its own
      MDC.put("request", "r-1");
      assertEquals(1, engine.tick());
      assertEquals(1, worker.tick());
      assertEquals(1, engine.tick());
      assertEquals("shipped lamp for 750", run.await(WAIT));

      assertEquals(Map.of("request", "r-1", "runId", run.id(), "step", PricingSteps.QUOTE),
          seen.get(run.id() + "/0/1"));
      assertEquals(Map.of("request", "r-1"), MDC.getCopyOfContextMap(),
          "the thread's own keys are put back, and the run's are gone");
    } finally {
      MDC.clear();
    }
  }

  /** The one captured line of run {@code runId} that contains {@code text}. */
  private static Line only(CapturedLogs.Capture logs, String text, String runId) {
    List<Line> found = logs.lines().stream()
        .filter(line -> line.text().contains(text) && runId.equals(line.mdc().get("runId")))
        .toList();
    assertEquals(1, found.size(), "lines of run " + runId + " with '" + text + "': " + found
        + "\nall lines: " + logs.lines());
    return found.get(0);
  }

  /**
   * An engine on PostgreSQL tables that autovacuum leaves alone says so at its start, with what to
   * do: their dead row versions would slow every claim down. It is said once per process: the
   * engines a process builds after it, on the same tables, say nothing more.
   */
  @Test
  void anEngineWarnsAtItsStartWhereAutovacuumIsOffOnItsTables() {
    assumeTrue(kind == TestDatabase.Kind.POSTGRESQL, "H2 needs no vacuuming");
    try (DurableEngine migrates = engine()) {
      db.execute("ALTER TABLE durable_runs SET (autovacuum_enabled = false)");
    }
    try (CapturedLogs.Capture logs = CapturedLogs.capture(); DurableEngine engine = engine();
        DurableEngine another = engine()) {
      List<Line> warnings = logs.lines().stream()
          .filter(line -> line.text().contains("Durable's tables durable_runs")).toList();
      assertEquals(1, warnings.size(), logs.lines().toString());
      assertEquals(Level.WARN, warnings.get(0).level());
      assertTrue(warnings.get(0).text().startsWith("PostgreSQL's autovacuum is off "),
          warnings.get(0).text());
      assertTrue(warnings.get(0).text().endsWith(
          "turn autovacuum on, or run VACUUM (ANALYZE) on Durable's tables regularly"),
          warnings.get(0).text());
    }
  }
}
