package dev.durable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.InvalidInputException;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.RunState;
import dev.durable.runtime.StartOptions;
import dev.durable.runtime.UnknownRunException;
import dev.durable.tests.support.Await;
import dev.durable.tests.support.Recorder;
import dev.durable.tests.workflows.GreeterV1Client;
import dev.durable.tests.workflows.GreeterV1Durable;
import dev.durable.tests.workflows.GreeterV2Client;
import dev.durable.tests.workflows.GreeterV2Durable;
import dev.durable.tests.workflows.GreeterV3Durable;
import dev.durable.tests.workflows.GreetingParentClient;
import dev.durable.tests.workflows.GreetingParentDurable;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Two versions of one workflow side by side: each run stays on the version it started with, new
 * runs start on the highest version registered, whichever version's client starts them, and a run
 * of a version no engine here has is left alone until one that has it comes.
 */
class VersionsTest extends OnEachStore {
  private final Recorder recorder = new Recorder();

  @Test
  void runsStayOnTheirVersionAndNewRunsStartOnTheHighestRegistered() {
    String old;
    try (DurableEngine v1Only = db.engine().clock(clock)
        .register(new GreeterV1Durable(recorder)).build()) {
      v1Only.start();
      RunHandle<String> run = GreeterV1Client.of(v1Only).start("ada");
      old = run.id();
      Await.until("the v1 run sleeps", () -> run.status().run().status() == RunState.SLEEPING);
    }

    try (DurableEngine both = db.engine().clock(clock)
        .register(new GreeterV1Durable(recorder))
        .register(new GreeterV2Durable(recorder)).build()) {
      both.start();
      RunHandle<String> fresh = GreeterV1Client.of(both).start("bob");

      assertEquals("hi bob", fresh.await(WAIT), "the v1 client started it on v2");
      assertEquals("2", fresh.status().run().workflowVersion());

      clock.advance(Duration.ofMinutes(2));
      RunHandle<String> continued = GreeterV2Client.of(both).get(old);
      assertEquals("hello ada", continued.await(WAIT), "the run in flight stayed on v1");
      assertEquals("1", continued.status().run().workflowVersion());
      assertEquals(1, recorder.count("v1 greets ada"));
      assertEquals(0, recorder.countStartingWith("v2 welcomes ada"));
    }
  }

  @Test
  void anInputThatDoesNotFitTheNewestVersionIsRefusedAndNothingIsStored() {
    try (DurableEngine engine = db.engine().clock(clock)
        .register(new GreeterV1Durable(recorder))
        .register(new GreeterV3Durable(recorder)).build()) {
      InvalidInputException refused = assertThrows(InvalidInputException.class,
          () -> GreeterV1Client.of(engine).start("refused", "ada"));

      assertTrue(refused.getMessage().contains("on version 3, its newest registered here,"),
          refused.getMessage());
      assertThrows(UnknownRunException.class, () -> engine.getRunStatus("refused"));
    }
  }

  @Test
  void aRunOfAVersionNoEngineHereHasWaitsForOneThatHasIt() {
    String old;
    try (DurableEngine v1Only = db.engine().clock(clock)
        .register(new GreeterV1Durable(recorder)).build()) {
      RunHandle<String> run = GreeterV1Client.of(v1Only).start("cy");
      old = run.id();
    }

    try (DurableEngine v2Only = db.engine().clock(clock)
        .register(new GreeterV2Durable(recorder)).build()) {
      assertEquals(0, v2Only.tick(), "it runs nothing of version 1");
      assertEquals(RunState.PENDING, v2Only.getRunStatus(old).run().status());
    }

    try (DurableEngine v1Again = db.engine().clock(clock)
        .register(new GreeterV1Durable(recorder)).build()) {
      v1Again.start();
      RunHandle<String> run = GreeterV1Client.of(v1Again).get(old);
      Await.until("the engine with version 1 takes it up", () -> run.status().run().status()
          == RunState.SLEEPING);
      clock.advance(Duration.ofMinutes(2));
      assertEquals("hello cy", run.await(WAIT));
    }
  }

  @Test
  void startOptionsStartARunOnTheVersionTheyNameAndRefuseOneNotRegistered() {
    try (DurableEngine both = db.engine().clock(clock)
        .register(new GreeterV1Durable(recorder))
        .register(new GreeterV2Durable(recorder)).build()) {
      both.start();
      RunHandle<String> pinned = GreeterV2Client.of(both)
          .start(StartOptions.builder().runId("pinned").version("1").build(), "dee");
      assertEquals("pinned", pinned.id());
      assertEquals("1", pinned.status().run().workflowVersion(), "the v2 client started it on v1");
      Await.until("the v1 run sleeps", () -> pinned.status().run().status() == RunState.SLEEPING);
      clock.advance(Duration.ofMinutes(2));
      assertEquals("hello dee", pinned.await(WAIT));

      IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
          () -> GreeterV1Client.of(both)
              .start(StartOptions.builder().runId("seven").version("7").build(), "eve"));
      assertEquals("cannot start a run of greeter on version 7: it is not registered with this"
          + " engine, which has version(s) 1, 2; register that version's class, or start without"
          + " naming a version to start on the newest. Nothing was stored.",
          refused.getMessage());
      assertThrows(UnknownRunException.class, () -> both.getRunStatus("seven"));
    }
  }

  @Test
  void aChildRunStartsOnTheNewestVersionRegisteredOrOnTheOneItsStartNames() {
    try (DurableEngine engine = db.engine().clock(clock)
        .register(new GreeterV1Durable(recorder))
        .register(new GreeterV2Durable(recorder))
        .register(new GreetingParentDurable()).build()) {
      engine.start();
      assertEquals("hi fay", GreetingParentClient.of(engine).start("fay", "").await(WAIT),
          "the child went on version 2 though version 1's client started it");

      RunHandle<String> pinned = GreetingParentClient.of(engine).start("gus", "1");
      Await.until("the v1 child sleeps", () -> engine.getRunStatus(pinned.id()).children()
          .stream().anyMatch(child -> child.status() == RunState.SLEEPING));
      assertEquals("1", engine.getRunStatus(pinned.id()).children().get(0).workflowVersion());
      clock.advance(Duration.ofMinutes(2));
      assertEquals("hello gus", pinned.await(WAIT));
    }
  }
}
