package dev.durable.tests.support;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.durable.runtime.DurableEngine;
import dev.durable.tests.workflows.LoadJob;
import dev.durable.tests.workflows.LoadWorkflow;
import dev.durable.tests.workflows.LoadWorkflowClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The checks of the multi-process tests on what {@link dev.durable.tests.workflows.LoadWorkflow}
 * runs did, read from the store and from the {@link ExecutionJournal} side table.
 */
public final class LoadChecks {
  private static final List<String> STEPS = List.of("reserve", "charge", "ship");

  private LoadChecks() {}

  /**
   * Every run of {@code runs} (by run id, with its input) completed with its result; each has
   * exactly its three steps' checkpoints, completed, with one attempt each but two for a charge
   * that fails once, and one more for each attempt that may have run on an engine killed or cut
   * off ({@code step.interrupted}); each checkpoint's last attempt was really executed; and no
   * attempt was executed twice, so none was cut without a trace. {@code client} reads the runs'
   * results.
   */
  public static void assertEveryRunCompletedWithItsSteps(
      TestDatabase db, DurableEngine client, Map<String, LoadJob> runs) {
    LoadWorkflowClient runsClient = LoadWorkflowClient.of(client);
    Map<String, Map<String, Integer>> checkpoints = new HashMap<>();
    for (List<Object> row : db.query("SELECT run_id, name, status, attempts FROM durable_steps"
        + " WHERE kind = 'STEP' ORDER BY run_id, seq")) {
      assertEquals("COMPLETED", row.get(2), "step " + row.get(1) + " of " + row.get(0));
      checkpoints.computeIfAbsent((String) row.get(0), k -> new HashMap<>())
          .put((String) row.get(1), (Integer) row.get(3));
    }
    Map<String, List<Integer>> interrupted = new HashMap<>(); // by run and step: the attempts
    for (List<Object> row : db.query("SELECT run_id, step, attempt FROM durable_events"
        + " WHERE type = 'step.interrupted' ORDER BY run_id, id")) {
      interrupted.computeIfAbsent(row.get(0) + "/" + row.get(1), k -> new ArrayList<>())
          .add((Integer) row.get(2));
    }
    runs.forEach((id, job) -> {
      assertEquals(LoadWorkflow.expectedResult(job),
          runsClient.get(id).await(Duration.ofSeconds(5)), id);
      Map<String, Integer> expected = new HashMap<>();
      for (String step : STEPS) {
        List<Integer> cut = interrupted.getOrDefault(id + "/" + step, List.of());
        // a charge that fails once fails its first attempt, unless that one was cut
        boolean failed = job.failOnce() && step.equals("charge") && !cut.contains(1);
        expected.put(step, 1 + (failed ? 1 : 0) + cut.size());
      }
      assertEquals(expected, checkpoints.get(id), "the completed checkpoints of " + id
          + " and their attempts (attempts cut: " + interrupted.entrySet().stream()
              .filter(e -> e.getKey().startsWith(id + "/")).toList() + ")");
    });
    assertEquals(List.of(), db.query("SELECT s.run_id, s.name, s.attempts FROM durable_steps s"
            + " WHERE s.kind = 'STEP' AND NOT EXISTS (SELECT 1 FROM load_executions e"
            + " WHERE e.run_id = s.run_id AND e.step = s.name AND e.attempt = s.attempts)"
            + " LIMIT 10"),
        "checkpoints whose last attempt never executed");
    assertEquals(List.of(), db.query("SELECT run_id, step, attempt, COUNT(*) FROM load_executions"
            + " GROUP BY run_id, step, attempt HAVING COUNT(*) > 1 LIMIT 10"),
        "attempts executed twice: the first left no trace when its engine was lost");
  }

  /**
   * No step executed after its checkpoint was committed ({@link ExecutionJournal} says why its
   * flag proves it), nor began over a second after its checkpoint was written.
   */
  public static void assertNoStepRanAfterItsCheckpoint(TestDatabase db) {
    assertEquals(List.of(), db.query("SELECT run_id, step, attempt, engine, at"
            + " FROM load_executions WHERE checkpoint_committed ORDER BY at LIMIT 20"),
        "step executions that began after the step's checkpoint was committed");
    assertEquals(List.of(), db.query("SELECT e.run_id, e.step, e.attempt, e.engine, e.at,"
            + " s.updated_at FROM load_executions e JOIN durable_steps s"
            + " ON s.run_id = e.run_id AND s.name = e.step AND s.status = 'COMPLETED'"
            + " WHERE e.at > s.updated_at + INTERVAL '1 second' ORDER BY e.at LIMIT 20"),
        "step executions that began over a second after the step's checkpoint was written");
  }
}
