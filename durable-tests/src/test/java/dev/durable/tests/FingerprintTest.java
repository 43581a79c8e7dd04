package dev.durable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.RunFailedException;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.RunState;
import dev.durable.runtime.spi.Payload;
import dev.durable.runtime.spi.WorkflowType;
import dev.durable.tests.support.Await;
import dev.durable.tests.support.Recorder;
import dev.durable.tests.workflows.GraphWorkflowClient;
import dev.durable.tests.workflows.GraphWorkflowDurable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * Each run stores the fingerprint of the step graph it started with; an engine whose class, at the
 * same name and version, does not hold that graph refuses the run before replaying it, with an
 * error on the run and its checkpoints kept, so a deploy that changed a step without a new version
 * (and without the lock file) fails safe; a class that only adds steps takes the runs up.
 *
 * <p>Two classes with one name and version cannot be compiled together, so the edited class is
 * {@link GraphWorkflowDurable} with the {@code WORKFLOW} constant a build of the edited source
 * would generate: the same identity and types, another graph.
 */
class FingerprintTest extends OnEachStore {
  private final Recorder recorder = new Recorder();

  /** {@link GraphWorkflowDurable} as if its source had been edited so that its graph is another. */
  private GraphWorkflowDurable edited(UnaryOperator<List<String>> edit) {
    WorkflowType<String> original = GraphWorkflowDurable.WORKFLOW;
    WorkflowType.Builder<String> builder =
        WorkflowType.<String>builder(original.name(), original.version());
    for (Payload param : original.params()) {
      builder.param(param.name(), param.type());
    }
    WorkflowType<String> type = builder.result(original.result().type())
        .graph(edit.apply(new ArrayList<>(original.graph())).toArray(String[]::new))
        .build();
    return new GraphWorkflowDurable(recorder) {
      @Override
      public WorkflowType<String> workflowType() {
        return type;
      }
    };
  }

  /** Starts a run on the original class and leaves it asleep after its first step. */
  private String startAndSleep() {
    try (DurableEngine original = db.engine().clock(clock)
        .register(new GraphWorkflowDurable(recorder)).build()) {
      original.start();
      RunHandle<String> run = GraphWorkflowClient.of(original).start("ada");
      Await.until("the run sleeps after step first",
          () -> run.status().run().status() == RunState.SLEEPING);
      return run.id();
    }
  }

  @Test
  void aClassWithAChangedStepRefusesTheRunAndTheRightClassCarriesItOnAfterARequeue() {
    String id = startAndSleep();

    try (DurableEngine changed = db.engine().clock(clock)
        .register(edited(graph -> graph.stream()
            .map(line -> line.startsWith("step second ")
                ? "step second (java.lang.CharSequence) -> java.lang.String"
                : line)
            .toList()))
        .build()) {
      changed.start();
      clock.advance(Duration.ofMinutes(2));

      RunFailedException refused = assertThrows(RunFailedException.class,
          () -> GraphWorkflowClient.of(changed).get(id).await(WAIT));

      assertEquals("fingerprint_mismatch", refused.code());
      assertTrue(refused.getMessage().contains("run " + id + " started on a different step graph"
          + " of workflow 'graph' version '1' (fingerprint '"
          + GraphWorkflowDurable.WORKFLOW.fingerprint().orElseThrow() + "')"),
          refused.getMessage());
      assertTrue(refused.getMessage().contains("deploy the class it started with and requeue the"
          + " run, or cancel it"), refused.getMessage());
      assertEquals(List.of("GraphWorkflow first ada"), recorder.entries(),
          "the refused run was not replayed");
    }

    try (DurableEngine restored = db.engine().clock(clock)
        .register(new GraphWorkflowDurable(recorder)).build()) {
      restored.start();
      restored.requeue(id);

      assertEquals("shipped ada", GraphWorkflowClient.of(restored).get(id).await(WAIT));
      assertEquals(List.of("GraphWorkflow first ada", "GraphWorkflow second ada"),
          recorder.entries(), "step first ran once, before the refusal");
    }
  }

  @Test
  void aClassWithARemovedStepRefusesTheRun() {
    String id = startAndSleep();

    try (DurableEngine changed = db.engine().clock(clock)
        .register(edited(graph -> graph.stream()
            .filter(line -> !line.startsWith("step first "))
            .toList()))
        .build()) {
      changed.start();
      clock.advance(Duration.ofMinutes(2));

      RunFailedException refused = assertThrows(RunFailedException.class,
          () -> GraphWorkflowClient.of(changed).get(id).await(WAIT));
      assertEquals("fingerprint_mismatch", refused.code());
      assertEquals(List.of("GraphWorkflow first ada"), recorder.entries());
    }
  }

  @Test
  void aClassThatOnlyAddsAStepTakesTheRunUp() {
    String id = startAndSleep();

    try (DurableEngine extended = db.engine().clock(clock)
        .register(edited(graph -> {
          graph.add("step audit (java.lang.String) -> java.lang.String");
          return graph;
        }))
        .build()) {
      extended.start();
      clock.advance(Duration.ofMinutes(2));

      assertEquals("shipped ada", GraphWorkflowClient.of(extended).get(id).await(WAIT));
      assertEquals(List.of("GraphWorkflow first ada", "GraphWorkflow second ada"),
          recorder.entries());
    }
  }
}
