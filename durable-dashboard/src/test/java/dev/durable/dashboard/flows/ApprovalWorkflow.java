package dev.durable.dashboard.flows;

import dev.durable.annotations.Run;
import dev.durable.annotations.Signal;
import dev.durable.annotations.Workflow;

/** Waits, without limit, for signal {@code approve} naming who approved. */
@Workflow(name = "approval")
public class ApprovalWorkflow {
  @Signal(name = "approve")
  protected String approval() {
    return "never: the wait has no limit";
  }

  @Run
  public String run(String request) {
    return request + " approved by " + approval();
  }
}
