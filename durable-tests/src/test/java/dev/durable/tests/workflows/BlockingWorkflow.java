package dev.durable.tests.workflows;

import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;
import dev.durable.runtime.StepContext;
import dev.durable.tests.support.Gate;
import dev.durable.tests.support.Script;

/** Its step blocks until the test opens a gate; it records whether it saw a cancellation. */
@Workflow(name = "blocking")
public class BlockingWorkflow {
  private final Script script;
  private final Gate gate;

  public BlockingWorkflow(Script script, Gate gate) {
    this.script = script;
    this.gate = gate;
  }

  @Step
  protected String block(StepContext context) throws InterruptedException {
    script.enter("block");
    context.onCancel(() -> script.recorder().record("cancelled"));
    gate.pass();
    return "unblocked";
  }

  @Step
  protected String after(String previous) {
    script.enter("after");
    return previous + " then after";
  }

  @Run
  public String run() throws InterruptedException {
    return after(block(null));
  }
}
