package dev.durable.tests.workflows;

import dev.durable.annotations.Run;
import dev.durable.annotations.Signal;
import dev.durable.annotations.Workflow;

/**
 * Version 2 of workflow "approval", beside version 1: the same signal {@code note}, while its
 * signal {@code level} carries a number instead of a text. Input {@code level} waits for {@code
 * level}, any other for {@code note}.
 */
@Workflow(name = "approval", version = "2")
public class ApprovalV2 {
  @Signal
  protected String note() {
    return "never: the wait has no limit";
  }

  @Signal
  protected Integer level() {
    return -1;
  }

  @Run
  public String run(String what) {
    return what.equals("level") ? "v2 level " + level() : "v2 " + what + ": " + note();
  }
}
