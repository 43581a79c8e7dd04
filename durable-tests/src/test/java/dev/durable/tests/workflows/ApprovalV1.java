package dev.durable.tests.workflows;

import dev.durable.annotations.Run;
import dev.durable.annotations.Signal;
import dev.durable.annotations.Workflow;

/**
 * Version 1 of workflow "approval": waits for signal {@code note}, a text, and answers with it.
 * Its signal {@code level} carries a text.
 */
@Workflow(name = "approval", version = "1")
public class ApprovalV1 {
  @Signal
  protected String note() {
    return "never: the wait has no limit";
  }

  @Signal
  protected String level() {
    return "never: the wait has no limit";
  }

  @Run
  public String run(String what) {
    return "v1 " + what + ": " + note();
  }
}
