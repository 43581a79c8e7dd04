package dev.durable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.HistoryEvent;
import dev.durable.runtime.RunFailedException;
import dev.durable.runtime.RunExport;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.RunState;
import dev.durable.runtime.RunStatus;
import dev.durable.runtime.testing.ReplayReport;
import dev.durable.runtime.testing.WorkflowReplayer;
import dev.durable.tests.support.Await;
import dev.durable.tests.support.Recorder;
import dev.durable.tests.support.TestDatabase;
import dev.durable.tests.workflows.EchoWorkflowDurable;
import dev.durable.tests.workflows.RestartingWorkflowClient;
import dev.durable.tests.workflows.RestartingWorkflowDurable;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * {@code <Name>Client.of(ctx).continueAsNew(...)}: the same run id starts over with the new input
 * and an empty history, in its next generation; signals not taken carry over; {@code await()} gives
 * the last generation's result; the history stays of constant size however many generations; a
 * stream's reader follows the run, while the older generations' values go with their history; and
 * it is refused outside the {@code @Run} method's own code.
 */
class ContinueAsNewTest extends OnEachStore {
  private final Recorder recorder = new Recorder();

  private DurableEngine engine() {
    return db.engine().clock(clock)
        .register(new RestartingWorkflowDurable(recorder))
        .register(new EchoWorkflowDurable(script))
        .build();
  }

  private long rows(String table, String runId) {
    return db.queryLong("SELECT COUNT(*) FROM " + table + " WHERE run_id = '" + runId + "'");
  }

  @Test
  void theSameRunStartsOverAndAwaitGivesTheLastGenerationsResult() {
    try (DurableEngine engine = engine()) {
      RunHandle<String> run = RestartingWorkflowClient.of(engine).start(1, 3, "steps");
      engine.tick();

      assertEquals("done after 3", run.await(WAIT));
      assertEquals(List.of("tally 1", "tally 2", "tally 3"), recorder.entries());
      RunStatus status = engine.getRunStatus(run.id());
      assertEquals(3, status.generation());
      assertEquals(3, status.run().generation());
      assertEquals(Optional.empty(), status.forkedFrom());
      assertEquals("[3,3,\"steps\"]", status.input(), "the last generation's input");
      assertEquals(1, status.steps().size(), "the last generation's steps alone");
      assertEquals(1, rows("durable_steps", run.id()));
      HistoryEvent first = engine.history(run.id()).get(0);
      assertEquals("run.continued_as_new", first.type());
      assertTrue(first.detail().startsWith("generation 3; generation 2 ended at position 1"),
          first.detail());
    }
  }

  @Test
  void theLastGenerationExportsAndReplaysAgainstItsCode() {
    RunExport export;
    String runId;
    try (DurableEngine engine = engine()) {
      RunHandle<String> run = RestartingWorkflowClient.of(engine).start(1, 3, "steps");
      engine.tick();
      run.await(WAIT);
      runId = run.id();
      export = engine.export(List.of(runId));
    }

    ReplayReport report =
        WorkflowReplayer.of(new RestartingWorkflowDurable(new Recorder())).replay(export);
    assertEquals(List.of(runId), report.replayed(), report.toString());
  }

  @Test
  void tenThousandGenerationsKeepAHistoryOfConstantSize() {
    int generations = kind == TestDatabase.Kind.H2 ? 10_000 : 1_000;
    try (DurableEngine engine = engine()) {
      RunHandle<String> run = RestartingWorkflowClient.of(engine).start(1, generations, "bare");
      engine.tick();

      assertEquals("done after " + generations, run.await(WAIT));
      assertEquals(generations, engine.getRunStatus(run.id()).generation());
      assertEquals(0, rows("durable_steps", run.id()));
      // this generation's: run.continued_as_new, run.claimed, run.completed
      assertEquals(List.of("run.continued_as_new", "run.claimed", "run.completed"),
          engine.history(run.id()).stream().map(HistoryEvent::type).toList());
      assertEquals(3, rows("durable_events", run.id()));
    }
  }

  @Test
  void signalsNotTakenYetCarryOverToTheNextGeneration() {
    try (DurableEngine engine = engine()) {
      RestartingWorkflowClient client = RestartingWorkflowClient.of(engine);
      RunHandle<String> run = client.start(1, 3, "signals");
      client.note(run.id(), "a");
      client.note(run.id(), "b");
      client.note(run.id(), "c");
      engine.tick();

      assertEquals("done after 3", run.await(WAIT));
      assertEquals(List.of("1:a", "2:b", "3:c"), recorder.entries());
      assertEquals(1, rows("durable_signals", run.id()), "the taken ones are gone with their"
          + " generation, but the last generation's");
    }
  }

  @Test
  void aLaterGenerationsChildRunsHaveIdsOfTheirOwn() {
    try (DurableEngine engine = engine()) {
      RunHandle<String> run = RestartingWorkflowClient.of(engine).start(1, 2, "child");
      engine.tick();

      assertEquals("done after 2", run.await(WAIT));
      assertEquals(List.of("1:g1", "2:g2"), recorder.entries());
      assertEquals(RunState.COMPLETED, engine.getRunStatus(run.id() + "/g2/child-0").run().status());
    }
  }

  /**
   * The rule for readers across generations: a reader attached in generation 1 follows the run and
   * gets every generation's values in order; one attached after the run ended gets the last
   * generation's alone, as the older ones went with their history, and indexes count from its
   * first value; getEvent sees what the current generation set.
   */
  @Test
  void aStreamsReaderFollowsTheRunAndALaterOneSeesTheLastGenerationAlone() throws Exception {
    try (DurableEngine engine = engine()) {
      RestartingWorkflowClient client = RestartingWorkflowClient.of(engine);
      RunHandle<String> run = client.start(1, 3, "stream");
      engine.tick(); // generation 1 writes 10, 11, 12 and waits for a signal
      BlockingQueue<Integer> seen = new LinkedBlockingQueue<>();
      CompletableFuture<Void> reading = CompletableFuture.runAsync(() -> {
        try (Stream<Integer> values = run.readStream("s", Integer.class)) {
          values.forEach(seen::add);
        }
      });
      Await.until("the reader took generation 1's values", () -> seen.size() == 3);
      assertEquals(Optional.of("generation 1"),
          run.getEvent("first", String.class, Duration.ZERO));

      client.note(run.id(), "go");
      engine.tick(); // generation 2: 20, 21, 22, then a wait
      Await.until("the reader took generation 2's values", () -> seen.size() == 6);
      assertEquals(Optional.of(2), run.getEvent("gen", Integer.class, Duration.ZERO));
      assertEquals(Optional.empty(), run.getEvent("first", String.class, Duration.ZERO),
          "generation 1's events went with its history");

      client.note(run.id(), "go");
      engine.tick(); // generation 3: 30, 31, 32, then the run completes
      reading.get(WAIT.toSeconds(), TimeUnit.SECONDS);
      assertEquals("done after 3", run.await(WAIT));
      assertEquals(List.of(10, 11, 12, 20, 21, 22, 30, 31, 32), List.copyOf(seen));
      assertEquals(List.of(30, 31, 32), run.readStream("s", Integer.class).toList());
      assertEquals(List.of(31, 32), run.readStream("s", Integer.class, 1).toList());
      assertEquals(Optional.of(3), run.getEvent("gen", Integer.class, Duration.ZERO));
      assertEquals(Optional.empty(), run.getEvent("first", String.class, Duration.ZERO));
      assertEquals(4, rows("durable_run_values", run.id()), "the last generation's values");
    }
  }

  @Test
  void continueAsNewFromAStepIsRefused() {
    try (DurableEngine engine = engine()) {
      RunHandle<String> run = RestartingWorkflowClient.of(engine).start(1, 2, "step");
      engine.tick();

      RunFailedException failed = assertThrows(RunFailedException.class, () -> run.await(WAIT));
      assertTrue(failed.getMessage().contains("called continueAsNew from a step, a branch of a"
          + " fan or group, or a signal's timeout body: only the @Run method's own code may start"
          + " the run over"), failed.getMessage());
      assertEquals(1, engine.getRunStatus(run.id()).generation());
    }
  }

  @Test
  void continueAsNewFromAFansBranchIsRefused() {
    try (DurableEngine engine = engine()) {
      RunHandle<String> run = RestartingWorkflowClient.of(engine).start(1, 2, "fan");
      engine.tick();

      RunFailedException failed = assertThrows(RunFailedException.class, () -> run.await(WAIT));
      assertTrue(failed.getMessage().contains("only the @Run method's own code"),
          failed.getMessage());
      assertEquals(1, engine.getRunStatus(run.id()).generation());
    }
  }

  @Test
  void anotherWorkflowsClientCannotStartTheRunOver() {
    try (DurableEngine engine = engine()) {
      RunHandle<String> run = RestartingWorkflowClient.of(engine).start(1, 2, "other");
      engine.tick();

      RunFailedException failed = assertThrows(RunFailedException.class, () -> run.await(WAIT));
      assertTrue(failed.getMessage().contains("called continueAsNew on the client of workflow"
          + " 'echo'"), failed.getMessage());
      assertTrue(failed.getMessage().contains("a run starts over as its own workflow and version"),
          failed.getMessage());
    }
  }

  @Test
  void aClientMadeFromTheEngineCannotContinueAsNew() {
    try (DurableEngine engine = engine()) {
      IllegalStateException refused = assertThrows(IllegalStateException.class,
          () -> RestartingWorkflowClient.of(engine).continueAsNew(1, 1, "bare"));
      assertTrue(refused.getMessage().contains("call it from a @Run method, on the client made"
          + " from its WorkflowContext"), refused.getMessage());
    }
  }
}
