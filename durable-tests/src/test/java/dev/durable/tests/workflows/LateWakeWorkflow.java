package dev.durable.tests.workflows;

import dev.durable.annotations.Run;
import dev.durable.annotations.Signal;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;
import dev.durable.runtime.WorkflowContext;
import dev.durable.tests.support.Gate;

/**
 * Waits for what may come while its turn is still executing. Input {@code signal}: a step that
 * passes gate {@code step}, then a wait without limit for signal {@code go}, whose value it
 * returns. Input {@code child}: starts a {@link LateWakeLeaf} child run with input {@code leaf}
 * and returns what the child returns.
 */
@Workflow(name = "late-wake")
public class LateWakeWorkflow {
  private final Gate gate;

  public LateWakeWorkflow(Gate gate) {
    this.gate = gate;
  }

  @Signal(name = "go")
  protected String go() {
    return "never: the wait has no limit";
  }

  @Step
  protected String pass(String key) throws InterruptedException {
    gate.pass(key);
    return "passed " + key;
  }

  @Run
  public String run(WorkflowContext ctx, String input) throws InterruptedException {
    if (input.equals("signal")) {
      pass("step");
      return go();
    }
    if (input.equals("child")) {
      return LateWakeLeafClient.of(ctx).start("leaf").await();
    }
    throw new IllegalArgumentException("no such input: " + input);
  }
}
