package dev.durable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.RunFailedException;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.RunState;
import dev.durable.runtime.RunStatus;
import dev.durable.tests.workflows.DrawingWorkflow;
import dev.durable.tests.workflows.DrawingWorkflowClient;
import dev.durable.tests.workflows.DrawingWorkflowDurable;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** {@code ctx.now()}, {@code ctx.randomUUID()} and {@code ctx.random()}: recorded and replayed. */
class DeterministicHelpersTest extends OnEachStore {
  private final AtomicBoolean reordered = new AtomicBoolean();

  private DurableEngine engine() {
    return db.engine().clock(clock).register(new DrawingWorkflowDurable(script, reordered)).build();
  }

  @Test
  void valuesDrawnBeforeARestartReplayIdenticalAfterIt() {
    Instant started = clock.instant();
    String runId;
    try (DurableEngine first = engine()) {
      RunHandle<String> run = DrawingWorkflowClient.of(first).start();
      runId = run.id();
      assertEquals(1, first.tick());
      RunStatus sleeping = run.status();
      assertEquals(RunState.SLEEPING, sleeping.run().status());
      assertEquals(List.of("remember"), sleeping.steps().stream().map(s -> s.name()).toList(),
          "recorded values are not steps");
    }
    clock.advance(DrawingWorkflow.PAUSE);
    try (DurableEngine second = engine()) {
      second.start();
      String result = DrawingWorkflowClient.of(second).get(runId).await(WAIT);
      String[] halves = result.split(" \\| ");
      assertEquals(2, halves.length, result);
      assertEquals(halves[0], halves[1],
          "the time, the UUID and the random sequence of the first turn replay after a restart");
      String[] drawn = halves[1].split(" ");
      assertEquals(started, Instant.parse(drawn[0]),
          "ctx.now() is the engine clock's time when the run first reached it");
      UUID.fromString(drawn[1]);
    }
    assertEquals(1, script.executions("remember"));
  }

  @Test
  void twoRunsDrawDifferentValues() {
    try (DurableEngine engine = engine()) {
      RunHandle<String> one = DrawingWorkflowClient.of(engine).start();
      RunHandle<String> two = DrawingWorkflowClient.of(engine).start();
      engine.tick();
      clock.advance(DrawingWorkflow.PAUSE);
      engine.tick();
      String[] first = one.await(WAIT).split(" \\| ")[1].split(" ");
      String[] second = two.await(WAIT).split(" \\| ")[1].split(" ");
      assertEquals(first[0], second[0], "the same clock reading");
      assertTrue(!first[1].equals(second[1]) && !first[2].equals(second[2]),
          "each run draws its own UUID and seed");
    }
  }

  @Test
  void aHelperCalledInAnotherOrderOnReplayFailsTheRunAsNonDeterministic() {
    try (DurableEngine engine = engine()) {
      RunHandle<String> run = DrawingWorkflowClient.of(engine).start();
      engine.tick();
      assertEquals(RunState.SLEEPING, run.status().run().status());
      reordered.set(true);
      clock.advance(DrawingWorkflow.PAUSE);
      engine.tick();
      RunFailedException failure = assertThrows(RunFailedException.class, () -> run.await(WAIT));
      assertEquals("non_determinism", failure.code());
      assertTrue(failure.getMessage().contains(
          "called ctx.randomUUID() at position 0, where it had recorded ctx.now()"),
          failure.getMessage());

      reordered.set(false);
      engine.requeue(run.id());
      engine.tick();
      String[] halves = run.await(WAIT).split(" \\| ");
      assertEquals(halves[0], halves[1], "restoring the old code and requeueing recovers it");
    }
  }
}
