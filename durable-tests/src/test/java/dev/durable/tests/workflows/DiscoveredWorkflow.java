package dev.durable.tests.workflows;

import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;

/** Has a no-argument constructor, so engines find it without registration. */
@Workflow(name = "discovered", version = "2")
public class DiscoveredWorkflow {

  @Step
  protected String greet(String name) {
    return "hello " + name;
  }

  @Run
  public String run(String name) {
    return greet(name);
  }
}
