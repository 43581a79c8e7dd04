package dev.durable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.ForkPoint;
import dev.durable.runtime.HistoryEvent;
import dev.durable.runtime.RunFilter;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.RunInfo;
import dev.durable.runtime.RunState;
import dev.durable.runtime.RunStatus;
import dev.durable.runtime.StartOptions;
import dev.durable.runtime.UnknownRunException;
import dev.durable.tests.support.Recorder;
import dev.durable.tests.workflows.ForkableWorkflowClient;
import dev.durable.tests.workflows.ForkableWorkflowDurable;
import dev.durable.tests.workflows.ProgressWorkflow;
import dev.durable.tests.workflows.ProgressWorkflowClient;
import dev.durable.tests.workflows.ProgressWorkflowDurable;
import dev.durable.tests.workflows.RestartingWorkflowClient;
import dev.durable.tests.workflows.RestartingWorkflowDurable;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * {@code engine.fork(runId, position)}: a new run of the same workflow and input whose positions
 * before {@code position} replay what the run recorded and whose later ones run with the code
 * deployed now, carrying the events, stream values and attributes recorded at the positions it
 * replays and the attributes its start gave; refused for an unknown run and for a position past
 * what the run recorded.
 */
class ForkTest extends OnEachStore {
  private final Recorder recorder = new Recorder();

  private DurableEngine engine(String flavor) {
    return db.engine().clock(clock).register(new ForkableWorkflowDurable(recorder, flavor)).build();
  }

  private DurableEngine progressEngine(String flavor) {
    return db.engine().clock(clock).register(new ProgressWorkflowDurable(flavor)).build();
  }

  /**
   * A run of the progress workflow completed by the "old" code, started with attributes {@code
   * tenant=t1} and {@code stage=new} (which its code replaces at positions 2 and 6).
   */
  private String progressRun(String order) {
    try (DurableEngine engine = progressEngine("old")) {
      RunHandle<String> run = ProgressWorkflowClient.of(engine).start(StartOptions.builder()
          .attribute("tenant", "t1").attribute("stage", "new").build(), order);
      engine.tick();
      assertEquals("packed " + order + " by old", run.await(WAIT));
      return run.id();
    }
  }

  private static List<String> stream(RunHandle<String> run) {
    try (Stream<String> values = run.readStream("s", String.class)) {
      return values.toList();
    }
  }

  private static Optional<String> progress(RunHandle<String> run) {
    return run.getEvent("progress", String.class, Duration.ZERO);
  }

  /** A run completed by the "old" code. */
  private String completedRun(String order) {
    try (DurableEngine engine = engine("old")) {
      RunHandle<String> run = ForkableWorkflowClient.of(engine).start(order);
      engine.tick();
      assertEquals("first:old second:old third:old", run.await(WAIT));
      return run.id();
    }
  }

  @Test
  void aForkReplaysThePositionsBeforeItsPositionAndRunsTheRestWithTodaysCode() {
    String source = completedRun("o-1");
    recorder.clear();

    try (DurableEngine engine = engine("new")) {
      String fork = engine.fork(source, 2);
      engine.tick();

      assertEquals("first:old second:old third:new",
          ForkableWorkflowClient.of(engine).get(fork).await(WAIT));
      assertEquals(List.of("third o-1 new"), recorder.entries(), "steps 0 and 1 replayed");
      RunStatus status = engine.getRunStatus(fork);
      assertEquals(Optional.of(new ForkPoint(source, 2)), status.forkedFrom());
      assertEquals(1, status.generation());
      assertEquals("forkable", status.run().workflowName());
      assertEquals(engine.getRunStatus(source).input(), status.input());
      List<HistoryEvent> history = engine.history(fork);
      assertEquals("run.created", history.get(0).type());
      assertEquals("run.forked", history.get(1).type());
      assertEquals("from run " + source + " at position 2 (generation 1)",
          history.get(1).detail());
      assertEquals(Optional.empty(), engine.getRunStatus(source).forkedFrom());
    }
  }

  @Test
  void aForkFromZeroRunsEverythingAndFromTheEndReplaysEverything() {
    String source = completedRun("o-2");
    recorder.clear();

    try (DurableEngine engine = engine("new")) {
      String fromZero = engine.fork(source, 0);
      String fromEnd = engine.fork(source, 3);
      engine.tick();

      ForkableWorkflowClient client = ForkableWorkflowClient.of(engine);
      assertEquals("first:new second:new third:new", client.get(fromZero).await(WAIT));
      assertEquals("first:old second:old third:old", client.get(fromEnd).await(WAIT));
      assertEquals(3, recorder.entries().size(), "only the fork from 0 ran steps");
    }
  }

  @Test
  void theFingerprintCheckAppliesOnlyToWhatTheForkReplays() {
    String source = completedRun("o-3");
    // the run recorded a graph today's class does not hold: a requeue would fail it
    db.execute("UPDATE durable_runs SET graph_fingerprint = 'deadbeef' WHERE run_id = '"
        + source + "'");

    try (DurableEngine engine = engine("new")) {
      String fork = engine.fork(source, 1);
      engine.tick();

      assertEquals("first:old second:new third:new",
          ForkableWorkflowClient.of(engine).get(fork).await(WAIT));
    }
  }

  @Test
  void aForkCarriesTheValuesOfTheReplayedPositionsAndItsOwnCodeAppendsAfterThem() {
    String source = progressRun("o-8");

    try (DurableEngine engine = progressEngine("new")) {
      String fork = engine.fork(source, 3); // replays the first stream value, event and attribute
      RunHandle<String> run = ProgressWorkflowClient.of(engine).get(fork);
      assertEquals(Optional.of("a:old"), progress(run), "before it runs, what the run had at 3");
      assertEquals(Map.of("stage", "a:old", "tenant", "t1"),
          engine.getRunStatus(fork).run().attributes());

      engine.tick();
      assertEquals("packed o-8 by new", run.await(WAIT));
      assertEquals(List.of("a:old", "b:new"), stream(run));
      assertEquals(Optional.of("b:new"), progress(run));
      assertEquals(Map.of("stage", "b:new", "tenant", "t1"),
          engine.getRunStatus(fork).run().attributes());
      assertEquals(List.of(fork), engine.listRuns(RunFilter.builder().forkedFrom(source)
          .attribute("tenant", "t1").build()).stream().map(RunInfo::id).toList());
      assertEquals(List.of("a:old", "b:old"),
          stream(ProgressWorkflowClient.of(engine).get(source)), "the source keeps its own");
    }
  }

  @Test
  void aForkBeforeItsCodeSetAnAttributeHasTheValueItsStartGave() {
    String source = progressRun("o-9");

    try (DurableEngine engine = progressEngine("new")) {
      String fromOne = engine.fork(source, 1);
      String fromZero = engine.fork(source, 0);

      assertEquals(Map.of("stage", "new", "tenant", "t1"),
          engine.getRunStatus(fromOne).run().attributes());
      assertEquals(Optional.empty(), progress(ProgressWorkflowClient.of(engine).get(fromOne)));
      assertEquals(Map.of("stage", "new", "tenant", "t1"),
          engine.getRunStatus(fromZero).run().attributes());
      engine.tick();
      RunHandle<String> fromOneRun = ProgressWorkflowClient.of(engine).get(fromOne);
      fromOneRun.await(WAIT);
      assertEquals(List.of("a:old", "b:new"), stream(fromOneRun));
      RunHandle<String> fromZeroRun = ProgressWorkflowClient.of(engine).get(fromZero);
      fromZeroRun.await(WAIT);
      assertEquals(List.of("a:new", "b:new"), stream(fromZeroRun));
    }
  }

  @Test
  void aForkAfterEveryPositionReadsLikeTheRunItCopies() {
    String source = progressRun("o-10");

    try (DurableEngine engine = progressEngine("new")) {
      String fork = engine.fork(source, ProgressWorkflow.POSITIONS);
      RunHandle<String> original = ProgressWorkflowClient.of(engine).get(source);
      RunHandle<String> run = ProgressWorkflowClient.of(engine).get(fork);
      // closed at position 7, which the fork replays: read whole before the fork runs
      assertEquals(List.of("a:old", "b:old"), assertTimeoutPreemptively(WAIT, () -> stream(run)));

      engine.tick();
      assertEquals(original.await(WAIT), run.await(WAIT));
      assertEquals(stream(original), stream(run));
      assertEquals(Optional.of("b:old"), progress(run));
      assertEquals(progress(original), progress(run));
      assertEquals(engine.getRunStatus(source).run().attributes(),
          engine.getRunStatus(fork).run().attributes());
    }
  }

  @Test
  void aForkOfALaterGenerationStartsWithTheAttributesThatGenerationBeganWith() {
    try (DurableEngine engine =
        db.engine().clock(clock).register(new RestartingWorkflowDurable(recorder)).build()) {
      RunHandle<String> run = RestartingWorkflowClient.of(engine).start(
          StartOptions.builder().attribute("tenant", "t1").build(), 1, 3, "tagged");
      engine.tick();
      assertEquals("done after 3", run.await(WAIT));
      assertEquals(Map.of("generation", "3", "tenant", "t1"),
          engine.getRunStatus(run.id()).run().attributes());

      String fork = engine.fork(run.id(), 0);
      assertEquals(Map.of("generation", "2", "tenant", "t1"),
          engine.getRunStatus(fork).run().attributes(), "as generation 3 began");
    }
  }

  @Test
  void anUnknownRunsHugeIdIsCutInTheMessage() {
    try (DurableEngine engine = engine("new")) {
      String huge = "r".repeat(10_000_000);
      UnknownRunException refused =
          assertThrows(UnknownRunException.class, () -> engine.fork(huge, 3));
      assertTrue(refused.getMessage().length() < 200,
          "a message of " + refused.getMessage().length() + " characters");
      assertEquals("no run with id '" + "r".repeat(60) + "... (10000000 characters)' is stored"
          + " in this engine's database", refused.getMessage());
    }
  }

  @Test
  void anUnknownRunIsRefused() {
    try (DurableEngine engine = engine("new")) {
      UnknownRunException refused =
          assertThrows(UnknownRunException.class, () -> engine.fork("no-such-run", 0));
      assertTrue(refused.getMessage().contains("no-such-run"), refused.getMessage());
    }
  }

  @Test
  void aPositionPastTheRecordedStepsIsRefusedAndNothingIsStored() {
    String source = completedRun("o-4");

    try (DurableEngine engine = engine("new")) {
      IllegalArgumentException past =
          assertThrows(IllegalArgumentException.class, () -> engine.fork(source, 4));
      assertEquals("cannot fork run " + source + " at position 4: it recorded 3 position(s), so a"
          + " fork starts from a position from 0 (nothing replayed) to 3 (all replayed); nothing"
          + " was stored", past.getMessage());
      assertThrows(IllegalArgumentException.class, () -> engine.fork(source, -1));
      assertEquals(1, db.queryLong("SELECT COUNT(*) FROM durable_runs"));
    }
  }

  @Test
  void aPositionPastACallThatHasNotEndedIsRefused() {
    try (DurableEngine engine = engine("old")) {
      RunHandle<String> run = ForkableWorkflowClient.of(engine).start("nap-5");
      engine.tick(); // first, then the hour's sleep

      IllegalArgumentException refused =
          assertThrows(IllegalArgumentException.class, () -> engine.fork(run.id(), 2));
      assertTrue(refused.getMessage().contains("its SLEEP 'sleep' at position 1 has not ended"
          + " (RUNNING); fork from position 1 at most"), refused.getMessage());
      assertEquals(1, db.queryLong("SELECT COUNT(*) FROM durable_runs"));

      String fork = engine.fork(run.id(), 1);
      assertEquals(1, db.queryLong(
          "SELECT COUNT(*) FROM durable_steps WHERE run_id = '" + fork + "'"));
    }
  }

  @Test
  void aRunsForksAreListedByTheRunTheyCameFromNewestFirst() {
    String source = completedRun("o-6");
    String other = completedRun("o-7");

    try (DurableEngine engine = engine("new")) {
      String first = engine.fork(source, 1);
      clock.advance(Duration.ofSeconds(1));
      String second = engine.fork(source, 2);
      engine.fork(other, 1);

      assertEquals(List.of(second, first), engine.listRuns(
          RunFilter.builder().forkedFrom(source).build()).stream().map(RunInfo::id).toList());
      assertEquals(List.of(first), engine.listRuns(RunFilter.builder().forkedFrom(source)
          .status(RunState.PENDING).limit(1).after(engine.listRuns(
              RunFilter.builder().forkedFrom(source).limit(1).build()).get(0)).build())
          .stream().map(RunInfo::id).toList(), "the next page");
      assertEquals(List.of(), engine.listRuns(RunFilter.builder().forkedFrom(first).build()));
    }
  }
}
