package dev.durable.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.runtime.RunHandle;
import dev.durable.test.workflows.PaymentWorkflowClient;
import dev.durable.test.workflows.PaymentWorkflowDurable;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

/** Assertions on a run's history, and what they print when they fail. */
@DurableTest
class RunHistoryTest {
  private RunHistory history;
  private String runId;

  @BeforeEach
  void runAPayment(DurableTestEnv env) {
    env.register(new PaymentWorkflowDurable());
    env.failNextAttempt("charge", new IllegalStateException("gateway timeout"));
    RunHandle<String> run = PaymentWorkflowClient.of(env.engine()).start("pay-1", "A1");
    env.runUntilIdle();
    runId = run.id();
    history = env.history(runId);
  }

  @Test
  void eventsAreMatchedByTypeOrByTypeAndStepInOrder() {
    history.containsInOrder("run.created", "step.completed reserve", "step.retrying charge",
        "step.completed charge", "run.completed");
    assertEquals(2, history.count("step.completed"));
    assertEquals(1, history.count("step.completed charge"));
    assertEquals(1, history.first("step.retrying").attempt());
    assertEquals(history.events().size(), history.types().size());
  }

  @Test
  void anEventOutOfOrderFailsNamingItAndListingTheHistory() {
    AssertionFailedError failure = assertThrows(AssertionFailedError.class,
        () -> history.containsInOrder("step.completed charge", "step.completed reserve"));

    String message = failure.getMessage();
    assertTrue(message.startsWith("the history of run pay-1 has no event 'step.completed reserve'"
        + " after 'step.completed charge'; it was:\n  run.created"), message);
    assertTrue(message.contains("\n  step.retrying charge #1: gateway timeout"), message);
  }

  @Test
  void anUnexpectedEventFailsDoesNotContain() {
    history.doesNotContain("step.failed");

    AssertionFailedError failure = assertThrows(AssertionFailedError.class,
        () -> history.doesNotContain("step.retrying charge"));
    assertTrue(failure.getMessage().startsWith(
        "the history of run pay-1 has an event 'step.retrying charge', expected none"),
        failure.getMessage());
  }

  @Test
  void theHistoryOfAnUnknownRunSaysSo(DurableTestEnv env) {
    AssertionFailedError failure = assertThrows(AssertionFailedError.class,
        () -> new RunHistory("nope", java.util.List.of()).first("run.created"));
    assertTrue(failure.getMessage().contains("(no events: is the run id right?)"),
        failure.getMessage());
  }

  @Test
  void anExpectationOfMoreThanTypeAndStepIsRefused() {
    IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
        () -> history.count("step completed charge"));
    assertEquals("an expected event is a type, or a type and a step (\"step.completed\","
        + " \"step.completed charge\"), but was 'step completed charge'", refused.getMessage());
  }
}
