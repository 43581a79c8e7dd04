package dev.durable.tests.workflows;

import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;
import dev.durable.tests.support.Gate;

/** The child of a {@link LateWakeWorkflow}: a step that passes the gate named by its input. */
@Workflow(name = "late-wake-leaf")
public class LateWakeLeaf {
  private final Gate gate;

  public LateWakeLeaf(Gate gate) {
    this.gate = gate;
  }

  @Step
  protected String pass(String key) throws InterruptedException {
    gate.pass(key);
    return "passed " + key;
  }

  @Run
  public String run(String key) throws InterruptedException {
    return pass(key);
  }
}
