package dev.durable.dashboard.flows;

import dev.durable.annotations.Run;
import dev.durable.annotations.Workflow;
import dev.durable.runtime.WorkflowContext;

/** Bills a customer through a child run of the invoice workflow, and waits for its receipt. */
@Workflow(name = "batch")
public class BatchWorkflow {
  @Run
  public String run(WorkflowContext ctx, String customer) {
    return InvoiceWorkflowClient.of(ctx).start(customer, 1900L).await();
  }
}
