package dev.durable.spring.boot.app;

import dev.durable.annotations.Run;
import dev.durable.annotations.Workflow;

/** A workflow whose step runs on a worker: it is given the generated dispatch. */
@Workflow(name = "shout")
public class ShoutWorkflow {
  private final ShoutStepsDispatch steps;

  public ShoutWorkflow(ShoutStepsDispatch steps) {
    this.steps = steps;
  }

  @Run
  public String run(String text) {
    return steps.shout(text);
  }
}
