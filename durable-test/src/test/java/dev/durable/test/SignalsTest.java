package dev.durable.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.durable.runtime.InvalidInputException;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.RunState;
import dev.durable.test.workflows.ApprovalWorkflow;
import dev.durable.test.workflows.ApprovalWorkflowClient;
import dev.durable.test.workflows.ApprovalWorkflowDurable;
import java.time.Duration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Signals sent through the env, and signal waits that time out as the clock moves. */
@DurableTest
class SignalsTest {
  private static final Duration WAIT = Duration.ofSeconds(1);

  private RunHandle<String> run;

  @BeforeEach
  void startARun(DurableTestEnv env) {
    env.register(new ApprovalWorkflowDurable());
    run = ApprovalWorkflowClient.of(env.engine()).start("laptop");
    env.runUntilIdle();
  }

  @Test
  void aSignalSentWhileTheRunWaitsIsTakenAtTheNextRunUntilIdle(DurableTestEnv env) {
    assertEquals(RunState.SLEEPING, run.status().run().status());

    env.signal(run.id(), "decision", "approved by bob");
    env.runUntilIdle();

    assertEquals("laptop: approved by bob", run.await(WAIT));
    env.history(run.id()).containsInOrder(
        "signal.waiting decision", "signal.sent decision", "signal.received decision");
  }

  @Test
  void withoutASignalTheWaitEndsWhenTheClockPassesIt(DurableTestEnv env) {
    env.advance(ApprovalWorkflow.WAIT);

    assertEquals("laptop: no answer", run.await(WAIT));
    env.history(run.id()).containsInOrder("signal.timed_out decision");
  }

  @Test
  void aValueThatDoesNotFitTheSignalIsRefusedAtOnce(DurableTestEnv env) {
    assertThrows(InvalidInputException.class, () -> env.signal(run.id(), "decision", java.util.Map.of("approved", true)));
  }
}
