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
import dev.durable.tests.workflows.ReservationWorkflowClient;
import dev.durable.tests.workflows.ReservationWorkflowDurable;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * {@code @OnFailure}: after a run failed for good, its clean-up runs once, durably (across a
 * restart), and the run fails with its original error; a clean-up that fails too is added to the
 * error, never hiding it; a run that completes is not cleaned up.
 */
class OnFailureTest extends OnEachStore {
  private final Recorder recorder = new Recorder();

  private DurableEngine engine() {
    DurableEngine engine = db.engine().clock(clock)
        .register(new ReservationWorkflowDurable(recorder)).build();
    engine.start();
    return engine;
  }

  @Test
  void aFailedRunIsCleanedUpOnceAcrossARestartAndFailsWithItsOwnError() {
    String id;
    try (DurableEngine first = engine()) {
      RunHandle<String> run = ReservationWorkflowClient.of(first).start("declined-1");
      id = run.id();
      Await.until("the clean-up sleeps", () -> run.status().run().status() == RunState.SLEEPING);
    }
    try (DurableEngine second = engine()) {
      clock.advance(Duration.ofMinutes(2));
      RunHandle<String> run = ReservationWorkflowClient.of(second).get(id);

      RunFailedException failed = assertThrows(RunFailedException.class, () -> run.await(WAIT));
      assertEquals("declined", failed.code());
      assertEquals("card declined", failed.error().message());
      assertEquals(1, recorder.count("release declined-1 after declined"));
      assertEquals(1, recorder.count("charge declined-1"));
    }
  }

  @Test
  void aCleanUpThatFailsTooIsAddedToTheRunsErrorWithoutHidingIt() {
    try (DurableEngine engine = engine()) {
      RunHandle<String> run = ReservationWorkflowClient.of(engine).start("declined-messy-2");
      Await.until("the clean-up sleeps", () -> run.status().run().status() == RunState.SLEEPING);
      clock.advance(Duration.ofMinutes(2));

      RunFailedException failed = assertThrows(RunFailedException.class, () -> run.await(WAIT));
      assertEquals("declined", failed.code());
      assertTrue(failed.error().message().startsWith("card declined; the @OnFailure clean-up"
          + " failed too: the warehouse did not answer"), failed.error().message());
    }
  }

  @Test
  void aRunThatCompletesIsNotCleanedUp() {
    try (DurableEngine engine = engine()) {
      assertEquals("charged", ReservationWorkflowClient.of(engine).start("fine-3").await(WAIT));
      assertEquals(0, recorder.countStartingWith("release"));
    }
  }
}
