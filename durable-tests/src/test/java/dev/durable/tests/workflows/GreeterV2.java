package dev.durable.tests.workflows;

import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;
import dev.durable.runtime.WorkflowContext;
import dev.durable.tests.support.Recorder;

/** Version 2 of workflow "greeter", registered beside version 1: greets at once with "hi". */
@Workflow(name = "greeter", version = "2")
public class GreeterV2 {
  private final Recorder recorder;

  public GreeterV2(Recorder recorder) {
    this.recorder = recorder;
  }

  @Step
  protected String welcome(String name) {
    recorder.record("v2 welcomes " + name);
    return "hi " + name;
  }

  @Run
  public String run(WorkflowContext ctx, String name) {
    return welcome(name);
  }
}
