package dev.durable.samples.expense;

import dev.durable.annotations.Run;
import dev.durable.annotations.Signal;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;
import dev.durable.runtime.WorkflowContext;
import java.time.Duration;

/**
 * An expense claim's approval: mails the manager a link that sends the {@code decision} signal (a
 * signal token, valid for three days), waits up to three days for that decision, then pays an
 * approved claim out through a {@link PayoutWorkflow} child run. A claim still open after a week
 * fails with {@code run_timeout}.
 */
@Workflow(name = "expense")
public class ExpenseWorkflow {
  /** Where the approval links are served: {@code SignalCallbacks}, behind the company's proxy. */
  static final String LINKS = "https://expenses.example.com/durable/signals/";

  private final Inbox inbox;

  public ExpenseWorkflow(Inbox inbox) {
    this.inbox = inbox;
  }

  /** Mails the manager the link that approves or rejects the claim. */
  @Step
  protected String askManager(Expense expense, String link) {
    inbox.send(link);
    return "mailed " + expense.id();
  }

  /** The {@code decision} signal: its body runs only when no decision came within {@code wait}. */
  @Signal
  protected Decision decision(Duration wait) {
    return Decision.noAnswer();
  }

  @Run(timeoutMs = 7 * 24 * 3600_000L)
  public String run(WorkflowContext ctx, Expense expense) {
    askManager(expense, LINKS + ctx.signalToken("decision", Duration.ofDays(3)));
    Decision decision = decision(Duration.ofDays(3)); // the run sleeps in the database meanwhile
    if (!decision.approved()) {
      return "rejected by " + decision.by() + ": " + decision.note();
    }
    Receipt receipt = PayoutWorkflowClient.of(ctx).start(expense).await(); // a child run
    return "approved by " + decision.by() + ", paid out as " + receipt.transferId();
  }
}
