package dev.durable.samples.expense;

import dev.durable.annotations.Run;
import dev.durable.annotations.Signal;
import dev.durable.annotations.Workflow;
import dev.durable.runtime.WorkflowContext;
import java.time.Duration;

/**
 * An expense claim's approval: waits up to three days for a manager's {@code decision} signal,
 * then pays an approved claim out through a {@link PayoutWorkflow} child run. A claim still open
 * after a week fails with {@code run_timeout}.
 */
@Workflow(name = "expense")
public class ExpenseWorkflow {

  /** The {@code decision} signal: its body runs only when no decision came within {@code wait}. */
  @Signal
  protected Decision decision(Duration wait) {
    return Decision.noAnswer();
  }

  @Run(timeoutMs = 7 * 24 * 3600_000L)
  public String run(WorkflowContext ctx, Expense expense) {
    Decision decision = decision(Duration.ofDays(3)); // the run sleeps in the database meanwhile
    if (!decision.approved()) {
      return "rejected by " + decision.by() + ": " + decision.note();
    }
    Receipt receipt = PayoutWorkflowClient.of(ctx).start(expense).await(); // a child run
    return "approved by " + decision.by() + ", paid out as " + receipt.transferId();
  }
}
