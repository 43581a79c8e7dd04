package dev.durable.dashboard.flows;

import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;
import dev.durable.runtime.WorkflowContext;
import java.time.Duration;

/** Greets, then sleeps an hour: a run that stays SLEEPING while a test looks at it. */
@Workflow(name = "nap", version = "2")
public class NapWorkflow {
  @Step
  protected String greet(String name) {
    return "hello " + name;
  }

  @Run
  public String run(WorkflowContext ctx, String name) {
    String greeting = greet(name);
    ctx.sleep(Duration.ofHours(1));
    return greeting;
  }
}
