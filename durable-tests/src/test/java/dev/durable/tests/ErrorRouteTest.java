package dev.durable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.HistoryEvent;
import dev.durable.runtime.RunFailedException;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.RunState;
import dev.durable.tests.support.Await;
import dev.durable.tests.support.Recorder;
import dev.durable.tests.workflows.RoutedWorkflowClient;
import dev.durable.tests.workflows.RoutedWorkflowDurable;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * {@code @OnError}: a failure whose code has a route is answered by it, as part of the run (its
 * steps and timers durable like {@code @Run}'s, across a restart), and its result completes the
 * run; a failure whose code has none fails the run as before.
 */
class ErrorRouteTest extends OnEachStore {
  private final Recorder recorder = new Recorder();

  private DurableEngine engine() {
    DurableEngine engine = db.engine().clock(clock)
        .register(new RoutedWorkflowDurable(recorder)).build();
    engine.start();
    return engine;
  }

  @Test
  void aRoutedFailureCompletesTheRunWithTheRoutesResultAcrossARestart() {
    String id;
    try (DurableEngine first = engine()) {
      RunHandle<String> run = RoutedWorkflowClient.of(first).start("declined-1");
      id = run.id();
      Await.until("the route sleeps", () -> run.status().run().status() == RunState.SLEEPING);
    }
    try (DurableEngine second = engine()) {
      clock.advance(Duration.ofMinutes(2));
      RunHandle<String> run = RoutedWorkflowClient.of(second).get(id);

      assertEquals("customer notified (declined: card declined)", run.await(WAIT));
      assertEquals(RunState.COMPLETED, run.status().run().status());
      assertEquals(1, recorder.count("charge declined-1"), "the failed step did not run again");
      assertEquals(1, recorder.count("notify declined-1"));
      HistoryEvent completed = second.history(id).stream()
          .filter(event -> event.type().equals("run.completed")).findFirst().orElseThrow();
      assertTrue(completed.detail().contains("@OnError route for code 'declined'"),
          completed.detail());
    }
  }

  @Test
  void aFailureWithoutARouteFailsTheRun() {
    try (DurableEngine engine = engine()) {
      RunHandle<String> run = RoutedWorkflowClient.of(engine).start("broken-2");

      RunFailedException failed = assertThrows(RunFailedException.class, () -> run.await(WAIT));
      assertEquals("step_failed", failed.code());
      assertEquals(0, recorder.countStartingWith("notify"));
    }
  }
}
