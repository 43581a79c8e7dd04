package dev.durable.tests.workflows;

import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;
import dev.durable.runtime.WorkflowContext;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Stands for a workflow whose code changes while runs are in flight: which step it calls first
 * depends on a switch the test flips between turns.
 */
@Workflow(name = "changing")
public class ChangingWorkflow {
  private final AtomicBoolean newCode;

  public ChangingWorkflow(AtomicBoolean newCode) {
    this.newCode = newCode;
  }

  @Step
  protected String oldStep() {
    return "old";
  }

  @Step
  protected String newStep() {
    return "new";
  }

  @Run
  public String run(WorkflowContext context) {
    String first = newCode.get() ? newStep() : oldStep();
    context.sleep(Duration.ofMinutes(1));
    return first;
  }
}
