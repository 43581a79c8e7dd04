package dev.durable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.RunFailedException;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.RunState;
import dev.durable.tests.support.Await;
import dev.durable.tests.support.Recorder;
import dev.durable.tests.workflows.PatchedWorkflowClient;
import dev.durable.tests.workflows.PatchedWorkflowDurable;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code ctx.patched}: a run that passed a patch's point before the patch was deployed keeps its
 * old path there on every replay, while a run that reaches the point afterwards, old or new, takes
 * the patched path, and keeps it on replay.
 */
class PatchTest extends OnEachStore {
  private final Recorder recorder = new Recorder();

  /** The steps recorded for the run whose input ends with {@code suffix}, in order. */
  private List<String> ofRun(String suffix) {
    return recorder.entries().stream().filter(entry -> entry.endsWith(suffix)).toList();
  }

  private DurableEngine deploy(boolean patched) {
    DurableEngine engine = db.engine().clock(clock)
        .register(new PatchedWorkflowDurable(patched, recorder)).build();
    engine.start();
    return engine;
  }

  @Test
  void aRunInFlightAtTheDeployTakesOnlyThePatchesItHasNotPassed() {
    String inFlight;
    try (DurableEngine before = deploy(false)) {
      RunHandle<String> run = PatchedWorkflowClient.of(before).start("old");
      inFlight = run.id();
      Await.until("the run sleeps after step a", () -> run.status().run().status()
          == RunState.SLEEPING);
    }

    try (DurableEngine after = deploy(true)) {
      RunHandle<String> old = PatchedWorkflowClient.of(after).get(inFlight);
      RunHandle<String> fresh = PatchedWorkflowClient.of(after).start("new");
      Await.until("the new run sleeps", () -> fresh.status().run().status() == RunState.SLEEPING);

      clock.advance(Duration.ofHours(1).plusSeconds(1));

      assertEquals("a late b", old.await(WAIT), "it had passed the early patch, not the late one");
      assertEquals("early a late b", fresh.await(WAIT));
      assertEquals(List.of("a:old", "late:old", "b:old"), ofRun(":old"),
          "every step of the old run ran once, its replays after the deploy included");
      assertEquals(List.of("early:new", "a:new", "late:new", "b:new"),
          ofRun(":new"));
    }
  }

  @Test
  void removingAPatchThatARunInFlightPassedFailsThatRunWithNonDeterminism() {
    String id;
    try (DurableEngine patched = deploy(true)) {
      RunHandle<String> run = PatchedWorkflowClient.of(patched).start("removed");
      id = run.id();
      Await.until("the run sleeps", () -> run.status().run().status() == RunState.SLEEPING);
    }
    try (DurableEngine withoutThePatch = deploy(false)) {
      clock.advance(Duration.ofHours(1).plusSeconds(1));

      RunFailedException failed = assertThrows(RunFailedException.class,
          () -> PatchedWorkflowClient.of(withoutThePatch).get(id).await(WAIT));
      assertEquals("non_determinism", failed.code());
      assertTrue(failed.getMessage().contains("where it had recorded ctx.patched(\"early\")"),
          failed.getMessage());
    }
  }

  @Test
  void aPatchedRunReplaysItsMarkersAfterARestart() {
    String id;
    try (DurableEngine first = deploy(true)) {
      RunHandle<String> run = PatchedWorkflowClient.of(first).start("twice");
      id = run.id();
      Await.until("the run sleeps", () -> run.status().run().status() == RunState.SLEEPING);
    }
    try (DurableEngine second = deploy(true)) {
      clock.advance(Duration.ofHours(1).plusSeconds(1));

      assertEquals("early a late b", PatchedWorkflowClient.of(second).get(id).await(WAIT));
      assertEquals(List.of("early:twice", "a:twice", "late:twice", "b:twice"),
          ofRun(":twice"), "each step ran once");
    }
  }
}
