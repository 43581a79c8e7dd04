package dev.durable.spring.boot.app;

import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;

/** A workflow whose dependency, a bean, comes in through its constructor. */
@Workflow(name = "greeting")
public class GreetingWorkflow {
  private final Greeter greeter;

  public GreetingWorkflow(Greeter greeter) {
    this.greeter = greeter;
  }

  @Step
  protected String greet(String name) {
    return greeter.greet(name);
  }

  @Run
  public String run(String name) {
    return greet(name);
  }
}
