package dev.durable.dashboard.flows;

import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;

/**
 * Version 1 of workflow {@code nap}, which greeted and did not sleep: registered only to store its
 * shape beside version 2's, for the comparison of two versions. Not discovered (its constructor
 * takes an argument), so that other tests do not register it.
 */
@Workflow(name = "nap", version = "1")
public class NapFirstVersion {
  private final String greeting;

  public NapFirstVersion(String greeting) {
    this.greeting = greeting;
  }

  @Step
  protected String greet(String name) {
    return greeting + " " + name;
  }

  @Run
  public String run(String name) {
    return greet(name);
  }
}
