package dev.durable.dashboard.flows;

import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;

/** Echoes its input in one step: a child run that ends at once. */
@Workflow(name = "echo")
public class EchoFlow {
  @Step
  protected String echo(String text) {
    return text;
  }

  @Run
  public String run(String text) {
    return echo(text);
  }
}
