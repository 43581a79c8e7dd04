package dev.durable.tests.workflows;

import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;
import dev.durable.runtime.StepFailedException;
import dev.durable.runtime.WorkflowContext;
import dev.durable.tests.support.Script;
import java.time.Duration;

/** Catches a failed step and takes a fallback path, then sleeps, so that the catch is replayed. */
@Workflow(name = "catching")
public class CatchingWorkflow {
  private final Script script;

  public CatchingWorkflow(Script script) {
    this.script = script;
  }

  @Step(retries = 2, backoffMs = 0)
  protected String primary() {
    script.enter("primary");
    return "primary";
  }

  @Step
  protected String fallback(String reason) {
    script.enter("fallback");
    return "fallback after " + reason;
  }

  @Run
  public String run(WorkflowContext context) {
    String result;
    try {
      result = primary();
    } catch (StepFailedException e) {
      result = fallback(e.code() + "/" + e.attempts());
    }
    context.sleep(Duration.ofMinutes(5));
    return result;
  }
}
