package dev.durable.samples.expense;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.runtime.RunHandle;
import dev.durable.runtime.RunState;
import dev.durable.runtime.SignalTokenUsedException;
import dev.durable.test.DurableTest;
import dev.durable.test.DurableTestEnv;
import java.time.Duration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The expense workflow's signal wait and its child run, with the test kit: decisions sent through
 * the generated client and through the env, and a wait of three days passed by moving the clock.
 */
@DurableTest
class ExpenseWorkflowTest {
  private static final Duration WAIT = Duration.ofSeconds(5);
  private static final Expense TAXI = new Expense("taxi-1", "ann", "taxi", 4_200, "DE89");

  private final Bank bank = new Bank();
  private final Inbox inbox = new Inbox();
  private ExpenseWorkflowClient expenses;
  private RunHandle<String> run;

  @BeforeEach
  void startAClaim(DurableTestEnv env) {
    env.register(new ExpenseWorkflowDurable(inbox)).register(new PayoutWorkflowDurable(bank));
    expenses = ExpenseWorkflowClient.of(env.engine());
    run = expenses.start(TAXI.id(), TAXI);
    env.runUntilIdle();
  }

  @Test
  void anApprovedClaimIsPaidOutByAChildRun(DurableTestEnv env) {
    assertEquals(RunState.SLEEPING, run.status().run().status(), "waits for a decision");

    expenses.decision(run.id(), new Decision(true, "bob", "fine"));
    env.runUntilIdle();

    assertEquals("approved by bob, paid out as tr_1_DE89", run.await(WAIT));
    assertEquals(RunState.COMPLETED, run.status().children().get(0).status());
    assertEquals(1, bank.transfers());
  }

  @Test
  void theManagerApprovesFromTheMailedLinkOnce(DurableTestEnv env) {
    String link = inbox.links().get(0);
    assertTrue(link.startsWith(ExpenseWorkflow.LINKS), link);
    String token = link.substring(ExpenseWorkflow.LINKS.length());

    env.engine().signalWithToken(token, "{\"approved\":true,\"by\":\"bob\",\"note\":\"ok\"}");
    env.runUntilIdle();

    assertEquals("approved by bob, paid out as tr_1_DE89", run.await(WAIT));
    assertThrows(SignalTokenUsedException.class,
        () -> env.engine().signalWithToken(token, "{\"approved\":false,\"by\":\"eve\"}"));
  }

  @Test
  void aRejectedClaimIsNotPaid(DurableTestEnv env) {
    env.signal(run.id(), "decision", new Decision(false, "bob", "over the limit"));
    env.runUntilIdle();

    assertEquals("rejected by bob: over the limit", run.await(WAIT));
    assertEquals(0, bank.transfers());
  }

  @Test
  void aClaimNobodyDecidesOnWithinThreeDaysIsRejected(DurableTestEnv env) {
    env.advance(Duration.ofDays(3).minusMinutes(1));
    assertEquals(RunState.SLEEPING, run.status().run().status());

    env.advance(Duration.ofMinutes(1));

    assertEquals("rejected by nobody: no decision within three days", run.await(WAIT));
    env.history(run.id()).containsInOrder("signal.waiting decision", "signal.timed_out decision");
  }
}
