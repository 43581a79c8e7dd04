package dev.durable.tests.workflows;

import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;
import dev.durable.runtime.WorkflowContext;
import dev.durable.tests.support.Recorder;
import java.time.Duration;

/** Version 1 of workflow "greeter": sleeps a minute, then greets with "hello". */
@Workflow(name = "greeter", version = "1")
public class GreeterV1 {
  private final Recorder recorder;

  public GreeterV1(Recorder recorder) {
    this.recorder = recorder;
  }

  @Step
  protected String greet(String name) {
    recorder.record("v1 greets " + name);
    return "hello " + name;
  }

  @Run
  public String run(WorkflowContext ctx, String name) {
    ctx.sleep(Duration.ofMinutes(1));
    return greet(name);
  }
}
